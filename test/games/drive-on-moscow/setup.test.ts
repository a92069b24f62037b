import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DOM_GAME } from '../../../src/games/drive-on-moscow/definition.js';
import { domEngine } from '../../../src/games/drive-on-moscow/engine.js';
import { setupHexes } from '../../../src/games/drive-on-moscow/free-setup.js';
import type { DomAction, DomState } from '../../../src/games/drive-on-moscow/state.js';
import { RuleError } from '../../../src/games/engine.js';
import { consoleRunner } from '../../helpers/console-runner.js';

/** Free set-up (setup:free): each side moves its own units inside its zone, Soviet first (3.2, 3.3, 3.6, 6.0). */
const engine = domEngine();
const board = engine.board;
const free = () => engine.setup({ seed: 5, setup: 'free' });
const sha = (s: DomState) => createHash('sha256').update(JSON.stringify(s)).digest('hex');

const refuses = (s: DomState, a: DomAction, rule: string, text?: RegExp) => {
  const before = JSON.stringify(s);
  let err: unknown;
  try {
    engine.apply(s, a);
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(RuleError);
  expect((err as RuleError).rule).toBe(rule);
  if (text) expect((err as RuleError).message).toMatch(text);
  expect(JSON.stringify(s)).toBe(before);
};
const unitsIn = (s: DomState, h: string) => Object.values(s.units).filter((u) => u.hex === h);
const firstOf = (s: DomState, pick: (h: string) => boolean, side: 'german' | 'soviet') =>
  Object.values(s.units).find((u) => u.side === side && pick(u.hex))!;

describe('Drive on Moscow free set-up: the engine', () => {
  it('leaves the default game exactly as before (setup:auto stores nothing)', () => {
    // Digests of engine.setup before free set-up existed.
    expect(sha(engine.setup({ seed: 1 }))).toBe('5569328c92b9c5af1953a25517f4ad5ab3a7fb0620942f577833e7e09a5c1795');
    expect(sha(engine.setup({ seed: 5 }))).toBe('8aa6df3340014c2555a295a8deb9f55a15514e8dd5d7ca1f17f156c21c4e576a');
    expect(sha(engine.setup({ seed: 5, setup: 'auto' }))).toBe('8aa6df3340014c2555a295a8deb9f55a15514e8dd5d7ca1f17f156c21c4e576a');
    expect(sha(engine.setup({ seed: 9, vs: 'bot', side: 'soviet', losses: 'player' }))).toBe(
      '20c2bcc1779903efd87c07e03b3115afa7ded18b53c13700883f9bf21e39b9aa',
    );
    // Free set-up starts from the same deployment, the Soviet player first (3.2-3.6).
    const f = free();
    expect(f.phase).toBe('setup');
    expect(f.side).toBe('soviet');
    expect(f.units).toEqual(engine.setup({ seed: 5 }).units);
    expect(engine.prompt(f).side).toBe('soviet');
    // A bot side keeps its deployment and ends its set-up at once.
    const vsBot = engine.setup({ seed: 5, setup: 'free', vs: 'bot', side: 'german' });
    expect(DOM_GAME.autoPlay!(vsBot)).toEqual({ type: 'end' });
    const germanBot = engine.apply(engine.setup({ seed: 5, setup: 'free', vs: 'bot', side: 'soviet' }), { type: 'end' }).state;
    expect(DOM_GAME.autoPlay!(germanBot)).toEqual({ type: 'end' });
    expect(DOM_GAME.autoPlay!(engine.setup({ seed: 5, setup: 'free', vs: 'bot', side: 'soviet' }))).toBeUndefined();
  });

  it('3.2: a Reserve Front unit stays east of the boundary, alone in its hex', () => {
    const s = free();
    const grd = firstOf(s, (h) => board.reserve.has(h), 'soviet');
    const emptyReserve = [...board.reserve].sort().find((h) => unitsIn(s, h).length === 0)!;
    const forward = firstOf(s, (h) => !board.reserve.has(h), 'soviet').hex;
    const otherReserve = Object.values(s.units).find((u) => board.reserve.has(u.hex) && u.id !== grd.id)!.hex;
    refuses(s, { type: 'place', unit: grd.id, hex: forward }, '3.2', /east of the Forward Zone\/Reserve Front boundary/);
    refuses(s, { type: 'place', unit: grd.id, hex: otherReserve }, '3.2', /one a hex, alone/);
    const moved = engine.apply(s, { type: 'place', unit: grd.id, hex: emptyReserve });
    expect(moved.state.units[grd.id]!.hex).toBe(emptyReserve);
    expect(moved.state.rolled).toBe(false);
    expect(moved.events[0]!.hexes).toEqual([grd.hex, emptyReserve]);
    // Every hex offered to a Reserve Front unit is an empty hex east of the boundary.
    const offered = setupHexes(board, s, grd.id);
    expect(offered.length).toBeGreaterThan(10);
    expect(offered.every((h) => board.reserve.has(h) && unitsIn(s, h).length === 0)).toBe(true);
  });

  it('3.3, 6.0: a Forward Zone unit stays between the front line and the boundary, five to a hex', () => {
    const s = free();
    const fz = Object.values(s.units).filter((u) => u.side === 'soviet' && !board.reserve.has(u.hex) && u.type !== 'RD');
    const u = fz[0]!;
    const reserveHex = [...board.reserve].sort().find((h) => unitsIn(s, h).length === 0)!;
    const germanHex = board.map.ids.find((h) => board.initial(h) === 'german')!;
    refuses(s, { type: 'place', unit: u.id, hex: reserveHex }, '3.3', /Forward Zone unit/);
    refuses(s, { type: 'place', unit: u.id, hex: germanHex }, '3.3');
    // Fill a Forward Zone hex to five, then a sixth is refused (6.0).
    const target = board.map.ids.find((h) => board.initial(h) === 'soviet' && !board.reserve.has(h) && unitsIn(s, h).length === 0)!;
    let t = s;
    for (const x of fz.slice(1, 6)) t = engine.apply(t, { type: 'place', unit: x.id, hex: target }).state;
    expect(unitsIn(t, target)).toHaveLength(5);
    refuses(t, { type: 'place', unit: u.id, hex: target }, '6.0', /5 units/);
    expect(setupHexes(board, t, u.id)).not.toContain(target);
  });

  it('3.3: the Soviet set-up may not end with a front-line hex lacking a rifle division; then the German sets up', () => {
    const s = free();
    const front = board.frontHexes[0]!;
    const rifle = unitsIn(s, front).find((u) => u.type === 'RD')!;
    const behind = board
      .neighbours(front)
      .find((h) => board.initial(h) === 'soviet' && !board.frontHexes.includes(h) && unitsIn(s, h).length < 5)!;
    const bare = engine.apply(s, { type: 'place', unit: rifle.id, hex: behind }).state;
    refuses(bare, { type: 'end' }, '3.3', new RegExp(`rifle division.*${front}`));
    expect(engine.prompt(bare).choices).toEqual([]);
    // The German player may not set up during the Soviet set-up (3.6: after it).
    refuses(bare, { type: 'place', unit: '7 Pz', hex: s.units['7 Pz']!.hex }, '3.6', /Soviet player is setting up/);
    // Nor may play start before set-up ends.
    refuses(bare, { type: 'order', order: 'move-fight' }, '3.0');
    const back = engine.apply(bare, { type: 'place', unit: rifle.id, hex: front }).state;
    const german = engine.apply(back, { type: 'end' }).state;
    expect(german.phase).toBe('setup');
    expect(german.side).toBe('german');
    refuses(german, { type: 'place', unit: rifle.id, hex: behind }, '3.6', /German player is setting up/);
  });

  it('3.6, 6.0, 5.3: German units west of the initial front line, five to a hex; the Guderian Effect follows the set-up', () => {
    let s = engine.apply(free(), { type: 'end' }).state;
    const pz = s.units['3 Pz']!; // Panzer Group 2, on the south sheet
    expect(s.guderian).toContain('3 Pz');
    const east = board.frontHexes[0]!;
    refuses(s, { type: 'place', unit: pz.id, hex: east }, '3.6', /west of the initial front line/);
    // Five German units in one hex west of the line; a sixth is refused (6.0).
    const full = board.map.ids.find((h) => board.initial(h) === 'german' && unitsIn(s, h).length === 0)!;
    const infantry = Object.values(s.units).filter((u) => u.side === 'german' && u.type === 'infantry');
    for (const x of infantry.slice(0, 5)) s = engine.apply(s, { type: 'place', unit: x.id, hex: full }).state;
    expect(unitsIn(s, full)).toHaveLength(5);
    refuses(s, { type: 'place', unit: pz.id, hex: full }, '6.0');
    const north = board.map.ids.find((h) => board.initial(h) === 'german' && !board.isSouthSheet(h) && unitsIn(s, h).length === 0)!;
    s = engine.apply(s, { type: 'place', unit: pz.id, hex: north }).state;
    const started = engine.apply(s, { type: 'end' });
    expect(started.state.phase).toBe('order');
    expect(started.state.side).toBe('german');
    expect(started.state.turn).toBe(1);
    expect(started.state.guderian).not.toContain('3 Pz');
    expect(started.state.guderian).toContain('4 Pz');
    refuses(started.state, { type: 'place', unit: '4 Pz', hex: north }, '3.0');
    // Untried Soviet units stayed untried: set-up draws and reveals nothing.
    const untried = (x: DomState) => Object.values(x.units).filter((u) => u.untried).length;
    expect(untried(started.state)).toBe(untried(free()));
    expect(started.state.dice).toEqual(free().dice);
  });
});

describe('Drive on Moscow free set-up in the console', () => {
  it('places, refuses an illegal hex, ends both set-ups, and play starts', async () => {
    const { run, state } = consoleRunner<DomState>({ channelId: 'dom-setup' });
    expect(await run('/game new game:drive-on-moscow seed:5 setup:free')).toMatch(/Soviet set-up: \/setup place/);
    const s = await state();
    const grd = Object.values(s.units).find((u) => u.type === 'GRD')!;
    const empty = [...board.reserve].sort().find((h) => unitsIn(s, h).length === 0)!;
    const before = JSON.stringify(s);
    expect(await run(`/setup place unit:"${grd.id}" hex:${board.frontHexes[0]}`)).toMatch(/3\.2: .*Reserve Front unit/);
    expect(JSON.stringify(await state())).toBe(before);
    const placed = await run(`/setup place unit:"${grd.id}" hex:${empty}`);
    expect(placed).toMatch(new RegExp(`${grd.id} set up in ${empty}`));
    expect(placed).toMatch(/\[image\]/);
    expect(await run('/game undo')).toMatch(/[Tt]ook back|undone|Undid/);
    expect((await state()).units[grd.id]!.hex).toBe(grd.hex);
    expect(await run('/phase end')).toMatch(/German set-up/);
    expect(await run('/phase end')).toMatch(/German player turn 1: declare the phase order/);
    expect(await run('/phase order order:move-fight')).toMatch(/German Movement Phase/);
  });
});
