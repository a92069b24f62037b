/**
 * The turn (5.0-7.3): the sealed chit choice, the draws from the shared cup, the Guderian
 * interrupt, each chit carried out (HQ, RESERVE/OKH, REINF, SUPPLY), and the end of the turn
 * with the victory checks (14.4) and Guderian's dismissal roll (15.5).
 */
import type { HexId } from '../../kernel/hex.js';
import { RuleError } from '../engine.js';
import { turnRow } from './charts.js';
import { type Ctx, other, sideName } from './context.js';
import { takeLosses } from './losses.js';
import { STACK } from './movement.js';
import type { ChitRun, Side, Unit } from './state.js';
import { locHexes, railEntry } from './supply.js';

export const SUPPLY = 'SUPPLY';
export const GUDERIAN = 'GUDERIAN';
/** 15.3: chits the Soviet may not choose on turn 2. */
export const TURN2_BANNED = ['31A', '49A', '32A', '33A', '5A', '10A'];
/** 15.5: from turn 9 Guderian is dismissed on a 5 or 6. */
export const DISMISSAL_FROM = 9;
/** 14.3: Moscow garrison turns and units; 15.2: Guards turn and count. */
export const GARRISON_TURNS = [4, 5, 6, 7];
export const GARRISON_UNITS = 4;
export const GUARDS_TURN = 8;
export const GUARDS_UNITS = 3;

/** The HQ a chit activates: "3PzA-2" is 3PzA's second chit (2.22), Guderian's is 2PzA (7.3). */
export function hqOfChit(chit: string): string | undefined {
  if (chit === GUDERIAN) return '2PzA';
  if (chit === SUPPLY || chit.endsWith('REINF') || chit === 'RESERVE' || chit === 'OKH') return undefined;
  return chit.replace(/-2$/, '');
}

export function chitOwner(c: Ctx, chit: string): Side | undefined {
  if (chit === SUPPLY) return undefined;
  return c.charts.chits.axis.includes(chit) ? 'german' : 'soviet';
}

/** How many chits a side must choose this turn (5.0, A-22: exactly the track's number, or all it has). */
export function chitsDue(c: Ctx, side: Side): number {
  const row = turnRow(c.charts, c.s.turn);
  const n = side === 'german' ? row.gerCom : row.suCom;
  return Math.min(n, selectable(c, side).length);
}

/** The chits a side may choose now (15.3 on turn 2; 15.5: a dismissed Guderian's chit is a plain 2PzA chit). */
export function selectable(c: Ctx, side: Side): string[] {
  const all = side === 'german' ? c.charts.chits.axis : c.charts.chits.soviet;
  return all.filter((ch) => !(side === 'soviet' && c.s.turn === 2 && TURN2_BANNED.includes(ch)));
}

/** Who chooses next in the selection phase: the Soviet (when he has chits), then the Axis. */
export function selecting(c: Ctx): Side | undefined {
  if (c.s.chosen.soviet === undefined && chitsDue(c, 'soviet') > 0) return 'soviet';
  if (c.s.chosen.german === undefined) return 'german';
  return undefined;
}

/**
 * 6.1-6.3: a side's sealed choice. The other side never sees it (no event names the chits);
 * the chosen chits and SUPPLY go into the cup when both have chosen, the Guderian chit in
 * hand if the Axis keeps it there (it still counts toward the number).
 */
export function chooseChits(c: Ctx, side: Side, chits: readonly string[], hold: boolean): void {
  const due = chitsDue(c, side);
  const allowed = selectable(c, side);
  const seen = new Set<string>();
  for (const ch of chits) {
    if (seen.has(ch)) throw new RuleError('6.1', `${ch} is listed twice`);
    seen.add(ch);
    if (side === 'soviet' && c.s.turn === 2 && TURN2_BANNED.includes(ch))
      throw new RuleError('15.3', `on turn 2 the Soviet may not choose ${TURN2_BANNED.join(', ')}`);
    if (!allowed.includes(ch)) throw new RuleError('6.1', `${ch} is not a ${sideName(side)} chit`);
  }
  if (chits.length !== due) throw new RuleError('5.0', `choose exactly ${due} chits this turn (you chose ${chits.length})`);
  if (hold && !chits.includes(GUDERIAN)) throw new RuleError('6.3', 'only the Guderian chit can be kept in hand');
  if (hold && c.s.guderianDismissed) throw new RuleError('15.5', 'Guderian is dismissed: his chit is a plain 2PzA chit');
  c.s.chosen = { ...c.s.chosen, [side]: [...chits] };
  c.s.hand = side === 'german' ? hold : c.s.hand;
  c.event('chits', `${sideName(side)} has chosen ${chits.length} chits (sealed until drawn)`, { rule: '6.1' });
  const next = selecting(c);
  if (next) {
    c.s.side = next;
    return;
  }
  const axis = c.s.chosen.german ?? [];
  c.s.cup = [...(c.s.chosen.soviet ?? []), ...axis.filter((ch) => !(c.s.hand && ch === GUDERIAN)), SUPPLY];
  c.s.chosen = {};
  c.event('cup', `${c.s.cup.length} chits go into the cup${c.s.hand ? '; the Axis keeps the Guderian chit in hand' : ''}`, { rule: '6.2' });
  drawNext(c);
}

/** 7.1: draw one chit at random; 7.3: the Axis with Guderian in hand may interrupt it. */
export function drawNext(c: Ctx): void {
  const s = c.s;
  if (!s.cup.length) {
    if (s.hand && !s.guderianDismissed) {
      // 7.3(3): Guderian still in hand when the cup is empty: 2PzA activates before the turn ends.
      s.hand = false;
      c.event('guderian', 'The cup is empty: the Guderian chit in hand activates 2PzA', { rule: '7.3(3)' });
      execute(c, GUDERIAN);
      return;
    }
    endTurn(c);
    return;
  }
  const i = c.die(s.cup.length) - 1;
  const chit = s.cup[i]!;
  s.cup = s.cup.filter((_, j) => j !== i);
  c.event('draw', `Drawn: ${chit} (${s.cup.length} left in the cup)`, {
    rule: '7.1',
    dice: [{ purpose: `draw from ${s.cup.length + 1} chits`, roll: i + 1, result: chit }],
  });
  if (s.hand && !s.guderianDismissed) {
    s.drawn = chit;
    s.phase = 'interrupt';
    s.side = 'german';
    return;
  }
  execute(c, chit);
}

/** 7.3: play Guderian on the drawn chit (it goes back into the cup) or let it run. */
export function interrupt(c: Ctx, play: boolean): void {
  const chit = c.s.drawn!;
  c.s.drawn = undefined;
  if (!play) {
    execute(c, chit);
    return;
  }
  c.s.cup = [...c.s.cup, chit];
  c.s.hand = false;
  c.event('guderian', `Guderian interrupts: ${chit} goes back into the cup and 2PzA activates`, { rule: '7.3' });
  execute(c, GUDERIAN);
}

/** A chit's activation as it starts: nothing moved, attacked or declared yet. */
export function chitRun(name: string, side: Side, extra: Partial<ChitRun> = {}): ChitRun {
  return {
    name,
    side,
    units: [],
    half: [],
    moved: [],
    attacked: [],
    declared: [],
    resolving: false,
    hexesAttacked: [],
    retreatedInto: [],
    reinf: 0,
    garrison: 0,
    guards: 0,
    ...extra,
  };
}

/** 8.1-8.2: the HQ and every friendly combat unit within its command range, whatever lies between. */
export function activatedBy(c: Ctx, hq: Unit): string[] {
  const range = c.type(hq).hq!;
  return [
    hq.id,
    ...c
      .onMap(hq.side)
      .filter((u) => !c.isHq(u) && c.board.distance(u.hex!, hq.hex!) <= range)
      .map((u) => u.id)
      .sort(),
  ];
}

/** 7.2: carry out a drawn chit; its owner is the active player. */
export function execute(c: Ctx, chit: string): void {
  const s = c.s;
  const side = chitOwner(c, chit);
  if (chit === SUPPLY || !side) {
    supplyCheck(c);
    s.chit = chitRun(SUPPLY, 'soviet');
    s.phase = 'withdraw';
    s.side = 'soviet';
    return;
  }
  s.side = side;
  if (chit.endsWith('REINF')) {
    const row = turnRow(c.charts, s.turn);
    const soviet = side === 'soviet';
    const garrison = soviet && GARRISON_TURNS.includes(s.turn) ? GARRISON_UNITS + s.garrisonCarry : soviet ? s.garrisonCarry : 0;
    s.garrisonCarry = 0;
    const guards = soviet && s.turn === GUARDS_TURN && s.options.guards ? GUARDS_UNITS : 0;
    s.chit = chitRun(chit, side, { reinf: soviet ? row.suReinf : row.gerReinf, garrison, guards });
    s.phase = 'reinforce';
    c.event(
      'reinf',
      `${chit}: ${s.chit.reinf} reinforcements${garrison ? `, ${garrison} Moscow garrison units (14.3)` : ''}${guards ? ', 3 Guards conversions (15.2)' : ''}`,
      {
        rule: '12.2',
      },
    );
    return;
  }
  if (chit === 'RESERVE' || chit === 'OKH') {
    const die = c.die();
    const n = reserveUnits(die);
    s.chit = chitRun(chit, side, { pick: n });
    s.phase = 'reserve';
    c.event('reserve', `${chit}: die ${die}, ${n} units may be activated`, {
      rule: '15.1',
      dice: [{ purpose: `${chit} activation`, roll: die, result: `${n} units` }],
    });
    return;
  }
  const hqId = hqOfChit(chit)!;
  const hq = c.unit(hqId);
  if (hq?.where !== 'map') {
    // 13.0(2), A-19: the chit of an HQ off the map does nothing this time.
    c.event('chit', `${chit}: ${hqId} is not on the map, so the chit has no effect`, { rule: '13.0(2)' });
    finishChit(c, chit);
    return;
  }
  const units = activatedBy(c, hq);
  s.chit = chitRun(chit, side, { hq: hqId, units });
  s.phase = 'move';
  c.event('activate', `${chit}: ${hqId} activates ${units.length} units (command range ${c.type(hq).hq})`, {
    rule: '8.1',
    hexes: [hq.hex!],
  });
}

/** 15.1(1): d6 1-4 activates 3 units, 5 four, 6 five. */
export function reserveUnits(die: number): number {
  return die <= 4 ? 3 : die === 5 ? 4 : 5;
}

/** 15.1: the units a RESERVE or OKH chit activates; RESERVE units outside every Soviet HQ's range move at half MA. */
export function pickReserve(c: Ctx, ids: readonly string[]): void {
  const chit = c.s.chit!;
  if (ids.length > (chit.pick ?? 0)) throw new RuleError('15.1', `pick at most ${chit.pick} units`);
  const hqs = c.onMap(chit.side).filter((u) => c.isHq(u));
  const half: string[] = [];
  for (const id of new Set(ids)) {
    const u = c.unit(id);
    if (u?.where !== 'map' || u.side !== chit.side) throw new RuleError('15.1', `${id} is not one of your units on the map`);
    if (chit.name === 'RESERVE' && !hqs.some((h) => c.board.distance(h.hex!, u.hex!) <= c.type(h).hq!)) half.push(id);
  }
  chit.units = [...new Set(ids)];
  chit.half = half;
  c.s.phase = 'move';
  c.event('activate', `${chit.name} activates ${chit.units.join(', ')}${half.length ? ` (${half.join(', ')} at half MA, 15.1)` : ''}`, {
    rule: '15.1',
  });
}

/** 7.1(4): the chit to the used box, then the next draw. */
export function finishChit(c: Ctx, name: string): void {
  c.s.used = [...c.s.used, name];
  c.s.chit = undefined;
  c.s.advance = undefined;
  drawNext(c);
}

/** 11.1: Soviet units without a line lose a step, then Axis units on the board as it then stands. */
export function supplyCheck(c: Ctx): void {
  for (const side of ['soviet', 'german'] as const) {
    const loc = locHexes(c, side);
    const out = c.onMap(side).filter((u) => !loc.has(u.hex!));
    const lines = out.flatMap((u) => takeLosses(c, [u.id], 1, false));
    c.event('supply', `Supply check, ${sideName(side)}: ${lines.length ? lines.join(', ') : 'every unit traces a line'}`, {
      rule: '11.1',
      hexes: out.map((u) => u.hex!),
    });
  }
}

/** 11.2: a unit that traces a line may go to the Available Box (it comes back at full strength, 2.2.1(3)). */
export function withdraw(c: Ctx, id: string): void {
  const u = c.unit(id);
  if (u?.where !== 'map' || u.side !== c.s.side) throw new RuleError('11.2', `${id} is not one of your units on the map`);
  if (!locHexes(c, u.side).has(u.hex!)) throw new RuleError('11.2', `${id} cannot trace a line of communication`);
  c.remove(u, 'available');
  c.event('withdraw', `${id} withdraws to the Available Box`, { rule: '11.2', hexes: [u.hex!] });
}

/** Hexes where a unit of `side` may enter now as a reinforcement (12.1) or as Moscow garrison (14.3). */
export function entryHexes(c: Ctx, side: Side, garrison: boolean): HexId[] {
  const free = (h: HexId) => c.at(h).length < STACK && c.sideAt(h) !== other(side);
  if (garrison) return c.board.moscow.filter((h) => c.control(h) === 'soviet' && free(h));
  return [...railEntry(c, side)].filter(free).sort();
}

/** 12.1-12.2 and 14.3: place one unit from the Available Box. */
export function place(c: Ctx, id: string, h: HexId): void {
  const chit = c.s.chit!;
  const u = c.unit(id);
  if (!u || u.side !== chit.side || u.where !== 'available') throw new RuleError('12.2', `${id} is not in your Available Box`);
  if (chit.reinf === 0 && chit.garrison === 0) throw new RuleError('12.2', 'no more units arrive with this chit');
  const asGarrison = chit.garrison > 0 && entryHexes(c, chit.side, true).includes(h);
  const asReinf = chit.reinf > 0 && entryHexes(c, chit.side, false).includes(h);
  if (!asGarrison && !asReinf)
    throw new RuleError(
      chit.garrison > 0 ? '12.1, 14.3' : '12.1',
      `${h} is not a rail hex reached from a supply source by rail outside enemy zones${chit.garrison > 0 ? ', nor a Soviet Moscow hex with room' : ''}`,
    );
  if (asReinf) chit.reinf -= 1;
  else chit.garrison -= 1;
  c.place(u, h);
  c.s.units[id] = { ...c.s.units[id]!, steps: u.maxSteps };
  c.event('placed', `${id} enters at ${h}${asReinf ? '' : ' (Moscow garrison)'}`, { rule: asReinf ? '12.1' : '14.3', hexes: [h] });
}

/** 15.2: on turn 8 a rifle division with a line (EZOC allowed) becomes a Guards division in its hex (A-30). */
export function convert(c: Ctx, id: string): void {
  const chit = c.s.chit!;
  if (chit.guards === 0) throw new RuleError('15.2', 'no Guards conversion is due');
  const u = c.unit(id);
  if (u?.where !== 'map' || u.type !== 'RD') throw new RuleError('15.2', `${id} is not a rifle division on the map`);
  if (!locHexes(c, 'soviet').has(u.hex!)) throw new RuleError('15.2', `${id} cannot trace a line of communication`);
  const g = Object.values(c.s.units).find((x) => x.where === 'convert');
  if (!g) throw new RuleError('15.2', 'the Guards conversion box is empty');
  const h = u.hex!;
  c.remove(u, 'gone');
  c.place(g, h);
  chit.guards -= 1;
  c.event('guards', `${id} becomes ${g.id} in ${h}`, { rule: '15.2', hexes: [h] });
}

/** The end of a reinforcement chit: shortfalls are lost (12.2(2)), garrison units carry over (14.3). */
export function endReinforce(c: Ctx): void {
  const chit = c.s.chit!;
  if (chit.garrison > 0) c.s.garrisonCarry = chit.garrison;
  finishChit(c, chit.name);
}

/** Major-city hexes the Axis controls with a line of communication (14.4). */
export function axisCities(c: Ctx): HexId[] {
  const loc = locHexes(c, 'german');
  return c.board.majors.filter((h) => c.control(h) === 'german' && loc.has(h));
}

function cityCount(c: Ctx, hexes: readonly HexId[]): number {
  return c.s.options.victoryCount === 'hex' ? hexes.length : new Set(hexes.map((h) => c.board.placeName(h))).size;
}
const enough = (c: Ctx, n: number, need: number) => (c.s.options.victoryCompare === 'atLeast' ? n >= need : n > need);

/** 14.4(2): remember the moment the Axis holds two Moscow hexes and Tula together. */
export function noteMoscowTula(c: Ctx): void {
  if (c.s.heldMoscowTula) return;
  const moscow = c.board.moscow.filter((h) => c.control(h) === 'german').length;
  if (moscow >= 2 && c.control(c.board.tula) === 'german') {
    c.s.heldMoscowTula = true;
    c.event('moscow', 'The Axis holds two Moscow hexes and Tula at the same time (14.4(2))', { rule: '14.4' });
  }
}

function endTurn(c: Ctx): void {
  const s = c.s;
  const cities = axisCities(c);
  const n = cityCount(c, cities);
  const moscowTula = cities.filter((h) => c.board.moscow.includes(h)).length >= 2 && cities.includes(c.board.tula);
  c.event(
    'turn-end',
    `End of turn ${s.turn}: the Axis holds ${n} major cities with a line (${cities.map((h) => c.board.placeName(h)).join(', ') || 'none'})`,
    {
      rule: '14.4',
    },
  );
  if (s.turn === 10 && moscowTula && enough(c, n, 10)) {
    s.result = { winner: 'german', reason: `14.4(1): at the end of turn 10 the Axis holds ${n} major cities with Moscow and Tula` };
  } else if (s.turn === 12) {
    s.result =
      s.heldMoscowTula && enough(c, n, 8)
        ? { winner: 'german', reason: `14.4(2): the Axis held Moscow and Tula and holds ${n} major cities at the end of turn 12` }
        : {
            winner: 'soviet',
            reason: `14.4(3): ${s.heldMoscowTula ? `the Axis holds only ${n} major cities` : 'the Axis never held two Moscow hexes and Tula together'} at the end of turn 12`,
          };
  }
  if (s.result) {
    s.phase = 'over';
    c.event('result', `${sideName(s.result.winner)} victory: ${s.result.reason}`, { rule: '14.4' });
    return;
  }
  s.turn += 1;
  s.used = [];
  s.cup = [];
  s.chosen = {};
  s.hand = false;
  c.event('turn', `Turn ${s.turn} begins (${turnRow(c.charts, s.turn).dates})`, { rule: '5.0' });
  if (s.turn >= DISMISSAL_FROM && !s.guderianDismissed) {
    const die = c.die();
    const out = die >= 5;
    if (out) s.guderianDismissed = true;
    c.event('dismissal', `Guderian dismissal roll: ${die}${out ? ': dismissed' : ': stays'}`, {
      rule: '15.5',
      dice: [{ purpose: 'Guderian dismissal (5-6)', roll: die, result: out ? 'dismissed' : 'stays' }],
    });
  }
  s.phase = 'select';
  s.side = selecting(c) ?? 'german';
}
