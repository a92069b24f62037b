import { performance } from 'node:perf_hooks';
import { typhoonEngine } from '../src/games/operation-typhoon/index.js';
import type { TyphoonState } from '../src/games/operation-typhoon/state.js';
import { type BotHarness, channel, member, startBotHarness } from '../test/helpers/fake-discord/bot-harness.js';
import type { FakeUser } from '../test/helpers/fake-discord/fake-discord.js';
import { cpuSince, cpuSnapshot } from './thread-cpu.js';
import { median } from './timing.js';

export interface LatencyFigures {
  busyChannels: number;
  /** Mean pause between a channel's orders (0: back to back, the saturation case). */
  paceMs: number;
  commands: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Interactions Discord would have dropped (not acknowledged within 3 s). */
  late: number;
  /** Answers with their map per second over the whole run, all channels together. */
  ordersPerSecond: number;
  /** CPU time per order, all threads of the process (bot, fake Discord, picture workers), ms. */
  cpuMsPerOrder: number;
  /** Of which on the main thread (Linux only). */
  mainThreadCpuMsPerOrder?: number;
  /** The busiest threads' CPU per order (Linux only): where the rest of it goes. */
  threadCpuMsPerOrder?: Record<string, number>;
}

/**
 * Slash command to its answer with the zoomed map, through the fake Discord and the real
 * client: each busy channel plays a move and takes it back, over and over, all channels at
 * once, either back to back (paceMs 0) or with pauses averaging paceMs, as players give orders. Time runs from the INTERACTION_CREATE sent to the answer with its image received.
 */
export async function benchDiscordLatency(busyChannels: number, commandsPerChannel: number, paceMs = 0): Promise<LatencyFigures> {
  const h = await startBotHarness();
  try {
    // Games are opened one after another: setting up is not what is measured.
    const players: Awaited<ReturnType<typeof openGame>>[] = [];
    for (let i = 0; i < busyChannels; i++) players.push(await openGame(h, i));
    const latencies: number[] = [];
    let late = 0;
    const started = performance.now();
    const cpu0 = cpuSnapshot();
    await Promise.all(
      players.map(async ({ user, ch, from, to }, k) => {
        // Park-Miller, seeded apart per channel (consecutive small seeds start with near-zero draws).
        let seed = 1 + (((k + 1) * 2654435761) % 2147483646);
        // Pauses drawn from a seeded generator, uniform between 0 and twice the pace.
        const pause = () => new Promise((r) => setTimeout(r, paceMs * 2 * ((seed = (seed * 16807) % 2147483647) / 2147483647)));
        if (paceMs) await pause();
        for (let i = 0; i < commandsPerChannel; i++) {
          if (paceMs && i > 0) await pause();
          const forward = i % 2 === 0;
          const t0 = performance.now();
          const record = forward
            ? h.fake.command(user, ch, 'move', undefined, { force: from, path: to })
            : h.fake.command(user, ch, 'game', 'undo', {});
          const [answer] = await h.fake.answers(record, 1, 60_000).catch(() => []);
          // Discord drops an interaction first answered after 3 s, as the fake does: counted, not fatal.
          if ((record.answeredAfterMs ?? Infinity) > 3000) {
            late += 1;
            continue;
          }
          if (!answer || answer.files.length === 0)
            throw new Error(`no map in the answer: ${answer?.content ?? record.refused.join('; ')}`);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuSince(cpu0);
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      busyChannels,
      paceMs,
      commands: latencies.length + late,
      p50Ms: median(latencies),
      p99Ms: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!,
      maxMs: sorted.at(-1)!,
      late,
      ordersPerSecond: latencies.length / seconds,
      cpuMsPerOrder: cpu.processMs / (latencies.length + late),
      mainThreadCpuMsPerOrder: cpu.mainThreadMs === undefined ? undefined : cpu.mainThreadMs / (latencies.length + late),
      threadCpuMsPerOrder:
        cpu.threads &&
        Object.fromEntries(
          [...cpu.threads]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 8)
            .map(([k, v]) => [k, v / (latencies.length + late)]),
        ),
    };
  } finally {
    await h.stop();
  }
}

/** A started Operation Typhoon game with a German unit that can step back into an empty German hex. */
async function openGame(h: BotHarness, i: number): Promise<{ user: FakeUser; ch: string; from: string; to: string }> {
  const user = member(`Bench${i}`);
  const ch = channel();
  const [start] = await h.fake.answers(h.fake.command(user, ch, 'game', 'new', { game: 'operation-typhoon', seed: 1000 + i }), 1, 60_000);
  await h.fake.answers(h.fake.click(user, start!, start!.buttons[0]!.customId), 1, 60_000);
  const s = (await h.bot.sessions.require(ch)).doc.state as TyphoonState;
  const index = typhoonEngine().index;
  // Both Luftwaffe units assigned first, so the first move has nothing to forfeit and acts at once (9.1).
  for (const hex of [...new Set(Object.values(s.units).map((u) => u.hex))].slice(0, s.airAvailable))
    await h.fake.answers(h.fake.command(user, ch, 'air', 'assign', { hex }), 1, 60_000);
  const occupied = new Set(Object.values(s.units).map((u) => u.hex));
  for (const u of Object.values(s.units)) {
    const back = index.map.neighbours(u.hex).find((n) => !index.initiallySoviet.has(n) && !occupied.has(n));
    if (back) return { user, ch, from: u.hex, to: back };
  }
  throw new Error('no unit can step back');
}
