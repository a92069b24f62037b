import { describe, expect, it } from 'vitest';
import type { TyphoonState } from '../../src/games/operation-typhoon/state.js';
import { channel, member } from '../helpers/fake-discord/bot-harness.js';
import { buttonId } from '../helpers/fake-discord/buttons.js';
import type { FakeMessage, FakeUser } from '../helpers/fake-discord/fake-discord.js';
import { useBotHarness } from '../helpers/fake-discord/use-bot-harness.js';

/**
 * Orders in batches through the fake Discord: a file of orders attached to /orders give,
 * one picture of numbered arrows, Carry out, a pause at a battle and a button that answers
 * it and goes on.
 */
const h = useBotHarness();

async function click(user: FakeUser, message: FakeMessage, label: RegExp): Promise<FakeMessage> {
  const answers = await h.fake.answers(h.fake.click(user, message, buttonId(message, label)));
  return answers.at(-1)!;
}

describe('/orders in Discord', () => {
  const kesselring = member('Kesselring');

  it('reads an attached file of orders, draws them, carries them out and pauses at a battle', async () => {
    const ch = channel();
    await h.fake.ask(kesselring, ch, 'game', 'new', { game: 'operation-typhoon', seed: 7 });
    await h.fake.ask(kesselring, ch, 'setup', 'done');
    // Moves into Soviet hexes until one meets defenders (tried on a copy: the game's own dice).
    const { def, doc } = await h.bot.sessions.require(ch);
    let state = structuredClone(doc.state);
    const lines = ['# turn 1, PG3'];
    let battleLine = 0;
    for (const [from, to] of [
      ['1315', '1416'],
      ['1313', '1414'],
      ['1311', '1411'],
      ['1314', '1415'],
    ] as const) {
      const out = def.orders.find((o) => o.command === 'move')!.run!(state, { force: from, to }, {});
      if (!('act' in out)) throw new Error('no move');
      state = def.engine.apply(state, out.act).state;
      lines.push(`move force:${from} to:${to}`);
      if ((state as TyphoonState).battle) {
        battleLine = lines.length - 1;
        break;
      }
    }
    expect(battleLine).toBeGreaterThan(0);
    lines.push('move force:1213 to:1312');
    const total = battleLine + 1;
    const upload = h.fake.upload('turn1.txt', Buffer.from(lines.join('\n')), 'text/plain');

    const preview = await h.fake.ask(kesselring, ch, 'orders', 'give', { file: upload });
    expect(preview.ephemeral).toBe(false);
    expect(preview.content).toContain(`**Orders from Kesselring**: ${total} orders, checked against the rules`);
    expect(preview.files).toHaveLength(1);
    expect(preview.files[0]!.name).toMatch(/orders/);
    expect((await h.bot.sessions.require(ch)).doc.version).toBe(doc.version);

    const paused = await click(kesselring, preview, /^Carry out/);
    expect(paused.content).toContain(`paused at the rules' question after line ${battleLine}`);
    expect(paused.files).toHaveLength(1);
    const done = await click(kesselring, paused, /^Retreat.*then go on/);
    expect(done.content).toContain(`all ${total} orders carried out`);
    expect((await h.bot.sessions.require(ch)).doc.version).toBe(doc.version + total + 1);
  });
});
