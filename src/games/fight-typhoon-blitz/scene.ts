/**
 * What the map shows of a Fight! Typhoon Blitz game: control of cities and towns (3.4), every
 * stack in its nationality colour (2.2.1), the active HQ's command range outlined (8.2), the
 * last move and the battles, and a panel with turn, weather, chits and cities. Sealed chit
 * choices are never drawn (6.1(3)).
 */
import type { CounterView, Scene, UnitSymbol } from '../../contracts/scene.js';
import type { HexId } from '../../kernel/hex.js';
import type { GameEvent } from '../engine.js';
import type { Board } from './board.js';
import { type FtbCharts, turnRow } from './charts.js';
import { Ctx, sideName } from './context.js';
import { retreating } from './owner-choices.js';
import { retreatChoices } from './retreat.js';
import type { FtbState, Unit } from './state.js';
import { axisCities } from './turns.js';

const SIDES = {
  german: { name: 'Axis', letter: 'A', fill: '#6b7079', text: '#ffffff', wash: 'rgba(90, 95, 102, 0.10)', hatch: 'rgba(50, 55, 60, 0.35)' },
  soviet: { name: 'Soviet', letter: 'S', fill: '#b5432a', text: '#ffffff', wash: 'rgba(181, 67, 42, 0.10)' },
} as const;

/** 2.2.1: Wehrmacht grey, SS black, Red Army red-brown, Guards red. */
function colours(u: Unit): { colour: string; text: string } {
  if (u.side === 'german') return u.type === 'DR' ? { colour: '#1e1e1e', text: '#ffffff' } : { colour: '#9a9ea6', text: '#000000' };
  return u.type === 'G' ? { colour: '#d42020', text: '#ffffff' } : { colour: '#8b3a2a', text: '#ffffff' };
}

export function counterOf(c: Ctx, u: Unit): CounterView {
  const [a, d, ma] = c.values(u);
  const t = c.type(u);
  return {
    label: u.id,
    ...colours(u),
    symbol: t.symbol as UnitSymbol,
    strength: t.mech ? `${a}-${d}-${ma}` : `${a}-${ma}`,
    ...(u.maxSteps === 2 && u.steps === 1 ? { reduced: true } : {}),
    size: t.hq ? 'HQ' : 'XX',
  };
}

export const WEATHER_WORDS = { clear: 'clear', mud: 'mud', frost: 'frost', snow: 'snow' } as const;

export function ftbScene(board: Board, charts: FtbCharts, s: FtbState, events: GameEvent[] = []): Scene {
  const c = new Ctx(board, charts, s);
  const control: Record<HexId, 'german' | 'soviet'> = {};
  for (const h of board.places) control[h] = c.control(h);
  const stacks = [...c.byHex()].map(([hex, units]) => ({
    hex,
    counters: [...units].sort((a, b) => Number(c.isHq(a)) - Number(c.isHq(b)) || (a.id < b.id ? -1 : 1)).map((u) => counterOf(c, u)),
  }));
  const moved = [...events].reverse().find((e) => e.kind === 'moved');
  const row = turnRow(charts, s.turn);
  const hq = s.chit?.hq ? c.unit(s.chit.hq) : undefined;
  const range = hq?.hex ? c.type(hq).hq! : 0;
  const regions = hq?.hex
    ? [{ hexes: board.map.ids.filter((h) => board.distance(h, hq.hex!) <= range), label: `${hq.id} command range (${range}, 8.2)` }]
    : [];
  const cities = axisCities(c);
  // 10.6(6) with losses:owner: the retreats to choose from, numbered as their buttons.
  const retreater = s.phase === 'retreat' && s.battle?.retreat ? retreating(c) : undefined;
  const ways = retreater ? retreatChoices(c, retreater, s.battle!.retreat!.hexes) : [];
  return {
    sides: SIDES,
    control: { style: 'marker', hexes: control },
    stacks,
    highlights: {
      ...(moved?.hexes && moved.hexes.length > 1 ? { path: moved.hexes, pathLabel: moved.text.match(/\(([\d.]+ MP)/)?.[1] } : {}),
      combat: events.filter((e) => e.kind === 'battle').flatMap((e) => e.hexes ?? []),
      ...(hq?.hex ? { selected: [hq.hex] } : {}),
    },
    ...(s.chit?.declared.length
      ? {
          battles: s.chit.declared.map((d, i) => ({
            defender: d.target,
            attackers: [...new Set(d.units.map((id) => s.units[id]?.hex).filter((h): h is HexId => !!h))],
            number: i + 1,
            odds: '?',
          })),
        }
      : {}),
    ...(regions.length ? { regions } : {}),
    ...(ways.length
      ? { arrows: ways.map((p, i) => ({ path: p.path, label: `${i + 1}`, colour: i })), focus: ways.flatMap((p) => p.path) }
      : {}),
    panel: {
      title: 'Fight! Typhoon Blitz',
      lines: [
        `Turn ${s.turn} of 12 · ${row.dates} · ${WEATHER_WORDS[c.weather()]}`,
        s.result
          ? `${sideName(s.result.winner)} victory`
          : s.chit
            ? `Chit: ${s.chit.name} (${sideName(s.chit.side)})`
            : `Phase: ${s.phase}`,
        `Cup ${s.cup.length} · used ${s.used.length}${s.hand ? ' · Guderian in hand' : ''}${s.guderianDismissed ? ' · Guderian dismissed' : ''}`,
      ],
      score: [
        ['Axis major cities', String(cities.length)],
        ['Moscow+Tula held', s.heldMoscowTula ? 'yes' : 'no'],
      ],
    },
  };
}

export function ftbStatus(board: Board, charts: FtbCharts, s: FtbState): string {
  const c = new Ctx(board, charts, s);
  const row = turnRow(charts, s.turn);
  const lines = [`Turn ${s.turn}/12 · ${row.dates} · ${WEATHER_WORDS[c.weather()]} · chits due: Soviet ${row.suCom}, Axis ${row.gerCom}`];
  if (s.result) lines.push(`Result: ${sideName(s.result.winner)} victory (${s.result.reason})`);
  else
    lines.push(
      `${s.chit ? `Chit ${s.chit.name}: ` : ''}${sideName(s.side)} ${s.phase}${s.bot === s.side ? ' (bot)' : ''} · cup ${s.cup.length}, used ${s.used.join(', ') || 'none'}${s.hand ? ' · Guderian in hand' : ''}`,
    );
  const cities = axisCities(c).map((h) => board.placeName(h));
  lines.push(
    `Axis major cities with a line: ${cities.length} (${[...new Set(cities)].join(', ') || 'none'})${s.heldMoscowTula ? ' · held Moscow and Tula' : ''}`,
  );
  return lines.join('\n');
}
