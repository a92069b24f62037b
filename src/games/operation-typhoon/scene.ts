/**
 * What the map shows of an Operation Typhoon game: control and the front line, German
 * stacks in their formation colours (2.6), the Soviets of a battle in progress, the last
 * move's arrow and a side panel with turn, phase and the figures the victory checks need.
 */

import type { CounterView, RegionView, Scene, SideLook, StackView, UnitSymbol } from '../../contracts/scene.js';
import type { HexId } from '../../kernel/hex.js';
import type { GameEvent } from '../engine.js';
import { GERMAN_SOVIET } from '../sides.js';
import { turnSpec } from './charts/index.js';
import { Play } from './context.js';
import { frontGaps, sovietWestOf29, victoryPoints } from './control.js';
import { pocketPreview } from './pocket-preview.js';
import type { RulesIndex } from './rules-index.js';
import type { TyphoonState } from './state.js';

const GERMAN_SYMBOL: Record<string, UnitSymbol> = { panzer: 'panzer', motorized: 'motorized', infantry: 'infantry', cavalry: 'cavalry' };
const SOVIET_SYMBOL: Record<string, UnitSymbol> = {
  rifle: 'rifle',
  guards: 'guards',
  airborne: 'airborne',
  brigade: 'brigade',
  'heavy-howitzer': 'artillery',
  'heavy-mortar': 'artillery',
  cas: 'air',
};
const SIZE: Record<string, string> = { division: 'XX', brigade: 'X', regiment: 'III' };
/** 2.6: guards and airborne white on orange, the rest black on orange. */
const SOVIET_COLOUR = '#e8782a';

/**
 * The sides' looks on this map, whose forest and marsh symbols are busy: German hatching and
 * the Soviet wash strong enough that a taken forest or marsh hex never reads as Soviet.
 */
const TYPHOON_SIDES: Record<'german' | 'soviet', SideLook> = {
  german: { ...GERMAN_SOVIET.german, wash: 'rgba(90, 95, 102, 0.16)', hatch: 'rgba(35, 38, 44, 0.62)' },
  soviet: { ...GERMAN_SOVIET.soviet, wash: 'rgba(214, 64, 40, 0.24)' },
};

export function typhoonScene(index: RulesIndex, s: TyphoonState, events: GameEvent[] = []): Scene {
  const play = new Play(index, s);
  const control: Record<HexId, 'german' | 'soviet'> = {};
  for (const h of index.map.ids) control[h] = play.isSoviet(h) ? 'soviet' : 'german';
  const sectors = new Map(index.map.data.sectors.map((x) => [x.id, x]));

  const stacks = new Map<HexId, CounterView[]>();
  for (const [id, u] of Object.entries(s.units)) {
    const spec = index.unit(id);
    const sector = sectors.get(spec.formation);
    const counter: CounterView = {
      label: spec.label,
      colour: sector?.colour ?? '#888888',
      text: sector?.text ?? '#000000',
      symbol: GERMAN_SYMBOL[spec.type] ?? 'infantry',
      strength: String(u.steps === 2 ? spec.cdr.full : spec.cdr.reduced),
      reduced: u.steps === 1,
      size: SIZE[spec.size],
    };
    const list = stacks.get(u.hex) ?? [];
    // Mechanized units on top: they are what a commander looks for first.
    if (spec.mobility === 'mechanized') list.unshift(counter);
    else list.push(counter);
    stacks.set(u.hex, list);
  }
  // The Soviets of a battle in progress, or those who just held a hex: drawn beside the
  // Germans in the same hex, never under them (set-aside units that fired their round are out).
  const sovietsAt = new Map<HexId, CounterView[]>();
  const soviets = s.battle
    ? { hex: s.battle.hex, units: s.battle.soviet.filter((u) => !u.out) }
    : s.held
      ? { hex: s.held.hex, units: s.held.soviet }
      : undefined;
  if (soviets) {
    const list: CounterView[] = [];
    for (const u of soviets.units) {
      if (u.steps === 0) continue;
      const spec = index.sovietUnit(u.id);
      const elite = spec.kind === 'guards' || spec.kind === 'airborne';
      list.push({
        label: spec.label,
        colour: SOVIET_COLOUR,
        text: elite ? '#ffffff' : '#000000',
        symbol: SOVIET_SYMBOL[spec.kind] ?? 'rifle',
        strength: String(u.steps === 2 || spec.steps === 1 ? spec.cdr.full : (spec.cdr.reduced ?? 0)),
        reduced: spec.steps === 2 && u.steps === 1,
      });
    }
    if (list.length) sovietsAt.set(soviets.hex, list);
  }
  const stackViews: StackView[] = [...new Set([...stacks.keys(), ...sovietsAt.keys()])].map((hex) => {
    const germans = stacks.get(hex) ?? [];
    const reds = sovietsAt.get(hex);
    if (!reds) return { hex, counters: germans };
    return germans.length ? { hex, counters: germans, opposing: reds } : { hex, counters: reds };
  });

  const spec = turnSpec(index.charts, s.turn);
  const lines = [`Turn ${s.turn} of 8 - ${spec.label} (${spec.dates})`];
  if (s.phase === 'setup') lines.push('Set-up');
  else if (s.phase === 'over') lines.push(s.result ? `${s.result.winner === 'german' ? 'German' : 'Soviet'} victory` : 'Game over');
  else if (s.battle) lines.push(`Battle in ${s.battle.hex}, round ${s.battle.round}`);
  else lines.push('German movement & combat');
  if (s.active) lines.push(`Moving: ${s.active.mp} MP left`);
  lines.push(`MP: mech ${spec.mp.mechanized}, foot ${spec.mp.nonMechanized}`);

  const combat = s.battle
    ? [s.battle.hex]
    : [...new Set(events.filter((e) => e.kind.startsWith('battle')).flatMap((e) => e.hexes?.slice(0, 1) ?? []))];
  const lastMove = [...events].reverse().find((e) => e.kind === 'moved');
  const trail = s.active?.trail ?? [];
  const path = trail.length > 1 ? trail : lastMove?.hexes;
  // 11.1: pockets this order cut off (their hexes, not the capture or the force's hex), and
  // while a battle waits, the pocket winning it would cut off.
  const occupied = new Set(Object.values(s.units).map((u) => u.hex));
  const regions: RegionView[] = events
    .filter((e) => e.kind === 'pocket' && (e.hexes?.length ?? 0) > 1)
    .map((e) => ({ hexes: e.hexes!.slice(1).filter((h) => !occupied.has(h)), label: 'Pocket cut off' }));
  const preview = s.battle?.kind === 'regular' ? pocketPreview(index, s, s.battle.hex) : undefined;
  for (const p of preview?.pockets ?? []) regions.push({ hexes: p, label: `Pocket if ${s.battle!.hex} falls` });
  const lost = lostCheck(play);
  if (lost) regions.push(lost);
  return {
    sides: TYPHOON_SIDES,
    control: { style: 'area', hexes: control },
    ...(regions.length ? { regions } : {}),
    stacks: stackViews,
    highlights: {
      path: path && path.length > 1 ? path : undefined,
      pathLabel: s.active ? `${s.active.mp} MP left` : undefined,
      combat: combat.length ? combat : undefined,
    },
    panel: {
      title: `Operation Typhoon${s.scenario === 'clenched-fist' ? ' - Clenched Fist' : ''}`,
      lines,
      score: [
        ['VP', String(victoryPoints(play))],
        ['Pocket hexes', String(s.pocketTally)],
        ['Hexes taken', String(s.taken.length)],
        ['Luftwaffe', String(s.airAvailable)],
      ],
    },
  };
}

/** A game lost at a victory check: the hexes that failed it, on every picture of the game from then on. */
function lostCheck(play: Play): RegionView | undefined {
  const reason = play.s.result?.winner === 'soviet' ? play.s.result.reason : undefined;
  if (reason?.startsWith('4.3')) return { hexes: frontGaps(play), label: 'Front hexes unwatched (4.3)' };
  if (reason?.startsWith('4.4')) {
    const west = sovietWestOf29(play);
    if (west.length) return { hexes: west, label: 'Soviet hexes west of column 29 (4.4)' };
  }
  return undefined;
}

/** The hexes an image should centre on after these events. */
export function focusHexes(s: TyphoonState, events: GameEvent[]): HexId[] {
  if (s.battle) return [s.battle.hex];
  const hexes = events.flatMap((e) => e.hexes ?? []);
  return hexes.length ? hexes : s.active ? [s.active.hex] : [];
}
