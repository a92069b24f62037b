/**
 * 9.1: a Luftwaffe unit is placed on a German force. When only part of the stack moves (9.5:
 * "you may decide to do so with some or all units"), the commander says whether it goes with
 * the moving units (the default) or stays with the rest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RuleError } from '../../../src/games/engine.js';
import { seekPockets } from '../../../src/games/operation-typhoon/autoplay/index.js';
import { movableStacks } from '../../../src/games/operation-typhoon/engine-prompt.js';
import { type TyphoonAction, type TyphoonState, typhoonEngine } from '../../../src/games/operation-typhoon/index.js';
import type { GameSessions } from '../../../src/session/index.js';
import { consoleRunner } from '../../helpers/console-runner.js';
import { type BotHarness, channel, member, startBotHarness } from '../../helpers/fake-discord/bot-harness.js';

const engine = typhoonEngine();
const { index } = engine;

/** A stack of two or more units of one mobility at the start of Phase I, and a German hex next to it. */
function splitPosition(s: TyphoonState) {
  for (const stack of movableStacks(index, s)) {
    const mech = stack.units.filter((u) => index.unit(u).mobility === 'mechanized');
    const foot = stack.units.filter((u) => index.unit(u).mobility !== 'mechanized');
    const group = mech.length >= 2 ? mech : foot.length >= 2 ? foot : undefined;
    if (!group) continue;
    const to = index.map.neighbours(stack.hex).find((n) => !index.initiallySoviet.has(n) || s.taken.includes(n));
    const empty = to && !Object.values(s.units).some((u) => u.hex === to);
    if (to && empty) return { hex: stack.hex, units: stack.units, group, to };
  }
  return undefined;
}

/** Turn 2's Phase I of a game played by the scripted German: stacks have formed by then. */
function turnTwo(seed: number): { state: TyphoonState; actions: TyphoonAction[] } {
  let state = engine.setup({ seed });
  const actions: TyphoonAction[] = [];
  while (state.turn < 2 && state.phase !== 'over') {
    const a = seekPockets.decide(engine, state);
    actions.push(a);
    state = engine.apply(state, a).state;
  }
  return { state, actions };
}

let found: { seed: number; state: TyphoonState; actions: TyphoonAction[]; split: NonNullable<ReturnType<typeof splitPosition>> };
beforeAll(() => {
  for (let seed = 1; seed <= 20 && !found; seed++) {
    const t = turnTwo(seed);
    const split = t.state.phase === 'movement' ? splitPosition(t.state) : undefined;
    if (split) found = { seed, ...t, split };
  }
  if (!found) throw new Error('no seed gave a stack to split on turn 2');
});

const refusal = (s: TyphoonState, a: TyphoonAction): RuleError => {
  try {
    engine.apply(s, a);
  } catch (e) {
    if (e instanceof RuleError) return e;
    throw e;
  }
  throw new Error('the order was not refused');
};

describe('9.1: the Luftwaffe unit when part of a stack moves', () => {
  it('goes with the moving units by default; the units left behind have none', () => {
    const { state, split } = found;
    const s = engine.apply(state, { type: 'assign-air', hex: split.hex }).state;
    const first = split.group[0]!;
    const r = engine.apply(s, { type: 'move', from: split.hex, units: [first], path: [split.to] });
    expect(r.state.active!.air).toBe(true);
    expect(r.state.airWith).toEqual([]);
    expect(r.events.some((e) => e.kind === 'air' && e.text.includes('flies with the moving units'))).toBe(true);
  });

  it('stays with the rest when asked: the next force from the hex takes it', () => {
    const { state, split } = found;
    let s = engine.apply(state, { type: 'assign-air', hex: split.hex }).state;
    const [first, ...others] = split.group;
    const r = engine.apply(s, { type: 'move', from: split.hex, units: [first!], path: [split.to], air: 'stays' });
    expect(r.state.active!.air).toBe(false);
    expect(r.state.airWith).toEqual([split.units.filter((u) => u !== first)]);
    expect(r.events.find((e) => e.kind === 'air')!.text).toMatch(new RegExp(`stays in ${split.hex} with`));
    s = engine.apply(r.state, { type: 'end-force' }).state;
    const back = index.map
      .neighbours(split.hex)
      .find((n) => n !== split.to && !index.initiallySoviet.has(n) && !Object.values(s.units).some((u) => u.hex === n));
    const second = engine.apply(s, { type: 'move', from: split.hex, units: others, path: back ? [back] : [split.to] });
    expect(second.state.active!.air).toBe(true);
  });

  it('refuses air:stays when the whole force moves, and any air: choice without a Luftwaffe unit; nothing changes', () => {
    const { state, split } = found;
    const s = engine.apply(state, { type: 'assign-air', hex: split.hex }).state;
    const before = JSON.stringify(s);
    expect(refusal(s, { type: 'move', from: split.hex, units: split.units, path: [split.to], air: 'stays' }).message).toMatch(
      /^9\.1: every unit of the force in .* is moving: its Luftwaffe unit goes with them/,
    );
    expect(JSON.stringify(s)).toBe(before);
    expect(refusal(state, { type: 'move', from: split.hex, units: [split.group[0]!], path: [split.to], air: 'with' }).message).toMatch(
      /^9\.1: no Luftwaffe unit is with the force in/,
    );
  });
});

/** Hexes of other stacks, one for each Luftwaffe unit of the turn beyond the first. */
function otherStacks(): string[] {
  const extra = found.state.airAvailable - 1;
  return movableStacks(index, found.state)
    .map((st) => st.hex)
    .filter((h) => h !== found.split.hex)
    .slice(0, Math.max(0, extra));
}

/** The same game through a session: turn 1 played by the scripted German, quickly. */
async function advance(sessions: GameSessions, ch: string, player: { id: string; name?: string }) {
  const actor = { id: player.id, name: player.name ?? player.id };
  for (const a of found.actions) await sessions.act(ch, actor, a);
}

describe('/move air:stays from the console', () => {
  it('keeps the Luftwaffe unit back with the units left in the hex', async () => {
    const c = consoleRunner<TyphoonState>({ channelId: 'air', prefix: 'typhoon-air' });
    const { run } = c;
    expect(await run(`/game new game:operation-typhoon seed:${found.seed}`)).toMatch(/has started/);
    const doc = await c.doc();
    await advance(c.services.sessions, 'air', doc.players[0]!);
    const { split } = found;
    expect(await run(`/air assign hex:${split.hex}`)).toMatch(/Luftwaffe unit flies with the force/);
    // The turn's other Luftwaffe unit goes elsewhere, so the first move forfeits nothing (9.1).
    for (const hex of otherStacks()) await run(`/air assign hex:${hex}`);
    const name = index.unit(split.group[0]!).label;
    expect(await run(`/move force:${split.hex} to:${split.to} units:"${name}" air:stays`)).toMatch(/Luftwaffe unit stays in/);
    const s = await c.state();
    expect(s.active!.air).toBe(false);
    expect(s.airWith.filter((g) => g.some((u) => split.units.includes(u)))).toEqual([split.units.filter((u) => u !== split.group[0])]);
    expect(await run(`/move force:${split.to} to:${split.hex} air:sideways`)).toMatch(/air.*with, stays/);
  });
});

describe('/move air:stays through Discord', () => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await startBotHarness();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('keeps the Luftwaffe unit back, and a whole-stack move with air:stays is refused privately', async () => {
    const player = member('Kesselring');
    const ch = channel();
    await h.fake.ask(player, ch, 'game', 'new', { game: 'operation-typhoon', seed: found.seed });
    const doc = (await h.bot.sessions.require(ch)).doc;
    await advance(h.bot.sessions, ch, doc.players[0]!);
    const { split } = found;
    await h.fake.ask(player, ch, 'air', 'assign', { hex: split.hex });
    for (const hex of otherStacks()) await h.fake.ask(player, ch, 'air', 'assign', { hex });
    const names = split.units.map((u) => index.unit(u).label).join(', ');
    const whole = await h.fake.ask(player, ch, 'move', undefined, { force: split.hex, to: split.to, units: names, air: 'stays' });
    expect(whole.ephemeral).toBe(true);
    expect(whole.content).toMatch(/its Luftwaffe unit goes with them/);
    const moved = await h.fake.ask(player, ch, 'move', undefined, {
      force: split.hex,
      to: split.to,
      units: index.unit(split.group[0]!).label,
      air: 'stays',
    });
    expect(moved.ephemeral).toBe(false);
    expect(moved.content).toMatch(/Luftwaffe unit stays in/);
    expect(((await h.bot.sessions.require(ch)).doc.state as TyphoonState).active!.air).toBe(false);
  });
});
