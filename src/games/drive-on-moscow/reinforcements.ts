/**
 * The Soviet Reinforcement Phase (9.1): where new units enter, and their entry.
 */
import type { HexId } from '../../kernel/hex.js';
import { RuleError } from '../engine.js';
import type { SovietType } from './charts.js';
import type { Ctx } from './context.js';
import { STACK_LIMIT } from './position.js';

export function entryHexes(c: Ctx): HexId[] {
  const s = c.s;
  const p = c.pos();
  const gAdj = (h: HexId) => c.board.neighbours(h).some((n) => p.unitsAt(n, 'german').length > 0);
  const out = [
    ...c.board.sources.filter((h) => p.control(h) === 'soviet' && p.unitsAt(h, 'german').length === 0),
    ...s.entryTowns.filter((h) => p.control(h) === 'soviet' && !gAdj(h) && !s.everGerman.includes(h)),
  ];
  return [...new Set(out)].filter((h) => p.unitsAt(h, 'soviet').length < STACK_LIMIT);
}

export function enter(c: Ctx, type: string, hex: HexId): void {
  const s = c.s;
  if (s.phase !== 'reinforcement') throw new RuleError('9.1', 'reinforcements enter in the Soviet Reinforcement Phase');
  const wanted = type.toUpperCase();
  if (!(s.arriving[wanted] ?? 0))
    throw new RuleError(
      '9.1',
      `no ${wanted} arrives this turn (${
        Object.entries(s.arriving)
          .map(([t, n]) => `${n} ${t}`)
          .join(', ') || 'none left'
      })`,
    );
  if (!entryHexes(c).includes(hex))
    throw new RuleError(
      '9.1',
      `${hex} is not an entry hex: a Soviet-held supply source, or a never German-held town or city in supply at the start of the turn with no German unit next to it, with room to stack`,
    );
  const spec = c.charts.soviet.types[wanted as SovietType]!;
  const n =
    Object.keys(s.units).filter((id) => s.units[id]!.type === wanted).length +
    s.dead.filter((id) => id.startsWith(`${wanted} `)).length +
    1;
  let id = `${wanted} ${String(n).padStart(3, '0')}`;
  while (s.units[id] || s.dead.includes(id)) id = `${id}'`;
  s.units[id] = {
    id,
    side: 'soviet',
    type: wanted,
    mech: spec.class === 'mech',
    cavalry: spec.kind === 'cavalry',
    armour: spec.kind === 'tank',
    size: spec.size,
    hex,
    steps: 1,
    maxSteps: 1,
    untried: true,
  };
  s.piles = { ...s.piles, [wanted]: s.piles[wanted]! - 1 };
  s.arriving = { ...s.arriving, [wanted]: s.arriving[wanted]! - 1 };
  if (s.arriving[wanted] === 0) delete s.arriving[wanted];
  c.changed();
  c.event('entered', `${id} enters at ${hex} (untried)`, { rule: '9.1', hexes: [hex] });
}

// ---- 9.4 Guards ----
