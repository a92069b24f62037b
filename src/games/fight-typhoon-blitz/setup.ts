/**
 * Set-up (4.0): every unit at full strength; at-start units in their army's placement hexes,
 * at least one in each (4.0(2), A-29), two at most (3.1); HQs on their printed HQ hex
 * (4.0(5)); the others in the Available Box (4.0(4)) and the Guards conversion box (4.0(3)).
 */
import { newDice } from '../../kernel/dice.js';
import type { HexId } from '../../kernel/hex.js';
import type { Board } from './board.js';
import type { FtbCharts } from './charts.js';
import { Ctx } from './context.js';
import { STACK } from './movement.js';
import { type FtbOptions, type FtbState, rulesOptionsSchema, type Side, type Unit } from './state.js';
import { selecting } from './turns.js';

/** Soviet armies on the start line; the others (Reserve Front) set up around their HQ. */
const SOVIET_FRONT = ['22A', '29A', '30A', '19A', '16A', '20A', '24A', '43A', '50A', '3A', '13A'];

export function unitsOf(charts: FtbCharts): Unit[] {
  const out: Unit[] = [];
  for (const [army, kind, names] of charts.units.lines) {
    const t = charts.unitTypes.types[kind]!;
    for (const name of names.split(',')) {
      const hq = t.hq !== undefined;
      const id = hq || kind === 'DR' ? name : `${name} ${kind}`;
      out.push({
        id,
        side: t.side === 'axis' ? 'german' : 'soviet',
        type: kind,
        army: hq ? name : army,
        where: army === 'box' ? 'available' : army === 'opt' ? 'convert' : 'map',
        steps: t.reduced ? 2 : 1,
        maxSteps: t.reduced ? 2 : 1,
      });
    }
  }
  return out;
}

export function setupState(board: Board, charts: FtbCharts, options: FtbOptions): FtbState {
  const units = unitsOf(charts);
  const s: FtbState = {
    game: 'fight-typhoon-blitz',
    schema: 1,
    turn: 1,
    phase: 'select',
    side: 'german',
    dice: newDice(options.seed),
    options: rulesOptionsSchema.parse(options.rules ?? {}),
    units: Object.fromEntries(units.map((u) => [u.id, u])),
    flipped: [],
    chosen: {},
    cup: [],
    hand: false,
    used: [],
    garrisonCarry: 0,
    heldMoscowTula: false,
    guderianDismissed: false,
    serial: 0,
    rolled: false,
    ...(options.vs === 'bot' ? { bot: options.side === 'soviet' ? 'german' : 'soviet', botLevel: options.level ?? 'search' } : {}),
  };
  const count = new Map<HexId, number>();
  const put = (u: Unit, h: HexId) => {
    s.units[u.id] = { ...u, hex: h };
    count.set(h, (count.get(h) ?? 0) + 1);
  };
  const room = (h: HexId) => (count.get(h) ?? 0) < STACK;
  const own = (h: HexId, side: Side) => board.initial(h) === side && board.terrain(h) !== 'lake';
  const near = (from: HexId, side: Side, skip: (h: HexId) => boolean = () => false) =>
    board.map.ids
      .filter((h) => own(h, side) && room(h) && !skip(h))
      .sort((a, b) => board.distance(a, from) - board.distance(b, from) || (a < b ? -1 : 1))[0]!;
  const onMap = units.filter((u) => u.where === 'map');
  const hqs = onMap.filter((u) => charts.unitTypes.types[u.type]!.hq !== undefined);
  // 4.0(5): HQs first, on their printed hex (the nearest free own hex if the start line moved it).
  for (const hq of hqs) {
    const h = board.features.hq[hq.army];
    put(hq, h && own(h, hq.side) ? h : near(h ?? board.map.ids[0]!, hq.side));
  }
  // 4.0(2): Axis units spread over their army's placement hexes, north to south, one each first.
  for (const army of Object.keys(board.axisPlacement)) {
    const hexes = [...board.axisPlacement[army]!].sort();
    const list = onMap.filter((u) => u.side === 'german' && u.army === army && !hqs.includes(u));
    list.forEach((u, i) => {
      const h = hexes[Math.floor((i * hexes.length) / Math.max(1, list.length))] ?? hexes[0]!;
      put(u, room(h) ? h : near(h, 'german'));
    });
  }
  // Soviet armies on the start line take the Soviet front hexes nearest their HQ.
  const frontHexes = board.map.ids.filter((h) => own(h, 'soviet') && board.neighbours(h).some((n) => board.initial(n) === 'german'));
  const byArmy = new Map<string, HexId[]>();
  for (const h of frontHexes) {
    const army = [...SOVIET_FRONT].sort((a, b) => board.distance(h, board.features.hq[a]!) - board.distance(h, board.features.hq[b]!))[0]!;
    byArmy.set(army, [...(byArmy.get(army) ?? []), h]);
  }
  for (const u of onMap.filter((x) => x.side === 'soviet' && !hqs.includes(x))) {
    const hexes = byArmy.get(u.army);
    const hq = s.units[u.army]!.hex!;
    const target =
      SOVIET_FRONT.includes(u.army) && hexes?.length ? hexes.sort((a, b) => board.distance(a, hq) - board.distance(b, hq)) : [];
    const free = target.find((h) => (count.get(h) ?? 0) === 0);
    put(u, free ?? near(hq, 'soviet', (h) => (count.get(h) ?? 0) > 0));
  }
  const c = new Ctx(board, charts, s);
  s.side = selecting(c) ?? 'german';
  return s;
}
