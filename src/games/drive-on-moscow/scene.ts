/**
 * What the map shows of a Drive on Moscow game: control and the front, every stack in the
 * rulebook's colours (2.5) with untried Soviet units as "?" (2.13), the battle under way,
 * the last move's arrow and a panel with turn, phase, movement factors, aircraft and cities.
 * With the fog of war (11.6) an enemy stack shows its top unit and how many lie beneath.
 * Reports of moves stay public (which units went where, in the replies and the log): 11.6
 * forbids looking beneath the top of an enemy stack, not watching a counter move across the
 * map, which both players see at the table.
 */
import type { CounterView, Scene, SideId, StackView, UnitSymbol } from '../../contracts/scene.js';
import type { HexId } from '../../kernel/hex.js';
import type { GameEvent } from '../engine.js';
import { GERMAN_SOVIET } from '../sides.js';
import type { Board } from './board.js';
import { type DomCharts, turnSpec } from './charts.js';
import { factorsOf, Position } from './position.js';
import type { DomState, Unit } from './state.js';

/** 2.5: German mech black, non-mech grey; Guards mech dark brown, non-mech orange; others red and light brown. */
function colours(u: Unit): { colour: string; text: string } {
  if (u.side === 'german') return u.mech ? { colour: '#1e1e1e', text: '#ffffff' } : { colour: '#8c8c8c', text: '#000000' };
  if (u.guards) return u.mech ? { colour: '#5b3417', text: '#ffffff' } : { colour: '#e8872c', text: '#000000' };
  return u.mech ? { colour: '#c0392b', text: '#ffffff' } : { colour: '#d2b48c', text: '#000000' };
}

function symbol(u: Unit): UnitSymbol {
  if (u.side === 'german')
    return u.type === 'panzer' ? 'panzer' : u.type === 'pg' ? 'motorized' : u.type === 'cavalry' ? 'cavalry' : 'infantry';
  if (u.guards && !u.mech) return 'guards';
  if (u.cavalry) return 'cavalry';
  if (u.armour) return 'panzer';
  if (u.mech) return 'motorized';
  return u.size === 'X' ? 'brigade' : 'rifle';
}

export function counterOf(u: Unit): CounterView {
  const f = factorsOf(u);
  return {
    label: u.id,
    ...colours(u),
    symbol: symbol(u),
    strength: u.untried || !f ? '?' : `${f[0]}-${f[1]}`,
    ...(u.maxSteps === 2 && u.steps === 1 ? { reduced: true } : {}),
    size: u.size,
  };
}

/**
 * 11.6: a counter beneath the top of an enemy stack, face down. The height of a stack is
 * seen across the table, its contents are not: one neutral look for every unit, so the
 * sliver that peeks out tells nothing of its type (2.5's colours would).
 */
export const HIDDEN_COUNTER: CounterView = {
  label: '',
  colour: '#dcd6c6',
  text: '#1d1a14',
  symbol: 'infantry',
  strength: '?',
  hidden: true,
};

/**
 * The units whose faces a battle has shown (11.6: a stack may be looked beneath once the
 * odds of a battle it is part of are computed): those of the battle under way once its odds
 * are known, and the units now in the defender's hex of a battle just resolved.
 */
function revealedUnits(s: DomState, p: Position, events: readonly GameEvent[]): Set<string> {
  const out = new Set<string>();
  const b = s.battle;
  if (b?.odds) {
    for (const id of [...b.units, ...(b.defenders ?? [])]) out.add(id);
    for (const u of p.byHex.get(b.target) ?? []) out.add(u.id);
  }
  for (const e of events) if (e.kind === 'battle') for (const h of e.hexes ?? []) for (const u of p.byHex.get(h) ?? []) out.add(u.id);
  return out;
}

/** A stack top first: mech units, then by name. */
export function stackOrder(units: readonly Unit[]): Unit[] {
  return [...units].sort((a, b) => Number(b.mech) - Number(a.mech) || (a.id < b.id ? -1 : 1));
}

/**
 * One stack as a viewer sees it. Own sides (`seen`) in full; an enemy stack (11.6) shows its
 * top unit, every unit a battle has revealed, and the rest face down, so the count stays
 * right. The top is the first in the bot's stacking order (mech first, then by name): players
 * here do not reorder their stacks.
 */
function stackView(hex: HexId, units: readonly Unit[], seen: ReadonlySet<SideId> | undefined, revealed: ReadonlySet<string>): StackView {
  const sorted = stackOrder(units);
  if (!seen || sorted.every((u) => seen.has(u.side))) return { hex, counters: sorted.map(counterOf) };
  const shown = sorted.filter((u, i) => i === 0 || seen.has(u.side) || revealed.has(u.id));
  return { hex, counters: [...shown.map(counterOf), ...sorted.slice(shown.length).map(() => HIDDEN_COUNTER)] };
}

export const PHASE_WORDS: Record<string, string> = {
  setup: 'set-up',
  order: 'phase order',
  replacement: 'Replacement & Withdrawal',
  reinforcement: 'Reinforcement',
  movement: 'Movement',
  combat: 'Combat',
  conversion: 'Guards Conversion',
  over: 'game over',
};

/** What the printed map carries besides terrain: the set-up boundary and the Soviet supply sources. */
export function domPrinted(board: Board): Pick<Scene, 'sides' | 'boundaries' | 'marks'> {
  return {
    sides: GERMAN_SOVIET,
    // 3.2: the boundary printed on the map; east of it the Reserve Front sets up.
    boundaries: [{ hexes: [...board.reserve], label: 'Forward Zone / Reserve Front (3.2)' }],
    // 8.2: the six hexes marked with a supply symbol; the German ones are the west map edge.
    marks: [{ kind: 'supply', side: 'soviet', hexes: [...board.sources], label: 'Soviet supply source (8.2)' }],
  };
}

/**
 * `seen`: the sides whose stacks are shown in full (the viewer's own); the others are under
 * the fog of war (11.6) when the game keeps it and is not over. Absent, everything is shown.
 */
export function domScene(board: Board, charts: DomCharts, s: DomState, events: GameEvent[] = [], seen?: readonly SideId[]): Scene {
  const p = new Position(board, charts, s);
  const control: Record<HexId, 'german' | 'soviet'> = {};
  for (const h of board.map.ids) control[h] = p.control(h);
  const fogged = s.fog && !s.result && seen ? new Set(seen) : undefined;
  const revealed = fogged ? revealedUnits(s, p, events) : new Set<string>();
  const stacks = [...p.byHex].map(([hex, units]) => stackView(hex, units, fogged, revealed));
  const moved = [...events].reverse().find((e) => e.kind === 'moved');
  const spec = turnSpec(charts, s.turn);
  const b = s.battle;
  return {
    sides: GERMAN_SOVIET,
    control: { style: 'area', hexes: control },
    ...domPrinted(board),
    stacks,
    highlights: {
      ...(moved?.hexes && moved.hexes.length > 1
        ? { path: moved.hexes, pathLabel: moved.text.match(/\((\d+) MP/)?.[1] ? `${moved.text.match(/\((\d+) MP/)![1]} MP` : undefined }
        : {}),
      combat: events.filter((e) => e.kind === 'battle').flatMap((e) => e.hexes ?? []),
    },
    ...(b
      ? {
          battles: [
            {
              defender: b.target,
              attackers:
                b.kind === 'MA'
                  ? [b.launch!]
                  : [...new Set(b.units.map((id) => s.units[id]?.hex).filter((h): h is HexId => !!h && h !== b.target))],
              number: 1,
              odds: b.odds ?? '?',
              current: true,
            },
          ],
        }
      : {}),
    panel: {
      title: 'Drive on Moscow',
      lines: [
        `Turn ${s.turn} of 9 · ${spec.label}`,
        s.result
          ? `${s.result.winner === 'german' ? 'German' : 'Soviet'} victory`
          : `${s.side === 'german' ? 'German' : 'Soviet'} ${PHASE_WORDS[s.phase]}${s.order ? ` (${s.order})` : ''}`,
        `MF ${spec.mf[0]}/${spec.mf[1]} · air G${s.air.german} S${s.air.soviet}`,
        s.offensive.declared
          ? `Nov. Offensive declared GT${s.offensive.declared}`
          : s.offensive.forfeited
            ? 'No Nov. Offensive (12.3)'
            : 'Nov. Offensive open',
      ],
      // 4.3: the five cities the German must hold at the end.
      score: [
        ...Object.entries(board.cities).map(([n, h]): [string, string] => [n, p.control(h) === 'german' ? 'German' : 'Soviet']),
        ['KG left', String(s.kgLeft)],
      ],
    },
  };
}

export function domStatus(board: Board, charts: DomCharts, s: DomState): string {
  const p = new Position(board, charts, s);
  const spec = turnSpec(charts, s.turn);
  const lines = [
    `Turn ${s.turn}/9 · ${spec.label} · MF ${spec.mf[0]}/${spec.mf[1]} · air ${spec.air[0]}/${spec.air[1]} · losses: ${s.choices === 'player' ? 'players pick' : 'bot picks'} (11.24)`,
  ];
  if (s.result) lines.push(`Result: ${s.result.winner === 'german' ? 'German' : 'Soviet'} victory (${s.result.reason})`);
  else
    lines.push(
      `${s.side === 'german' ? 'German' : 'Soviet'} ${PHASE_WORDS[s.phase]}${s.order ? ` (${s.order})` : ''}${s.bot === s.side ? ' (bot)' : ''}`,
    );
  const held = Object.entries(board.cities)
    .filter(([, h]) => p.control(h) === 'german')
    .map(([n]) => n);
  lines.push(`German cities: ${held.join(', ') || 'none'} · Moscow Soviet`);
  return lines.join('\n');
}
