import { describe, expect, it } from 'vitest';
import { channel, member } from '../helpers/fake-discord/bot-harness.js';
import type { FakeMessage, InteractionRecord } from '../helpers/fake-discord/fake-discord.js';
import { useBotHarness } from '../helpers/fake-discord/use-bot-harness.js';

/**
 * Load through the fake Discord: 200 orders at once on one channel, and 50 channels at
 * once. Every interaction is acknowledged within Discord's 3 s (the fake refuses later
 * answers), and no order is lost or doubled: versions run 1..n, one per accepted order.
 */
const h = useBotHarness();

/** The version an answer shows: in its picture's name (its buttons go when a later prompt supersedes it). */
const versionOf = (m: FakeMessage) => Number(/-v(\d+)/.exec(m.files[0]?.name ?? '')?.[1] ?? NaN);

async function settle(records: InteractionRecord[]): Promise<FakeMessage[]> {
  const answers = await Promise.all(records.map((r) => h.fake.answers(r, 1, 120_000)));
  for (const r of records) expect(r.refused, `interaction answered late or twice: ${r.refused.join('; ')}`).toEqual([]);
  for (const r of records) expect(r.answeredAfterMs!).toBeLessThanOrEqual(3000);
  return answers.map((a) => a[0]!);
}

describe('load', () => {
  it('takes 200 orders at once on one channel: all answered in time, none lost or doubled', async () => {
    const user = member('Busy');
    const ch = channel();
    await h.fake.answers(h.fake.command(user, ch, 'game', 'new', { game: 'battle-for-moscow', seed: 12 }));
    const records = Array.from({ length: 200 }, (_, i) =>
      h.fake.command(user, ch, 'setup', 'swap', i % 2 ? { a: 'XLI', b: 'XXIV' } : { a: 'XXIV', b: 'XLI' }),
    );
    const answers = await settle(records);
    const accepted = answers.filter((m) => !m.ephemeral);
    expect(accepted).toHaveLength(200);
    const versions = accepted.map(versionOf).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    const doc = (await h.bot.sessions.require(ch)).doc;
    expect(doc.version).toBe(200);
    expect(doc.actions.map((a) => a.version)).toEqual(versions);
  }, 180_000);

  it('serves 50 channels at once, each in order', async () => {
    const players = Array.from({ length: 50 }, (_, i) => ({ user: member(`P${i}`), ch: channel() }));
    await settle(players.map(({ user, ch }) => h.fake.command(user, ch, 'game', 'new', { game: 'battle-for-moscow', seed: 100 })));
    const records = players.flatMap(({ user, ch }) =>
      [0, 1, 2, 3].map((i) => h.fake.command(user, ch, 'setup', 'swap', i % 2 ? { a: 'XLI', b: 'XXIV' } : { a: 'XXIV', b: 'XLI' })),
    );
    const answers = await settle(records);
    expect(answers.every((m) => !m.ephemeral)).toBe(true);
    for (const { ch } of players) {
      const doc = (await h.bot.sessions.require(ch)).doc;
      expect(doc.actions.map((a) => a.version)).toEqual([1, 2, 3, 4]);
    }
  }, 180_000);
});
