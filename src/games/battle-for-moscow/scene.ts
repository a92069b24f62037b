/**
 * What the map shows of a Battle for Moscow game: city control flags, one counter per unit
 * (German green, Soviet red, as Game Components describes them), the battles of the combat
 * phase, the last move's arrow, and a panel with turn, phase, mud and replacements.
 */

import type { BattleView, CounterView, Scene, StackView } from '../../contracts/scene.js';
import type { HexId } from '../../kernel/hex.js';
import type { GameEvent } from '../engine.js';
import { GERMAN_SOVIET } from '../sides.js';
import { type BfmMap, Board } from './board.js';
import { LAST_TURN, turnSpec } from './data/turns.js';
import { UNITS } from './data/units.js';
import { battleOdds } from './odds.js';
import { type BfmState, PHASE_NAMES, phaseSide } from './state.js';

/** Game Components: "Soviet units are orange/red and German units are green". */
export const SIDE_COLOURS = {
  german: { colour: '#6f8f4e', text: '#ffffff' },
  soviet: { colour: '#c8452c', text: '#ffffff' },
} as const;

export function bfmScene(bm: BfmMap, s: BfmState, events: GameEvent[] = []): Scene {
  const stacks = new Map<HexId, CounterView[]>();
  for (const u of UNITS) {
    const st = s.units[u.id];
    if (!st?.hex) continue;
    const list = stacks.get(st.hex) ?? [];
    list.push({
      label: u.label,
      ...SIDE_COLOURS[u.side],
      symbol: u.type === 'panzer' ? 'panzer' : 'infantry',
      strength: `${st.full ? u.full : u.half}-${u.movement}`,
      reduced: !st.full,
      size: u.size,
    });
    stacks.set(st.hex, list);
  }
  const stackViews: StackView[] = [...stacks].map(([hex, counters]) => ({ hex, counters }));

  const combat = new Set<HexId>();
  for (const battle of s.combat?.battles ?? []) {
    const hex = battle.resolved ? undefined : s.units[battle.defender]?.hex;
    if (hex) combat.add(hex);
  }
  if (s.combat?.current) combat.add(s.combat.current.hex);
  for (const e of events) if (e.kind === 'battle' && e.hexes?.[0]) combat.add(e.hexes[0]);
  const battles = battleViews(bm, s);
  // A close-up holds every battle still to fight (and where the defender may retreat), so none is cut off.
  const focus = [...new Set([...battles.flatMap((b) => [b.defender, ...b.attackers]), ...(s.combat?.current?.retreatOptions ?? [])])];
  const lastMove = [...events].reverse().find((e) => e.kind === 'moved' || e.kind === 'retreat' || e.kind === 'advance');

  const spec = turnSpec(s.turn);
  const lines = [`Turn ${s.turn} of ${LAST_TURN} - ${spec.dates}${spec.mud ? ' (mud)' : ''}`];
  if (s.phase === 'over') lines.push(s.result ? `${s.result.winner === 'german' ? 'German' : 'Soviet'} victory` : 'Game over');
  else lines.push(`Phase: ${PHASE_NAMES[s.phase]}`);
  if (s.phase.endsWith('replacement')) lines.push(`Replacements left: ${s.replacements}`);
  const current = s.combat?.current;
  if (current) lines.push(`Battle in ${current.hex}: ${current.odds}:1, die ${current.die}, ${current.result}`);
  const side = phaseSide(s.phase);
  if (side && s.bots.includes(side)) lines.push(`${side === 'german' ? 'German' : 'Soviet'} side: bot`);

  const held = (side: 'german' | 'soviet') => Object.values(s.cities).filter((c) => c === side).length;
  const eliminated = (side: 'german' | 'soviet') => UNITS.filter((u) => u.side === side && s.units[u.id]?.hex === null).length;
  return {
    ...(battles.length ? { battles, focus } : {}),
    sides: GERMAN_SOVIET,
    control: { style: 'marker', hexes: { ...s.cities } },
    stacks: stackViews,
    highlights: {
      path: lastMove?.hexes && lastMove.hexes.length > 1 ? lastMove.hexes : undefined,
      combat: combat.size ? [...combat] : undefined,
    },
    panel: {
      title: 'Battle for Moscow',
      lines,
      score: [
        ['Moscow', s.cities[bm.moscow] === 'german' ? 'German' : 'Soviet'],
        ['Cities G/S', `${held('german')}/${held('soviet')}`],
        ['Off map G/S', `${eliminated('german')}/${eliminated('soviet')}`],
      ],
    },
  };
}

/**
 * The battles of the combat phase not yet over, numbered in the order they are announced:
 * the order the engine offers them to be resolved (its buttons and autocomplete list them so,
 * and the bots resolve them so). Odds as they stand now; a battle being resolved shows the
 * odds it was rolled at, with its surviving attackers.
 */
export function battleViews(bm: BfmMap, s: BfmState): BattleView[] {
  const c = s.combat;
  if (!c) return [];
  const b = new Board(bm, s);
  const out: BattleView[] = [];
  c.battles.forEach((battle, i) => {
    const current = c.current?.index === i ? c.current : undefined;
    if (battle.resolved && !current) return;
    const defender = current ? current.hex : s.units[battle.defender]?.hex;
    if (!defender) return;
    const attackers = battle.attackers.map((a) => s.units[a]?.hex).filter((h): h is HexId => !!h && h !== defender);
    let odds: string;
    if (current) odds = `${current.odds}:1`;
    else {
      const column = battleOdds(
        b,
        battle.defender,
        battle.attackers.filter((a) => s.units[a]?.hex),
      ).column;
      odds = column === null ? '<1:1' : `${column}:1`;
    }
    out.push({ defender, attackers, number: i + 1, odds, ...(current ? { current: true } : {}) });
  });
  return out;
}
