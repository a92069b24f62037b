/**
 * 11.1-11.3 in sight: a real pocket-closing order, reached by the scripted German's own game,
 * given from the console and through the fake Discord. Autocomplete flags the hex that closes
 * the pocket, and the order's reply says what the capture cut off or would cut off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../commands/index.js';
import { seekPockets } from '../../../src/games/operation-typhoon/autoplay/index.js';
import { type TyphoonAction, type TyphoonState, typhoonEngine } from '../../../src/games/operation-typhoon/index.js';
import { pocketPreview } from '../../../src/games/operation-typhoon/pocket-preview.js';
import type { GameSessions } from '../../../src/session/index.js';
import { consoleRunner } from '../../helpers/console-runner.js';
import { type BotHarness, channel, member, startBotHarness } from '../../helpers/fake-discord/bot-harness.js';

const engine = typhoonEngine();
const SEED = 3;

/** The scripted German's game up to its first move whose last step closes a pocket. */
function beforeClosingMove(): { actions: TyphoonAction[]; move: Extract<TyphoonAction, { type: 'move' }>; state: TyphoonState } {
  let state = engine.setup({ seed: SEED });
  const actions: TyphoonAction[] = [];
  for (let i = 0; i < 3000 && state.phase !== 'over'; i++) {
    const a = seekPockets.decide(engine, state);
    if (a.type === 'move' && pocketPreview(engine.index, state, a.path.at(-1)!)) return { actions, move: a, state };
    actions.push(a);
    state = engine.apply(state, a).state;
  }
  throw new Error('the scripted German closed no pocket');
}

let plan: ReturnType<typeof beforeClosingMove>;
beforeAll(() => {
  plan = beforeClosingMove();
});

async function advance(sessions: GameSessions, ch: string, player: { id: string; name?: string }) {
  for (const a of plan.actions) await sessions.act(ch, { id: player.id, name: player.name ?? player.id }, a);
}

const unitsOption = (): Record<string, string> =>
  plan.move.units ? { units: plan.move.units.map((u) => engine.index.unit(u).label).join(', ') } : {};

describe('a pocket-closing order from the console', () => {
  it('autocomplete flags the closing hex; the reply says what the capture cuts off', async () => {
    const c = consoleRunner<TyphoonState>({ channelId: 'pocket', prefix: 'typhoon-pocket' });
    await c.run(`/game new game:operation-typhoon seed:${SEED}`);
    await advance(c.services.sessions, 'pocket', (await c.doc()).players[0]!);
    const { move } = plan;
    const target = move.path.at(-1)!;
    const { commands } = createDispatcher(c.services);
    const dest = await commands.get('move')!.autocomplete!({
      invocation: {
        command: 'move',
        options: { force: move.from, to: target, ...unitsOption() },
        user: { id: 'console', name: 'console' },
        channelId: 'pocket',
      },
      focused: { name: 'to', value: target },
      services: c.services,
    });
    const size = pocketPreview(engine.index, plan.state, target)!.sizes[0]!;
    expect(dest.find((d) => d.value === target)?.name).toMatch(new RegExp(`closes a pocket of ${size}\\b`));
    const opts = Object.entries(unitsOption())
      .map(([k, v]) => ` ${k}:"${v}"`)
      .join('');
    const reply = await c.run(`/move force:${move.from} path:${move.path.join(',')}${opts}`);
    // Either the battle waits (the prompt says what winning would cut off) or it was won and the pocket formed.
    expect(reply).toMatch(/A pocket of \d+ Soviet hex(es)? is cut off by the capture of \d{4}|cuts off (a pocket|pockets) of \d+/);
  });
});

describe('a pocket-closing order through Discord', () => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await startBotHarness();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('autocomplete flags the closing hex and the public reply says what the capture cuts off', async () => {
    const player = member('Hoepner');
    const ch = channel();
    await h.fake.ask(player, ch, 'game', 'new', { game: 'operation-typhoon', seed: SEED });
    await advance(h.bot.sessions, ch, (await h.bot.sessions.require(ch)).doc.players[0]!);
    const { move } = plan;
    const target = move.path.at(-1)!;
    const dest = await h.fake.autocomplete(player, ch, 'move', undefined, { force: move.from, to: target, ...unitsOption() }, 'to');
    expect(dest.find((d) => String(d.value) === target)?.name).toMatch(/closes a pocket of \d+/);
    const moved = await h.fake.ask(player, ch, 'move', undefined, { force: move.from, path: move.path.join(','), ...unitsOption() });
    expect(moved.ephemeral).toBe(false);
    expect(moved.content).toMatch(/A pocket of \d+ Soviet hex(es)? is cut off by the capture of \d{4}|cuts off (a pocket|pockets) of \d+/);
  });
});
