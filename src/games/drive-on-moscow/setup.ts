/**
 * The opening position. The rules let both players place freely inside their zones (3.2,
 * 3.3, 3.6); the bot deploys by those rules (and `setup:free` starts from this deployment,
 * see free-setup.ts), following the historical picture: a rifle division in every front-line hex (3.3), the rest of the Forward Zone behind it,
 * the Reserve Front one unit per hex in the cities and on the Mozhaisk line (3.2), and the
 * three panzer groups where they stood on 30 September 1941.
 */
import { newDice } from '../../kernel/dice.js';
import { columnOf, type HexId, rowOf } from '../../kernel/hex.js';
import type { Board } from './board.js';
import type { DomCharts, SovietType } from './charts.js';
import type { DomOptions, DomState, Unit } from './state.js';

const PANZER_GROUPS: { centre: HexId; units: string[] }[] = [
  { centre: '1414', units: ['1 Pz', '6 Pz', '7 Pz', '14 Mot', '36 Mot'] }, // Panzer Group 3 by Belyi
  { centre: '1331', units: ['2 Pz', '5 Pz', '10 Pz', '11 Pz', '19 Pz', '20 Pz', '3 Mot', 'SS-R', 'L'] }, // Panzer Group 4 by Roslavl
  { centre: '1952', units: ['3 Pz', '4 Pz', '9 Pz', '17 Pz', '18 Pz', '10 Mot', '25 Mot', '29 Mot', 'GD', '1 Cav'] }, // Panzer Group 2 by Glukhov
];

export function setupState(board: Board, charts: DomCharts, options: DomOptions): DomState {
  const units: Record<string, Unit> = {};
  const count = new Map<HexId, number>();
  const put = (u: Unit) => {
    units[u.id] = u;
    count.set(u.hex, (count.get(u.hex) ?? 0) + 1);
  };
  const room = (h: HexId) => 5 - (count.get(h) ?? 0);

  // German units (3.6), full strength, west of the initial front line.
  const germanFront = board.map.ids
    .filter((id) => board.initial(id) === 'german' && board.neighbours(id).some((n) => board.initial(n) === 'soviet'))
    .sort((a, b) => rowOf(a) - rowOf(b) || columnOf(a) - columnOf(b));
  const byId = new Map(charts.german.units.map((u) => [u.id, u]));
  const germanUnit = (id: string, hex: HexId): Unit => {
    const d = byId.get(id)!;
    return {
      id,
      side: 'german',
      type: d.type,
      mech: d.type !== 'infantry',
      cavalry: d.type === 'cavalry',
      armour: d.type === 'panzer',
      size: d.size === 'brigade' ? 'X' : d.size === 'regiment' ? 'III' : 'XX',
      hex,
      steps: d.reduced ? 2 : 1,
      maxSteps: d.reduced ? 2 : 1,
      full: d.full,
      ...(d.reduced ? { reduced: d.reduced } : {}),
      ...(d.size ? { noReplacement: true } : {}),
    };
  };
  const placedGerman = new Set<string>();
  for (const g of PANZER_GROUPS) {
    const near = [...germanFront].sort((a, b) => board.distance(a, g.centre) - board.distance(b, g.centre) || (a < b ? -1 : 1));
    let i = 0;
    for (const id of g.units) {
      while (room(near[i]!) <= 2) i++; // three mech units a hex, room for infantry
      put(germanUnit(id, near[i]!));
      placedGerman.add(id);
    }
  }
  const infantry = charts.german.units.filter((u) => !placedGerman.has(u.id));
  const second = board.map.ids.filter(
    (id) => board.initial(id) === 'german' && !germanFront.includes(id) && board.neighbours(id).some((n) => germanFront.includes(n)),
  );
  const infantryHexes = [...germanFront.filter((h) => room(h) === 5), ...germanFront, ...second];
  infantry.forEach((u, i) => {
    const step = Math.max(1, Math.floor(germanFront.length / infantry.length));
    let k = (i * step) % infantryHexes.length;
    while (room(infantryHexes[k]!) <= 0) k = (k + 1) % infantryHexes.length;
    put(germanUnit(u.id, infantryHexes[k]!));
  });

  // Soviet units: ids by type in the order they enter play.
  const next: Record<string, number> = {};
  const sovietUnit = (type: string, hex: HexId): Unit => {
    next[type] = (next[type] ?? 0) + 1;
    const id = `${type} ${String(next[type]).padStart(3, '0')}`;
    const guards = charts.soviet.guards[type as 'GRD'];
    const plain = charts.soviet.types[type as SovietType];
    const spec = guards ?? plain!;
    return {
      id,
      side: 'soviet',
      type,
      mech: spec.class === 'mech',
      cavalry: spec.kind === 'cavalry',
      armour: spec.kind === 'tank',
      size: spec.size,
      hex,
      steps: guards ? 2 : 1,
      maxSteps: guards ? 2 : 1,
      ...(guards ? { full: guards.full, reduced: guards.reduced, guards: true } : { untried: true }),
    };
  };
  // 3.3: a rifle division in every front-line hex, then the rest of the Forward Zone behind.
  const forward = { ...charts.soviet.setup.forward } as Record<string, number>;
  for (const h of board.frontHexes) {
    if ((forward.RD ?? 0) <= 0) throw new Error('not enough rifle divisions for the front-line hexes (3.3)');
    forward.RD! -= 1;
    put(sovietUnit('RD', h));
  }
  const zone = board.map.ids
    .filter((id) => board.initial(id) === 'soviet' && !board.reserve.has(id) && !board.frontHexes.includes(id))
    .sort((a, b) => depth(board, a) - depth(board, b) || rowOf(a) - rowOf(b) || columnOf(a) - columnOf(b));
  const queue: string[] = [];
  for (const t of ['RD', 'RB', 'MRB', 'CD', 'TB', 'MRD']) for (let k = 0; k < (forward[t] ?? 0); k++) queue.push(t);
  // Every other hex of the second and third lines, so the Forward Zone keeps depth.
  const spots = [...zone.filter((_, i) => i % 2 === 0), ...zone.filter((_, i) => i % 2 === 1)];
  queue.forEach((t, i) => {
    put(sovietUnit(t, spots[i % spots.length]!));
  });
  // 3.2: the Reserve Front, one unit a hex: Guards in the cities, the rest on the fortifications.
  const reserve = charts.soviet.setup.reserve as Record<string, number>;
  const cityHexes = [...board.moscow, ...Object.values(board.cities)].filter((h) => board.reserve.has(h));
  const forts = [...board.forts.keys()].filter((h) => board.reserve.has(h) && !count.has(h)).sort();
  const reserveHexes = [...cityHexes, ...forts, ...[...board.reserve].filter((h) => !count.has(h) && !cityHexes.includes(h))];
  let r = 0;
  for (const t of ['GRD', 'MRD', 'RD', 'RB']) {
    for (let k = 0; k < (reserve[t] ?? 0); k++) {
      while (count.has(reserveHexes[r]!)) r++;
      put(sovietUnit(t, reserveHexes[r]!));
    }
  }

  const piles: Record<string, number> = {};
  for (const t of Object.keys(charts.soviet.types))
    piles[t] = charts.turns.reduce((n, x) => n + (x.reinforcements[t as SovietType] ?? 0), 0);
  const faces: Record<string, number[]> = {};
  for (const [t, spec] of Object.entries(charts.soviet.types)) faces[t] = spec.faces.map(([, k]) => k);
  const cup: string[] = [];
  for (const [t, k] of Object.entries(charts.soviet.setup.cup)) for (let i = 0; i < (k ?? 0); i++) cup.push(t);

  return {
    game: 'drive-on-moscow',
    schema: 1,
    turn: 1,
    side: 'german',
    phase: 'order',
    step: 0,
    dice: newDice(options.seed),
    units,
    dead: [],
    withdrawn: [],
    flipped: [],
    everGerman: [...board.westPlaces].sort(),
    faces,
    piles,
    cup,
    kgLeft: charts.kg.count,
    startHex: {},
    mp: {},
    active: [],
    done: [],
    assaulted: [],
    attacked: [],
    defended: [],
    // 5.3: German mech units set up on the south sheet.
    guderian: guderianUnits(board, units),
    southOnly: [],
    offensive: { forfeited: false },
    air: { german: charts.turns[0]!.air[0], soviet: charts.turns[0]!.air[1], battles: 0 },
    arriving: {},
    entryTowns: [],
    withdrawals: { infantry: 0, cavalry: 0 },
    replacements: { mech: 0, nonmech: 0 },
    serial: 0,
    rolled: false,
    ...(options.vs === 'bot' ? { bot: options.side === 'soviet' ? 'german' : 'soviet' } : {}),
    ...(options.vs === 'bot' && options.level === 'search' ? { botLevel: 'search' as const } : {}),
    ...(options.losses === 'player' ? { choices: 'player' as const } : {}),
    // 11.6: what the pictures hide; nothing the engine reads.
    ...(options.fog ? { fog: true as const } : {}),
    // 3.1-3.6: free set-up starts from this deployment, the Soviet player first.
    ...(options.setup === 'free' ? { phase: 'setup' as const, side: 'soviet' as const } : {}),
  };
}

/** 5.3: the German mech units set up on the south sheet. */
export function guderianUnits(board: Board, units: Record<string, Unit>): string[] {
  return Object.values(units)
    .filter((u) => u.side === 'german' && u.mech && board.isSouthSheet(u.hex))
    .map((u) => u.id)
    .sort();
}

/** Hex distance to the nearest initially German hex. */
function depth(board: Board, id: HexId): number {
  let best = Infinity;
  for (const f of board.frontHexes) best = Math.min(best, board.distance(id, f));
  return best;
}
