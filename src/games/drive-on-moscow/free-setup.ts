/**
 * Free set-up (`setup:free`): the bot's deployment is the starting proposal and each side
 * moves its own units inside its zone before play. The Soviet player sets up first (3.2,
 * 3.3), then the German (3.6). A Reserve Front unit is one standing in a hex east of the
 * Forward Zone/Reserve Front boundary: every placement keeps each unit in its own zone, so
 * the zone a unit belongs to is always read from where it stands.
 */
import type { HexId } from '../../kernel/hex.js';
import { RuleError } from '../engine.js';
import type { Board } from './board.js';
import type { Ctx } from './context.js';
import { STACK_LIMIT } from './position.js';
import { guderianUnits } from './setup.js';
import type { DomState, Unit } from './state.js';

/** Units per hex. */
function hexCounts(s: DomState): Map<HexId, Unit[]> {
  const m = new Map<HexId, Unit[]>();
  for (const u of Object.values(s.units)) m.set(u.hex, [...(m.get(u.hex) ?? []), u]);
  return m;
}

/** Why `unit` may not be set up in `hex` now, or undefined when it may. */
export function placeRefusal(board: Board, s: DomState, unitId: string, hex: HexId, byHex = hexCounts(s)): RuleError | undefined {
  if (s.phase !== 'setup') return new RuleError('3.0', 'units are placed only during set-up (game option setup:free)');
  const u = s.units[unitId];
  if (!u) return new RuleError('3.0', `no unit ${unitId} is on the map`);
  // 3.6: the German player sets up once the Soviet player has completed his set-up.
  if (u.side !== s.side) return new RuleError('3.6', `the ${s.side === 'soviet' ? 'Soviet' : 'German'} player is setting up now`);
  if (!board.map.hex(hex)) return new RuleError('3.0', `${hex} is not a hex of the map`);
  if (u.hex === hex) return new RuleError('3.0', `${u.id} is already in ${hex}`);
  const others = (byHex.get(hex) ?? []).filter((x) => x.id !== u.id);
  if (u.side === 'german') {
    // 3.6: anywhere west of the initial front line, within normal stacking.
    if (board.initial(hex) !== 'german')
      return new RuleError('3.6', `German units set up west of the initial front line; ${hex} is east of it`);
    if (others.length >= STACK_LIMIT) return new RuleError('6.0', `${hex} already holds ${STACK_LIMIT} units, the most a hex may hold`);
    return undefined;
  }
  if (board.reserve.has(u.hex)) {
    // 3.2: east of the boundary, one unit a hex, never stacked with any other unit.
    if (!board.reserve.has(hex))
      return new RuleError('3.2', `${u.id} is a Reserve Front unit: it sets up east of the Forward Zone/Reserve Front boundary`);
    if (others.length > 0) return new RuleError('3.2', `Reserve Front units set up one a hex, alone; ${hex} holds ${others[0]!.id}`);
    return undefined;
  }
  // 3.3: between the initial front line and the Reserve Front boundary, within normal stacking.
  if (board.initial(hex) !== 'soviet' || board.reserve.has(hex))
    return new RuleError('3.3', `${u.id} is a Forward Zone unit: it sets up between the initial front line and the Reserve Front boundary`);
  if (others.length >= STACK_LIMIT) return new RuleError('6.0', `${hex} already holds ${STACK_LIMIT} units, the most a hex may hold`);
  // 3.3's rifle division in every front-line hex is checked when the Soviet set-up ends.
  return undefined;
}

/** Every hex `unit` may be set up in now, sorted. */
export function setupHexes(board: Board, s: DomState, unitId: string): HexId[] {
  const byHex = hexCounts(s);
  return board.map.ids.filter((h) => !placeRefusal(board, s, unitId, h, byHex)).sort();
}

/** Units of the side setting up, for autocomplete. */
export function setupUnits(s: DomState): Unit[] {
  return s.phase === 'setup' ? Object.values(s.units).filter((u) => u.side === s.side) : [];
}

/** 3.3: front-line hexes without a rifle division. */
export function frontWithoutRifles(board: Board, s: DomState): HexId[] {
  const rifles = new Set(
    Object.values(s.units)
      .filter((u) => u.side === 'soviet' && u.type === 'RD')
      .map((u) => u.hex),
  );
  return board.frontHexes.filter((h) => !rifles.has(h));
}

export function place(c: Ctx, unitId: string, hex: HexId): void {
  const refusal = placeRefusal(c.board, c.s, unitId, hex);
  if (refusal) throw refusal;
  const from = c.s.units[unitId]!.hex;
  c.s.units[unitId] = { ...c.s.units[unitId]!, hex };
  c.changed();
  c.event('moved', `${unitId} set up in ${hex}${c.board.placeName(hex) ? ` (${c.board.placeName(hex)})` : ''}`, {
    rule: c.s.side === 'german' ? '3.6' : '3.3',
    hexes: [from, hex],
  });
}

/** Why the side setting up may not finish yet, or undefined. */
export function setupEndBlocker(board: Board, s: DomState): RuleError | undefined {
  if (s.side !== 'soviet') return undefined;
  const bare = frontWithoutRifles(board, s);
  return bare.length
    ? new RuleError(
        '3.3',
        `every front-line hex must hold a rifle division (RD): ${bare.slice(0, 8).join(', ')}${bare.length > 8 ? ' ...' : ''}`,
      )
    : undefined;
}

/** The Soviet set-up ends and the German begins (3.6); the German ends it and GT1 starts (5.4). */
export function endSetup(c: Ctx): void {
  const blocked = setupEndBlocker(c.board, c.s);
  if (blocked) throw blocked;
  const s = c.s;
  if (s.side === 'soviet') {
    s.side = 'german';
    c.event('setup', 'The Soviet set-up is complete; the German player sets up (3.6)', { rule: '3.6' });
    return;
  }
  s.phase = 'order';
  // 5.3: the Guderian Effect belongs to the German mech units set up on the south sheet.
  s.guderian = guderianUnits(c.board, s.units);
  c.event('setup', 'Set-up is complete: Game Turn 1 begins (5.4)', { rule: '5.4' });
}
