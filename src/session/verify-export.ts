import { isDeepStrictEqual } from 'node:util';
import { UserError } from '../contracts/errors.js';
import { issuesText } from '../contracts/text.js';
import type { GameDef } from '../games/game-def.js';
import type { GameRegistry } from '../games/registry.js';
import type { ActionRecord } from '../store/game-document.js';
import type { ExportedGame, GameExport } from './export-format.js';
import { replay, toJson } from './replay.js';
import { hashSeed } from './secrets.js';

export interface Verification {
  ok: boolean;
  actions: number;
  diceChecked: number;
  problems: string[];
}

/** A verified game: its orders as the game's schema reads them and the position they replay to. */
export interface VerifiedGame extends Verification {
  checkedActions?: ActionRecord[];
  state?: unknown;
  /** The version the log reaches (the game's, once verified). */
  version?: number;
}

/** The user id the session logs the bot's orders under (BOT_USER_ID). */
const BOT = 'bot';

/**
 * The highest version a checked game may have: far beyond any game played (a version is one
 * order or one undo), far below what the buttons carry (9 digits).
 */
export const MAX_GAME_VERSION = 1_000_000;

/**
 * Check a finished game's export the way any player can: the revealed seed (and each
 * reseed's secret) matches the commitment published when it was drawn; the log is
 * consistent (versions increase, the game's version is the one its log reaches, the orders
 * are the game's); and replaying every logged order from that seed, on the charts the game
 * was played with, rolls exactly the dice in the log and reaches exactly the exported
 * position. `npm run verify` and `/game import` both run this.
 */
export function verifyExport(file: GameExport, games: GameRegistry): Verification {
  let def: GameDef;
  try {
    def = games.forGame(file.game);
  } catch (err) {
    if (err instanceof UserError) return { ok: false, actions: 0, diceChecked: 0, problems: [err.message] };
    throw err;
  }
  const { ok, actions, diceChecked, problems } = verifyGame(file.game, def);
  return { ok, actions, diceChecked, problems };
}

/** The check of `verifyExport` on an exported game whose definition (charts) is known. */
export function verifyGame(game: ExportedGame, def: GameDef): VerifiedGame {
  const failed = (problem: string): VerifiedGame => ({ ok: false, actions: 0, diceChecked: 0, problems: [problem] });
  if (game.seed === undefined || game.state === undefined) {
    return failed('the export has no seed: the game was still running when it was exported');
  }
  const log = logCheck(game);
  const problems = [...commitmentProblems(game), ...log.problems];
  const options = def.newOptionsSchema.safeParse(game.options);
  if (!options.success) problems.push(`the game's options are not ${def.name}'s: ${issuesText(options.error, 'options', 3)}`);
  const checkedActions: ActionRecord[] = [];
  for (const [i, record] of game.actions.entries()) {
    const parsed = def.actionSchema.safeParse(record.action);
    if (!parsed.success) problems.push(`order #${i + 1} (version ${record.version}) is not a valid ${def.name} order`);
    else checkedActions.push({ ...record, action: toJson(parsed.data) });
    if (record.userId === BOT && !def.autoPlay) problems.push(`order #${i + 1} is logged as the bot's, but ${def.name} has no bot`);
  }
  // A log that does not hold together is not replayed: its numbers would only mislead.
  if (problems.length) return { ok: false, actions: game.actions.length, diceChecked: 0, problems };
  let diceChecked = 0;
  let state: unknown;
  try {
    state = replay(def, game.options, game.seed, checkedActions, {
      reseeds: game.reseeds,
      step: (record, events) => {
        const rolled = toJson(events.flatMap((e) => e.dice ?? [])) as unknown[];
        const logged = game.events.filter((l) => l.version === record.version).flatMap((l) => l.dice ?? []);
        if (!isDeepStrictEqual(rolled, logged)) {
          problems.push(
            `version ${record.version}: the log shows dice ${JSON.stringify(logged)}, the replay rolls ${JSON.stringify(rolled)}`,
          );
        }
        diceChecked += rolled.length;
      },
    });
  } catch (err) {
    problems.push(`the replay stops: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (problems.length === 0 && !isDeepStrictEqual(state, game.state)) problems.push('the replayed position differs from the exported one');
  const ok = problems.length === 0;
  return { ok, actions: game.actions.length, diceChecked, problems, ...(ok ? { checkedActions, state, version: log.reached } : {}) };
}

/** The seed and every reseed's secret against the commitments published when they were drawn. */
function commitmentProblems(game: ExportedGame): string[] {
  const problems: string[] = [];
  if (hashSeed(game.seed!, game.seedNonce) !== game.seedHash) {
    problems.push(
      game.seedNonce === undefined
        ? `the seed ${game.seed} does not match the published fingerprint ${game.seedHash}`
        : `the seed ${game.seed} with nonce ${game.seedNonce} does not match the published fingerprint ${game.seedHash}`,
    );
  }
  let previous = 0;
  for (const r of game.reseeds ?? []) {
    if (r.seed === undefined || r.seedNonce === undefined) problems.push(`the dice secret from version ${r.atVersion} on is not revealed`);
    else if (hashSeed(r.seed, r.seedNonce) !== r.seedHash)
      problems.push(
        `the dice secret from version ${r.atVersion} on, with its nonce, does not match the fingerprint ${r.seedHash} published then`,
      );
    if (r.atVersion < previous || r.atVersion > game.version)
      problems.push(`new dice at version ${r.atVersion} are out of order (the game is at version ${game.version})`);
    previous = r.atVersion;
  }
  return problems;
}

/**
 * The log holds together: the orders' versions increase, a version skipped was taken back
 * (an undo line follows it), the log lines come in order, and the game's version is the
 * last one its log reaches, within MAX_GAME_VERSION. So a file cannot give a game any
 * version it likes.
 */
function logCheck(game: ExportedGame): { problems: string[]; reached: number } {
  const problems: string[] = [];
  let previous = 0;
  const undoIn = (from: number, to: number) => game.events.some((e) => e.kind === 'undo' && e.version > from && e.version <= to);
  for (const [i, record] of game.actions.entries()) {
    if (record.version <= previous) {
      problems.push(`order #${i + 1} has version ${record.version} after version ${previous}: versions must increase`);
      return { problems, reached: game.version };
    }
    if (record.version > previous + 1 && !undoIn(previous, record.version))
      problems.push(`versions ${previous + 1} to ${record.version - 1} are skipped, with no undo in the log`);
    previous = record.version;
  }
  let lineVersion = 0;
  for (const line of game.events) {
    if (line.version < lineVersion) {
      problems.push(`the log goes back from version ${lineVersion} to ${line.version}`);
      break;
    }
    lineVersion = line.version;
  }
  const reached = Math.max(previous, lineVersion);
  if (reached > previous && !undoIn(previous, reached))
    problems.push(`the log goes on to version ${reached} after the last order (version ${previous}), with no undo in between`);
  if (game.version !== reached) problems.push(`the game says it is at version ${game.version}, but its log reaches version ${reached}`);
  if (reached > MAX_GAME_VERSION) problems.push(`version ${reached} is beyond any game's (at most ${MAX_GAME_VERSION})`);
  return { problems, reached };
}
