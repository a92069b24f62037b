/**
 * 10.6 "all hits are apportioned as desired, except no hits may be taken on a one-step unit
 * (brigades and artillery units) until all two-step units have suffered at least one hit":
 * the bot places hits by default; with allocation:manual the commander places every hit that
 * could land more than one way, one fire at a time, in regular battles and breakouts alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countsAsRound, standingPick } from '../../../src/dispatch/order-batch-replies.js';
import { RuleError } from '../../../src/games/engine.js';
import { seekPockets } from '../../../src/games/operation-typhoon/autoplay/index.js';
import { prompt } from '../../../src/games/operation-typhoon/engine-prompt.js';
import { type TyphoonAction, type TyphoonState, typhoonEngine } from '../../../src/games/operation-typhoon/index.js';
import type { GameSessions, GameView } from '../../../src/session/index.js';
import { ManualClock } from '../../../src/votes/index.js';
import { consoleRunner } from '../../helpers/console-runner.js';
import { type BotHarness, channel, member, startBotHarness } from '../../helpers/fake-discord/bot-harness.js';

const engine = typhoonEngine();
const { index } = engine;

/** The same position apart from who places hits and whether the last order can be taken back. */
const comparable = (s: TyphoonState) => JSON.stringify({ ...s, allocation: undefined, undoable: undefined });

const refusal = (s: TyphoonState, a: TyphoonAction): RuleError => {
  try {
    engine.apply(s, a);
  } catch (e) {
    if (e instanceof RuleError) return e;
    throw e;
  }
  throw new Error('the order was not refused');
};

interface Pause {
  state: TyphoonState;
  /** The orders of the manual game that led here (the scripted German's, and the bot placements). */
  actions: TyphoonAction[];
}

/**
 * Plays a seed twice with the scripted German, once with the bot placing hits and once with
 * the commander asked (and answering "let the bot place them"), through `turns` turns; checks
 * the two games stay the same after every order of the first, and collects every pause.
 */
function playBoth(seed: number, turns: number): { pauses: Pause[]; same: boolean } {
  let auto = engine.setup({ seed });
  let manual = engine.setup({ seed, allocation: 'manual' });
  const actions: TyphoonAction[] = [];
  const pauses: Pause[] = [];
  let same = true;
  while (auto.turn <= turns && auto.phase !== 'over') {
    const a = seekPockets.decide(engine, auto);
    auto = engine.apply(auto, a).state;
    manual = engine.apply(manual, a).state;
    actions.push(a);
    while (manual.battle?.pending) {
      pauses.push({ state: manual, actions: [...actions] });
      manual = engine.apply(manual, { type: 'allocate' }).state;
      actions.push({ type: 'allocate' });
    }
    if (comparable(auto) !== comparable(manual)) same = false;
  }
  return { pauses, same };
}

let played: { seed: number; pauses: Pause[]; same: boolean };
beforeAll(() => {
  for (let seed = 1; seed <= 12 && !played; seed++) {
    const r = playBoth(seed, 1);
    const kinds = new Set(r.pauses.map((p) => p.state.battle!.kind));
    if (kinds.has('regular') && kinds.has('breakout') && r.pauses.some((p) => p.state.battle!.pending!.on === 'german'))
      played = { seed, ...r };
  }
  if (!played) throw new Error('no seed paused in both a battle and a breakout on turn 1');
}, 120_000);

describe('10.6: who places the hits', () => {
  it('a commander who lets the bot place every hit plays the same game as the bot alone', () => {
    expect(played.same).toBe(true);
    expect(played.pauses.length).toBeGreaterThan(3);
  });

  it('pauses after the fire that scored them, naming the firer, with one choice per unit that may take the next hit', () => {
    const { state } = played.pauses[0]!;
    const p = prompt(index, state);
    const pending = state.battle!.pending!;
    expect(p.text).toMatch(new RegExp(`scored ${pending.hits} hits? on (your units|the Soviets)`));
    const units = p.choices.filter((c) => c.action.type === 'allocate' && 'unit' in c.action && c.action.unit);
    expect(units.length).toBeGreaterThanOrEqual(2);
    expect(p.choices.at(-1)!.action).toEqual({ type: 'allocate' });
    expect(p.choices.some((c) => c.action.type === 'another-round' || c.action.type === 'retreat')).toBe(false);
  });

  it('puts the hit where the commander says, and says who placed it', () => {
    const pause = played.pauses.find((p) => p.state.battle!.kind === 'regular' && p.state.battle!.pending!.on === 'soviet')!;
    const choices = prompt(index, pause.state).choices.filter((c) => c.action.type === 'allocate' && 'unit' in c.action && c.action.unit);
    const botPlaces = engine.apply(pause.state, { type: 'allocate' }).state;
    // The unit the bot would not have hit first: the last one offered.
    const chosen = (choices.at(-1)!.action as { unit: string }).unit;
    const before = pause.state.battle!.soviet.find((u) => u.id === chosen)!.steps;
    const r = engine.apply(pause.state, { type: 'allocate', unit: chosen });
    const after = (r.state.battle ?? botPlaces.battle)?.soviet.find((u) => u.id === chosen)?.steps;
    const placed = r.events.find((e) => e.kind === 'hits')!;
    expect(placed.text).toMatch(/^the commander places a hit: /);
    expect(placed.text).toContain(index.sovietUnit(chosen).label);
    if (r.state.battle) expect(after).toBe(before - 1);
    expect(comparable(r.state)).not.toBe(comparable(botPlaces));
  });

  it('refuses a one-step unit while a two-step unit has taken no hit, an unknown unit, and every other order meanwhile; nothing changes', () => {
    const pause = played.pauses[0]!;
    const s = pause.state;
    const before = JSON.stringify(s);
    expect(refusal(s, { type: 'allocate', unit: 'nobody' }).message).toMatch(/^10\.6: nobody is not a unit that can take this hit/);
    expect(refusal(s, { type: 'another-round' }).message).toMatch(/^10\.6: .*wait.* to be placed/);
    expect(refusal(s, { type: 'retreat' }).message).toMatch(/^10\.6: /);
    expect(refusal(s, { type: 'end-phase' }).message).toMatch(/^10\.6: /);
    expect(refusal(s, { type: 'allocation', mode: 'auto' }).message).toMatch(/^10\.6: /);
    expect(JSON.stringify(s)).toBe(before);
    // 10.6's restriction, wherever a one-step Soviet unit stood beside a two-step one untouched.
    const mixed = played.pauses.find((p) => {
      const b = p.state.battle!;
      if (b.pending!.on !== 'soviet') return false;
      const live = b.soviet.filter((u) => !u.out && u.steps > 0);
      return live.some((u) => index.sovietUnit(u.id).steps === 1) && live.some((u) => index.sovietUnit(u.id).steps === 2 && u.steps === 2);
    });
    expect(mixed).toBeDefined();
    {
      const b = mixed!.state.battle!;
      const oneStep = b.soviet.find((u) => !u.out && u.steps > 0 && index.sovietUnit(u.id).steps === 1)!;
      expect(refusal(mixed!.state, { type: 'allocate', unit: oneStep.id }).message).toMatch(/^10\.6: no hit may land on a one-step unit/);
      const offered = prompt(index, mixed!.state).choices.map((c) => (c.action as { unit?: string }).unit);
      expect(offered).not.toContain(oneStep.id);
    }
  });

  it('pauses inside a breakout too, and the breakouts of the capture go on once the hits are placed', () => {
    const pause = played.pauses.find((p) => p.state.battle!.kind === 'breakout')!;
    expect(pause.state.breakouts?.pockets.length).toBeGreaterThan(0);
    let s = pause.state;
    const events: string[] = [];
    while (s.battle?.pending) {
      const r = engine.apply(s, { type: 'allocate' });
      events.push(...r.events.map((e) => e.kind));
      s = r.state;
    }
    expect(events.some((k) => k === 'breakout-succeeded' || k === 'breakout-failed')).toBe(true);
  });

  it('stops a batch of orders for the commander; a standing instruction lets the bot place the hits and counts no round', () => {
    const view = { prompt: prompt(index, played.pauses[0]!.state) } as unknown as GameView;
    expect(standingPick({ battles: 'ask' }, 0, view)).toBeUndefined();
    const picked = standingPick({ battles: 'retreat', after: 2 }, 0, view)!;
    expect(view.prompt.choices[picked]!.action).toEqual({ type: 'allocate' });
    expect(countsAsRound({ type: 'allocate' })).toBe(false);
    expect(countsAsRound({ type: 'another-round' })).toBe(true);
  });

  it('is a game option stored only when chosen, and a setting the commander changes between battles', () => {
    expect(engine.setup({ seed: 1 }).allocation).toBeUndefined();
    const s = engine.setup({ seed: 1, allocation: 'manual' });
    expect(s.allocation).toBe('manual');
    const r = engine.apply(s, { type: 'allocation', mode: 'auto' });
    expect(r.state.allocation).toBeUndefined();
    expect(r.events[0]!.text).toMatch(/the bot places the hits/);
  });
});

/** The manual game up to its first pause, through a session. */
async function advance(sessions: GameSessions, ch: string, player: { id: string; name?: string }) {
  const actor = { id: player.id, name: player.name ?? player.id };
  for (const a of played.pauses[0]!.actions) await sessions.act(ch, actor, a);
}

describe('/battle hit from the console', () => {
  it('offers the units, places the hit named, and refuses another round meanwhile', async () => {
    const c = consoleRunner<TyphoonState>({ channelId: 'hit', prefix: 'typhoon-hit' });
    const { run } = c;
    expect(await run('/game new game:operation-typhoon allocation:sometimes')).toMatch(/allocation.*auto, manual/);
    expect(await run(`/game new game:operation-typhoon allocation:manual seed:${played.seed}`)).toMatch(/has started/);
    expect(await run('/game status')).toMatch(/hits placed by you \(10\.6\)/);
    const doc = await c.doc();
    await advance(c.services.sessions, 'hit', doc.players[0]!);
    expect(await run('/battle round')).toMatch(/10\.6: .*to be placed.*\/battle hit/);
    const state = await c.state();
    const target = prompt(index, state).choices.find((c) => c.action.type === 'allocate' && 'unit' in c.action && c.action.unit)!;
    const name = target.label.replace(/^Hit (.*) \((full strength|reduced)\)$/, '$1');
    expect(await run(`/battle hit unit:"${name}"`)).toMatch(/the commander places a hit: /);
    expect(await run('/battle hit unit:"Nobody"')).toMatch(/10\.6|no hits are waiting/);
  });
});

describe('/battle hit through Discord', () => {
  let h: BotHarness;
  const clock = new ManualClock();
  beforeAll(async () => {
    h = await startBotHarness({ voteClock: clock });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('shows a button per unit that may take the hit; pressing one places it', async () => {
    const player = member('Hoth');
    const ch = channel();
    const started = await h.fake.ask(player, ch, 'game', 'new', { game: 'operation-typhoon', seed: played.seed, allocation: 'manual' });
    expect(started.content).toMatch(/has started/);
    const doc = (await h.bot.sessions.require(ch)).doc;
    await advance(h.bot.sessions, ch, doc.players[0]!);
    const status = await h.fake.ask(player, ch, 'game', 'status', {});
    const hit = status.buttons.find((b) => /^Hit /.test(b.label ?? ''));
    expect(hit, status.buttons.map((b) => b.label).join(' | ')).toBeDefined();
    const [pressed] = await h.fake.answers(h.fake.click(player, status, hit!.customId));
    expect(pressed!.ephemeral).toBe(false);
    expect(pressed!.content).toMatch(/the commander places a hit/);
  });

  it('in a vote game, placing hits is a battle ballot: nobody voting leaves them to the bot', async () => {
    const player = member('Reinhardt');
    const ch = channel();
    await h.fake.ask(player, ch, 'game', 'new', { game: 'operation-typhoon', mode: 'vote', seed: played.seed, allocation: 'manual' });
    // The first pause that a plain move leads to: the moves before it are given directly, that one is voted.
    const pause = played.pauses.find((p) => {
      const last = p.actions.at(-1)!;
      return last.type === 'move' && !last.units && !last.air;
    })!;
    const creator = (await h.bot.sessions.require(ch)).doc.players[0]!;
    for (const a of pause.actions.slice(0, -1)) await h.bot.sessions.act(ch, { id: creator.id, name: creator.name ?? creator.id }, a);
    const move = pause.actions.at(-1) as Extract<TyphoonAction, { type: 'move' }>;
    // One member: the proposer's own vote is a majority, so the move is carried out at once.
    const carried = await h.fake.ask(player, ch, 'move', undefined, { force: move.from, path: move.path.join(',') });
    expect(carried!.content).toMatch(/Carried out: #1/);
    expect(carried!.content).toMatch(/a battle decision; nobody voting means Let the bot place (it|them)/);
    expect(carried!.buttons.some((b) => /Hit /.test(b.label))).toBe(true);
    const version = (await h.bot.sessions.require(ch)).doc.version;
    const posted = h.fake.messagesIn(ch).length;
    clock.advance(30_000);
    await h.fake.waitFor(() => h.fake.messagesIn(ch).length > posted);
    const closed = h.fake.messagesIn(ch).at(-1)!;
    expect(closed.content).toMatch(/nobody voted: the default \(Let the bot place (it|them)\) applies/);
    expect(closed.content).toMatch(/the bot places the hits/);
    expect((await h.bot.sessions.require(ch)).doc.version).toBe(version + 1);
  });
});
