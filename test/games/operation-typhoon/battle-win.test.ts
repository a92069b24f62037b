/**
 * 10.7 "If all Soviet defending forces are eliminated, the German side has won the battle":
 * by default set-aside brigades and artillery no longer count (they take no further part,
 * 10.4); the game option battle-win:all-eliminated reads the rule as written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../src/games/engine.js';
import { seekPockets } from '../../../src/games/operation-typhoon/autoplay/index.js';
import { type TyphoonState, typhoonEngine } from '../../../src/games/operation-typhoon/index.js';
import { consoleRunner } from '../../helpers/console-runner.js';
import { type BotHarness, channel, member, startBotHarness } from '../../helpers/fake-discord/bot-harness.js';

const engine = typhoonEngine();

/**
 * Plays the same seed under both readings with the same orders until they first differ: the
 * dice are the same, so the first difference is a battle the readings decide differently.
 */
function firstDifference(seed: number) {
  let documented = engine.setup({ seed, scenario: 'historical' });
  let literal = engine.setup({ seed, scenario: 'historical', battleWin: 'all-eliminated' });
  for (let i = 0; i < 2000 && documented.phase !== 'over'; i++) {
    const action = seekPockets.decide(engine, documented);
    const before = literal;
    const a = engine.apply(documented, action);
    const b = engine.apply(literal, action);
    const text = (events: GameEvent[]) => events.map((e) => `${e.kind}: ${e.text}`);
    if (JSON.stringify(text(a.events)) !== JSON.stringify(text(b.events))) return { action, documented: a, literal: b, before };
    documented = a.state;
    literal = b.state;
  }
  return undefined;
}

describe('10.7: when the Germans win a battle', () => {
  it('as written, a set-aside brigade or artillery unit left standing holds the hex; by default the hex falls', () => {
    let found: NonNullable<ReturnType<typeof firstDifference>> | undefined;
    for (let seed = 1; seed <= 10 && !found; seed++) found = firstDifference(seed);
    expect(found).toBeDefined();
    const { documented, literal, before } = found!;
    const won = documented.events.find((e) => e.kind === 'battle-won')!;
    const lost = literal.events.find((e) => e.kind === 'battle-lost')!;
    expect(won).toBeDefined();
    expect(lost.text).toMatch(/set aside but not eliminated \(10\.7 as written/);
    const hex = won.hexes![0]!;
    expect(lost.hexes![0]).toBe(hex);
    expect(documented.state.taken).toContain(hex);
    expect(literal.state.taken).not.toContain(hex);
    // 10.7 Soviet win: the force goes back to the hex it entered from and stops (10.9).
    const from = lost.hexes![1]!;
    const force = before.active?.units ?? [];
    expect(force.length).toBeGreaterThan(0);
    for (const u of force) if (literal.state.units[u]) expect(literal.state.units[u]!.hex).toBe(from);
    expect(literal.state.active).toBeNull();
  });

  it('is a game option: the default stores nothing new, as written is stored and shown in the status', () => {
    expect(engine.setup({ seed: 1 }).battleWin).toBeUndefined();
    const s: TyphoonState = engine.setup({ seed: 1, battleWin: 'all-eliminated' });
    expect(s.battleWin).toBe('all-eliminated');
  });
});

describe('battle-win: from the console', () => {
  it('starts a game with 10.7 as written, and refuses a reading it does not know without starting one', async () => {
    const c = consoleRunner<TyphoonState>({ channelId: 'win', prefix: 'typhoon-win' });
    const { run } = c;
    expect(await run('/game new game:operation-typhoon battle-win:everything')).toMatch(/battle-win.*set-aside-out, all-eliminated/);
    expect(await c.services.sessions.current('win')).toBeUndefined();
    expect(await run('/game new game:operation-typhoon battle-win:all-eliminated seed:3')).toMatch(/has started/);
    expect((await c.state()).battleWin).toBe('all-eliminated');
    expect(await run('/game status')).toMatch(/10\.7 as written/);
  });
});

describe('battle-win: through Discord', () => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await startBotHarness();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('/game new battle-win:all-eliminated stores the reading; Battle for Moscow refuses the option', async () => {
    const player = member('Bock');
    const ch = channel();
    const refused = await h.fake.ask(player, ch, 'game', 'new', { game: 'battle-for-moscow', 'battle-win': 'all-eliminated' });
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toMatch(/battle-win/);
    const started = await h.fake.ask(player, ch, 'game', 'new', { game: 'operation-typhoon', 'battle-win': 'all-eliminated', seed: 4 });
    expect(started.content).toMatch(/Operation Typhoon.*has started/);
    const doc = (await h.bot.sessions.require(ch)).doc;
    expect((doc.state as TyphoonState).battleWin).toBe('all-eliminated');
    expect(doc.options['battle-win']).toBe('all-eliminated');
  });
});
