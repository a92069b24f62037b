import { z } from 'zod';
import { UserError } from '../contracts/errors.js';
import type { GameDef, GameRegistry } from '../games/registry.js';
import type { DiceSeed } from '../kernel/dice.js';
import type { GameDocument, Reseed } from '../store/game-document.js';
import type { CheckedImport } from './game-jobs.js';
import type { DocumentStart } from './game-records.js';
import type { GameWork } from './game-work.js';
import type { Actor } from './permissions.js';
import { reseedState } from './replay.js';
import { newCommittedSecret } from './secrets.js';

/**
 * An exported game made ready to load into a channel, after the same check as `npm run
 * verify` (the seed against its commitment, a consistent log, every die and the final
 * position replayed), so an edited file is refused and nothing changes. The version comes
 * from the log, the settings are read through a whitelist, and since the file reveals the
 * seed, a game that goes on gets new dice from a fresh secret, committed like a new game's.
 */
export interface ImportReady {
  def: GameDef;
  /** The new document's start, but for its time of creation. */
  start: Omit<DocumentStart, 'at'>;
  /** What the player is told of the dice from here on, and of settings left out. */
  notice: string;
}

export async function readyImport(games: GameRegistry, work: GameWork, actor: Actor, text: string): Promise<ImportReady> {
  // Parsing and replaying a file of up to 10 MiB is slow: off this thread (game-work.ts).
  const { exported, checked } = await work.checkImport(games, text);
  const source = exported.game;
  const def = games.forGame(source);
  const { seed, version, state: replayed, actions } = verified(source.seed, checked);
  const over = def.engine.result(replayed) !== undefined;
  if (!over && !def.reseed)
    throw new UserError(
      `${def.name} cannot give an imported game new dice, and the file reveals its seed: only a finished ${def.name} game can be imported.`,
    );
  // The file revealed the seed: the dice from here on come from a fresh secret (replay puts it in after `version`).
  const fresh: Reseed | undefined = over ? undefined : { atVersion: version, ...newCommittedSecret() };
  const state = fresh ? reseedState(def, replayed, fresh.seed) : replayed;
  const reseeds: Reseed[] = [
    ...(source.reseeds ?? []).map((r) => ({ ...r, seed: r.seed!, seedNonce: r.seedNonce! })),
    ...(fresh ? [fresh] : []),
  ];
  const { settings, dropped } = importedSettings(source.settings);
  const notice = noticeOf(fresh, dropped);
  const line = `${actor.name} imported game ${source.id} (version ${version}). ${notice}`;
  const start: Omit<DocumentStart, 'at'> = {
    mode: source.mode,
    settings: { ...settings, importedFrom: source.id, seedRevealed: true },
    seed,
    ...(source.seedNonce ? { seedNonce: source.seedNonce } : {}),
    reseeds,
    options: source.options,
    version,
    actions,
    events: [...source.events, { version, kind: 'imported', text: line }],
    state,
  };
  return { def, start, notice };
}

/** The export's seed and what its replay gave, once it passed the check of `npm run verify`; a refusal otherwise. */
function verified(seed: DiceSeed | undefined, checked: CheckedImport['checked']) {
  if (seed === undefined) {
    throw new UserError(
      `That export is of a game in progress, so its seed is secret and it cannot be replayed. Export it again after the game is over (or ended).`,
    );
  }
  if (!checked?.ok || !checked.checkedActions || checked.version === undefined) {
    const problems = checked?.problems ?? ['the export has no seed'];
    const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : '';
    throw new UserError(`That export does not pass the check of npm run verify: ${problems.slice(0, 3).join('; ')}${more}.`);
  }
  return { seed, version: checked.version, state: checked.state, actions: checked.checkedActions };
}

/** What the player is told of the dice from here on, and of the settings left out. */
function noticeOf(fresh: Reseed | undefined, dropped: string[]): string {
  return [
    fresh
      ? `Its seed is public now, so its dice from here on come from a new secret seed: fingerprint (sha256) \`${fresh.seedHash}\`, revealed when the game ends.`
      : 'It is over, so it rolls no more dice.',
    dropped.length ? `Settings left out: ${dropped.join(', ')}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The session settings an imported file may carry, each checked: anything else is left out,
 * and `importedFrom`, `seedRevealed` (and `seedChosen`, since the dice are drawn afresh) are
 * the importer's to set. Vote settings are checked for their type here and for their range
 * where the votes read them (src/votes/vote-settings.ts), like settings given by /vote.
 */
const importedSettingsSchema = z
  .object({
    thread: z.boolean(),
    sharedSeats: z.boolean(),
    'vote.window': z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 3600),
    'vote.quickWindow': z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 3600),
    'vote.quorum': z.number().int().min(1).max(1000),
    'vote.tiebreak': z.enum(['earliest', 'random', 'creator']),
    'vote.quickDefault': z.enum(['retreat', 'another-round']),
    'vote.role': z.string().regex(/^\d{5,20}$/),
    'vote.paused': z.boolean(),
    'vote.perMember': z.number().int().min(1).max(100),
  })
  .partial();
const SET_BY_IMPORT = new Set(['importedFrom', 'seedRevealed', 'seedChosen']);

function importedSettings(raw: Record<string, unknown>): { settings: GameDocument['settings']; dropped: string[] } {
  const shape = importedSettingsSchema.shape as Record<string, z.ZodType>;
  const settings: GameDocument['settings'] = {};
  const dropped: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (SET_BY_IMPORT.has(key)) continue;
    const schema = Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (schema?.safeParse(value).success) settings[key] = value as GameDocument['settings'][string];
    else dropped.push(key.length > 40 ? `${key.slice(0, 40)}…` : key);
  }
  return { settings, dropped: dropped.slice(0, 10) };
}
