import { type BfmAction, type BfmState, type Board, bfmEngine, legalActions, previewBattle } from '../games/battle-for-moscow/index.js';
import { RuleError } from '../games/engine.js';
import { sessions } from '../session/index.js';
import { UserError } from '../contracts/errors.js';

/**
 * What the Battle for Moscow order commands (/move, /attack, /odds, /battle, /replace,
 * /phase, /setup) share: the channel's game checked to be Battle for Moscow, units named by
 * id or printed name, and refusals worded for players.
 */

export const BFM_ID = 'battle-for-moscow';

/** The id of the game in this channel, for commands that serve more than one game. */
export async function channelGameId(channelId: string): Promise<string> {
  return (await sessions().require(channelId)).def.id;
}

export async function bfmStateIn(channelId: string): Promise<BfmState> {
  const view = await sessions().require(channelId);
  if (view.def.id !== BFM_ID) {
    throw new UserError(
      `This channel plays ${view.def.name}; that command is for Battle for Moscow. /game help lists this game's commands.`,
    );
  }
  return view.doc.state as BfmState;
}

export function boardOf(state: BfmState): Board {
  return bfmEngine().board(state);
}

/** "XXIV", "xxiv panzer corps", "29", "29A", "29 Army", "1st Shock Army", "1 Sh": one unit id. */
export function findUnit(state: BfmState, typed: string): string {
  const want = squash(typed);
  const b = boardOf(state);
  for (const id of Object.keys(state.units)) {
    if (unitNames(b, id).some((n) => squash(n) === want)) return id;
  }
  throw new UserError(
    `There is no unit "${typed.trim()}" in Battle for Moscow. German corps are named like XXIV or "XXIV Panzer Corps", Soviet armies like 29 or "29 Army", and "1st Shock Army".`,
  );
}

/** Units in a list written "XXIV, LVI" (commas or semicolons between them). */
export function findUnits(state: BfmState, typed: string): string[] {
  const parts = typed
    .split(/[,;+]/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  if (parts.length === 0) throw new UserError('Name at least one unit, e.g. attackers:"XXIV, LVI".');
  const units = parts.map((p) => findUnit(state, p));
  const twice = units.find((u, i) => units.indexOf(u) !== i);
  if (twice) throw new UserError(`${boardOf(state).name(twice)} is named twice.`);
  return units;
}

function unitNames(b: Board, id: string): string[] {
  const spec = b.spec(id);
  return [id, spec.label, b.name(id), ...(spec.side === 'soviet' ? [`${spec.label} Army`] : [`${spec.label} Corps`])];
}

function squash(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** A unit as players read it: "XXIV Panzer Corps (12-6) in 0409". */
export function unitLine(b: Board, id: string): string {
  const spec = b.spec(id);
  const u = b.s.units[id]!;
  const strength = `${u.full ? spec.full : spec.half}-${spec.movement}`;
  return `${b.name(id)} (${strength}) ${u.hex ? `in ${u.hex}` : 'off the map'}`;
}

/** Legal actions of one type, typed for the caller. */
export function legalOf<T extends BfmAction['type']>(state: BfmState, type: T): Extract<BfmAction, { type: T }>[] {
  return legalActions(state).filter((a): a is Extract<BfmAction, { type: T }> => a.type === type);
}

/** The one legal choice of a kind, when the player left it out; otherwise a refusal listing them. */
export function onlyChoice<T>(choices: readonly T[], what: string, show: (c: T) => string, option: string): T {
  if (choices.length === 1) return choices[0]!;
  if (choices.length === 0) throw new UserError(`There is no ${what} to choose now. /game status shows what the game waits for.`);
  throw new UserError(`Say which ${what} (${option}): ${choices.map(show).join(', ')}.`);
}

/** Where the defender stands, with terrain and place: "0301 (forest, Kalinin)". */
export function hexLine(b: Board, hex: string): string {
  const place = b.bm.placeName(hex);
  const terrain = b.bm.terrain(hex);
  const bits = [terrain === 'clear' ? undefined : terrain, place].filter((x) => x !== undefined);
  return bits.length ? `${hex} (${bits.join(', ')})` : hex;
}

/** /odds: the final column, the shifts and the exact chance of each result, for a phone. */
export function oddsText(state: BfmState, defender: string, attackers: readonly string[]): string {
  const b = boardOf(state);
  const preview = orRefusal(() => previewBattle(state, defender, attackers));
  const o = preview.odds;
  const mud = o.effectiveAttack !== o.attack ? ` (halved in mud: ${o.effectiveAttack})` : '';
  const base = o.ratio >= 1 ? `${o.capped}:1${o.ratio > o.capped ? ` (capped from ${o.ratio}:1)` : ''}` : 'below 1:1';
  const shifts = o.shifts.map((s) => `${s.reason} −${s.levels}`).join(', ');
  const column = o.column === null ? '**no effect** (below 1:1 after shifts)' : `**${o.column}:1**`;
  const order = ['DE', 'DRL', 'DR', 'EX', 'AL', 'NE'] as const;
  const chances = order
    .map((r) => `${r} ${preview.sixths[r]}/6${preview.sixths[r] ? ` (${Math.round(preview.probabilities[r] * 100)}%)` : ''}`)
    .join(' · ');
  return [
    `**Odds:** ${attackers.map((a) => b.name(a)).join(', ')} against ${b.name(defender)} in ${hexLine(b, b.hexOf(defender)!)}`,
    `Attack ${o.attack}${mud} against defence ${o.defence}: ${base}${shifts ? `; shifts: ${shifts}` : ''} → ${column}`,
    chances,
    'DE eliminated · DRL loss and retreat · DR retreat · EX exchange · AL attacker loss · NE no effect. Odds are taken again when the battle is resolved.',
  ].join('\n');
}

/** Run an order builder; its rule refusals become answers to the player. */
export function orRefusal<T>(build: () => T): T {
  try {
    return build();
  } catch (err) {
    if (err instanceof RuleError) throw new UserError(err.message);
    throw err;
  }
}
