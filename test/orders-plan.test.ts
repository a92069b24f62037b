import { afterAll, describe, expect, it } from 'vitest';
import type { Reply } from '../src/contracts/reply.js';
import { closeServices, createServices, type Services } from '../src/dispatch/services.js';
import type { TyphoonState } from '../src/games/operation-typhoon/state.js';
import { createGameStore } from '../src/store/game-store.js';
import { ManualClock } from '../src/votes/clock.js';
import { alice, bob, tempDataFile, testGames } from './helpers/test-game.js';

/**
 * Vote play on plans: a member files a whole batch of orders as one proposal, the channel
 * votes on plans, and the winner runs as a batch whose battle decisions go to quick ballots
 * (or follow the plan's standing instruction). Ballot deadlines run on a hand-driven clock.
 */
const carol = { id: 'u-carol', name: 'Carol' };
const clock = new ManualClock();
const posted: Reply[] = [];
const services: Services = createServices({
  store: createGameStore({ dataFile: tempDataFile() }),
  games: testGames(),
  clock,
  post: async (_channel, reply) => posted.push(reply),
});
afterAll(() => closeServices(services));

let channels = 0;
async function voteGame(): Promise<string> {
  const channelId = `plan-${++channels}`;
  await services.sessions.newGame({ channelId, guildId: 'g1' }, alice, { game: 'operation-typhoon', mode: 'vote', seed: 7 });
  await services.sessions.join(channelId, bob);
  await services.sessions.join(channelId, carol);
  // The set-up is over before the plans (its own ballot is not what these tests are about).
  await services.sessions.configure(channelId, alice, { mode: 'solo' });
  await services.sessions.act(channelId, alice, { type: 'setup-done' });
  await services.sessions.configure(channelId, alice, { mode: 'vote' });
  return channelId;
}

/** Moves into Soviet hexes, tried on a copy of the game (its own dice) until one meets defenders who hold. */
async function toBattle(ch: string): Promise<{ text: string; n: number }> {
  const { def, doc } = await services.sessions.require(ch);
  let state = structuredClone(doc.state);
  const lines: string[] = [];
  for (const [from, to] of [['1315', '1416'], ['1313', '1414'], ['1311', '1411'], ['1314', '1415'], ['1312', '1413']] as const) {
    const out = def.orders.find((o) => o.command === 'move')!.run!(state, { force: from, to }, {});
    if (!('act' in out)) throw new Error('no move');
    state = def.engine.apply(state, out.act).state;
    lines.push(`move force:${from} to:${to}`);
    if ((state as TyphoonState).battle) return { text: lines.join('\n'), n: lines.length };
  }
  throw new Error('no battle in five moves');
}

const voteId = async (ch: string, label: RegExp, reply: Reply) => reply.buttons!.find((b) => label.test(b.label))!.customId;

describe('plans in vote play', () => {
  it('files a plan as one proposal with its picture; the winner runs and its battle goes to a quick ballot', async () => {
    const ch = await voteGame();
    const start = (await services.sessions.require(ch)).doc.version;
    const battle = await toBattle(ch);
    const filed = await services.batches.give(ch, alice, `${battle.text}\nmove force:1213 to:1312`);
    expect(filed.content).toMatch(new RegExp(`\\*\\*Proposal #1\\*\\* by Alice: Plan of ${battle.n + 1} orders`));
    expect(filed.files?.length).toBe(1);
    expect((await services.sessions.require(ch)).doc.version).toBe(start); // a proposal changes nothing

    // A single order and a plan can stand on one ballot; Bob's vote gives the plan a majority of three.
    const result = await services.votes.vote(ch, bob, await voteId(ch, /^#1 Plan/, filed));
    expect(result.content).toMatch(/Carried out: plan #1/);
    expect(result.content).toContain(`${battle.n} of ${battle.n + 1} carried out`);
    expect(result.content).toMatch(/fight on or retreat; nobody voting means retreat/);
    expect(result.buttons?.map((b) => b.label)).toEqual([expect.stringMatching(/^#1 Another round/), expect.stringMatching(/^#2 Retreat/)]);
    expect((await services.sessions.require(ch)).doc.version).toBe(start + battle.n);

    // Nobody votes on the battle: after its window the default (retreat) is carried out and the plan goes on.
    clock.advance(31_000);
    await new Promise((r) => setTimeout(r, 50));
    for (let i = 0; i < 100 && !posted.some((p) => /all \d+ orders carried out/.test(p.content)); i++) await new Promise((r) => setTimeout(r, 50));
    const last = posted.at(-1)!;
    expect(last.content).toMatch(/the default \(retreat\) applies/);
    expect(last.content).toContain(`all ${battle.n + 1} orders carried out`);
    const end = await services.sessions.require(ch);
    expect(end.doc.version).toBe(start + battle.n + 2);
    expect(end.doc.actions.at(-1)!.userId).toBe(alice.id); // carried out as the proposer's orders
  });

  it('follows the plan’s standing instruction instead of opening quick ballots', async () => {
    const ch = await voteGame();
    const battle = await toBattle(ch);
    const filed = await services.batches.give(ch, bob, `${battle.text}\nbattles: retreat after round 1`);
    const result = await services.votes.vote(ch, carol, await voteId(ch, /^#1 Plan/, filed));
    expect(result.content).toContain(`${battle.n} ↳ Retreat`);
    expect(result.content).toContain(`all ${battle.n} order`);
    expect(result.content).not.toMatch(/fight on or retreat; nobody voting/);
  });

  it('refuses a plan whose line breaks a rule, naming the line; nothing is filed', async () => {
    const ch = await voteGame();
    await expect(services.batches.give(ch, alice, 'move force:1213 to:1312\nmove force:1213 to:1313')).rejects.toThrow(
      /That plan cannot be proposed: Line 2 \(move force:1213 to:1313\) is refused: 9\./,
    );
    expect((await services.votes.status(ch)).content).toMatch(/No ballot is open/);
  });
});
