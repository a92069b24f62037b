import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGameStore } from '../../src/store/game-store.js';
import { spawnBot } from './fake-discord/bot-process.js';
import { FakeDiscord, type FakeMessage } from './fake-discord/fake-discord.js';

export interface KillLoopResult {
  kills: number;
  acknowledged: number;
  lost: number;
  /** Versions the log skipped or repeated after a kill: must be none. */
  gaps: number;
  finalVersion: number;
  ms: number;
}

/**
 * The bot process killed with SIGKILL at random points of a stream of orders, then
 * restarted, `kills` times. An order counts as acknowledged when its answer reached the
 * (fake) Discord; every acknowledged order must be in the stored game afterwards, the log's
 * versions must run without a gap, and the game must go on. Orders are Battle for Moscow
 * set-up swaps (no dice), each one a new version.
 */
export async function killLoop(kills: number, seed = 1): Promise<KillLoopResult> {
  const started = Date.now();
  const fake = await new FakeDiscord().start();
  const dataFile = join(mkdtempSync(join(tmpdir(), 'kill-loop-')), 'games.sqlite');
  const env = { DISCORD_TOKEN: fake.token, DISCORD_API_URL: fake.apiUrl, DATA_FILE: dataFile, RENDER_WORKERS: '1' };
  const user = { id: '300000000000000777', name: 'Kluge' };
  const channelId = '400000000000000777';
  let random = seed;
  const next = () => (random = (random * 48271) % 2147483647) / 2147483647;
  let acknowledged = 0;
  let maxAcked = 0;
  let lost = 0;
  let gaps = 0;
  let finalVersion = 0;
  try {
    for (let round = 0; round <= kills; round++) {
      const bot = spawnBot('src/main.ts', env);
      try {
        await bot.waitForOutput(/Logged in as/, 60_000);
        await fake.waitForShards(1);
        if (round === 0) {
          const [start] = await fake.answers(fake.command(user, channelId, 'game', 'new', { game: 'battle-for-moscow', seed: 99 }), 1, 30_000);
          if (!/has started/.test(start!.content)) throw new Error(`no game: ${start!.content}`);
        }
        if (round === kills) break;
        // Orders stream while a timer kills the process somewhere in the next 2 s.
        const killAt = Date.now() + 150 + next() * 1850;
        let flip = false;
        while (Date.now() < killAt) {
          flip = !flip;
          const record = fake.command(user, channelId, 'setup', 'swap', flip ? { a: 'XXIV', b: 'XLI' } : { a: 'XLI', b: 'XXIV' });
          const answer = await Promise.race([fake.answers(record, 1, 10_000).then((m) => m[0]).catch(() => undefined), delay(Math.max(0, killAt - Date.now()))]);
          const version = answer ? ackedVersion(answer) : undefined;
          if (version !== undefined) {
            acknowledged += 1;
            maxAcked = Math.max(maxAcked, version);
          }
        }
      } finally {
        await bot.kill('SIGKILL');
        fake.dropConnections();
      }
      const store = createGameStore({ dataFile });
      const doc = await store.loadCurrent(channelId);
      await store.close();
      const versions = doc?.actions.map((a) => a.version) ?? [];
      if ((doc?.version ?? 0) < maxAcked) lost += maxAcked - (doc?.version ?? 0);
      gaps += versions.filter((v, i) => v !== i + 1).length;
      finalVersion = doc?.version ?? 0;
    }
  } finally {
    await fake.stop();
  }
  return { kills, acknowledged, lost, gaps, finalVersion, ms: Date.now() - started };
}

/** The version an answer acknowledges: its buttons carry "game:<id>:<version>:<choice>". */
function ackedVersion(message: FakeMessage): number | undefined {
  if (message.ephemeral) return undefined;
  const id = message.buttons.map((b) => /^game:[a-z0-9]{8}:(\d+):/.exec(b.customId)).find(Boolean);
  return id ? Number(id[1]) : undefined;
}

function delay(ms: number): Promise<undefined> {
  return new Promise((r) => setTimeout(() => r(undefined), ms));
}
