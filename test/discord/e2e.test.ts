import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typhoonEngine } from '../../src/games/operation-typhoon/index.js';
import type { TyphoonState } from '../../src/games/operation-typhoon/state.js';
import { hashSeed, parseExport } from '../../src/session/index.js';
import { verifyExport } from '../../src/session/verify-export.js';
import { expectRefused } from '../helpers/expect-refused.js';
import { type BotHarness, channel, member, startBotHarness } from '../helpers/fake-discord/bot-harness.js';
import type { FakeMessage } from '../helpers/fake-discord/fake-discord.js';
import { useBotHarness } from '../helpers/fake-discord/use-bot-harness.js';
import { type LocalRedis, redisMissingReason, startLocalRedis } from '../helpers/local-redis.js';

/**
 * The real discord.js client against a fake Discord on 127.0.0.1: slash commands arrive as
 * gateway INTERACTION_CREATE events, answers go back over REST with the map attached.
 * The images received are written to test-output/discord-e2e/ for a person to look at.
 */
const OUT = join('test-output', 'discord-e2e');
const h = useBotHarness();
const { run } = h;
beforeAll(() => {
  mkdirSync(OUT, { recursive: true });
});

function keep(message: FakeMessage, label: string): void {
  for (const f of message.files) writeFileSync(join(OUT, `${label}-${f.name}`), f.data);
}

async function typhoonState(channelId: string): Promise<TyphoonState> {
  return (await h.bot.sessions.require(channelId)).doc.state as TyphoonState;
}

describe('the bot in a (fake) Discord', () => {
  it('starts a game from /game new with the seed hash and a map picture, answered within 3 s', async () => {
    const guderian = member('Guderian');
    const ch = channel();
    const record = h.fake.command(guderian, ch, 'game', 'new', { game: 'operation-typhoon' });
    const [message] = await h.fake.answers(record);
    expect(record.answeredAfterMs).toBeLessThan(3000);
    expect(message!.ephemeral).toBe(false);
    expect(message!.content).toMatch(/Operation Typhoon.*has started/);
    const doc = (await h.bot.sessions.require(ch)).doc;
    // A secret seed: its fingerprint is published now, the seed itself only at the end.
    expect(message!.content).toContain(`sha256): \`${doc.seedHash}\``);
    expect(doc.seedHash).toBe(hashSeed(doc.seed, doc.seedNonce));
    expect(message!.content).not.toContain(String(doc.seed));
    expect(message!.files).toHaveLength(1);
    const file = message!.files[0]!;
    expect(file.name).toMatch(/\.png$/);
    expect(file.data.subarray(0, 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
    const image = await loadImage(file.data);
    expect(image.width).toBeGreaterThan(400);
    keep(message!, 'new-game');
    expect(message!.buttons.map((b) => b.label)).toContain('Start turn 1');
    expect(h.fake.unknownRoutes).toEqual([]);
  });

  it('plays a scripted solitaire turn with commands and buttons, a map after each action', async () => {
    const hoth = member('Hoth');
    const ch = channel();
    const start = await run(hoth, ch, 'game', 'new', { game: 'operation-typhoon', seed: 11 });
    const begin = start.buttons.find((b) => b.label === 'Start turn 1')!;
    const [turn1] = await h.fake.answers(h.fake.click(hoth, start, begin.customId));
    expect(turn1!.content).toMatch(/Turn 1 \(Oct I/);

    const s0 = await typhoonState(ch);
    const index = typhoonEngine().index;
    const [unitId, unit] = Object.entries(s0.units).find(([id]) => index.unit(id).mobility === 'mechanized')!;
    const air = await run(hoth, ch, 'air', 'assign', { hex: unit.hex });
    expect(air.content).toMatch(/Luftwaffe unit flies with the force/);

    // Autocomplete through Discord: forces with their MP, destinations with their cost.
    const forces = await h.fake.autocomplete(hoth, ch, 'move', undefined, { force: '' }, 'force');
    expect(forces.length).toBeGreaterThan(5);
    expect(forces[0]!.name).toMatch(/\d{4} · .* MP/);

    let last: FakeMessage = air;
    for (let step = 0; step < 6; step++) {
      const s = await typhoonState(ch);
      if (s.battle || s.done.includes(unitId)) break;
      const force = s.active?.units.includes(unitId) ? s.active.hex : s.units[unitId]!.hex;
      const next = index.map.grid.neighbours(force).find((n) => n.dir === 'SE' || n.dir === 'NE')!.id;
      last = await run(hoth, ch, 'move', undefined, { force, path: next });
      // The first move asks first: the second Luftwaffe unit is not assigned (9.1).
      if (last.ephemeral && /would forfeit/.test(last.content)) {
        const go = last.buttons.find((b) => b.label.startsWith('Move, forfeit'))!;
        [last] = (await h.fake.answers(h.fake.click(hoth, last, go.customId))) as [FakeMessage];
      }
      expect(last.ephemeral).toBe(false);
      expect(last.files.length).toBe(1);
    }
    keep(last, 'move');
    if ((await typhoonState(ch)).battle) {
      expect(last.content).toMatch(/🎲/);
      const retreat = last.buttons.find((b) => b.label.startsWith('Retreat'))!;
      const [after] = await h.fake.answers(h.fake.click(hoth, last, retreat.customId));
      expect(after!.content).toMatch(/falls back/);
      keep(after!, 'retreat');
    }
    // Stacks can still move, so ending the turn asks first (only Hoth sees it).
    const asked = await run(hoth, ch, 'phase', 'end');
    expect(asked.ephemeral).toBe(true);
    expect(asked.content).toMatch(/End turn 1 now\? \d+ stacks can still move/);
    const endTurn = asked.buttons.find((b) => b.label === 'End turn 1 anyway')!;
    const [ended] = (await h.fake.answers(h.fake.click(hoth, asked, endTurn.customId))) as [FakeMessage];
    expect(ended.content).toMatch(/German regroup|Turn 2/);
    expect((await typhoonState(ch)).turn).toBe(2);
    const versions = (await h.bot.sessions.require(ch)).doc.actions.map((a) => a.version);
    expect(versions).toEqual(versions.map((_, i) => i + 1));
  });

  it('answers a stale button and another member acting with ephemeral refusals that change nothing', async () => {
    const kluge = member('Kluge');
    const bystander = member('Bystander');
    const ch = channel();
    const start = await run(kluge, ch, 'game', 'new', { game: 'operation-typhoon', seed: 3 });
    const before = JSON.stringify((await h.bot.sessions.require(ch)).doc);
    const refused = await run(bystander, ch, 'phase', 'end');
    expectRefused(refused, /solo game: only they give orders/);
    const [clicked] = await h.fake.answers(h.fake.click(bystander, start, start.buttons[0]!.customId));
    expect(clicked!.ephemeral).toBe(true);
    expect(JSON.stringify((await h.bot.sessions.require(ch)).doc)).toBe(before);

    await h.fake.answers(h.fake.click(kluge, start, start.buttons[0]!.customId));
    const [stale] = await h.fake.answers(h.fake.click(kluge, start, start.buttons[0]!.customId));
    expectRefused(stale, /gone/i);
    expect((await h.bot.sessions.require(ch)).doc.version).toBe(1);
  });

  it('keeps a game across a restart, and an old button still works', async () => {
    const reinhardt = member('Reinhardt');
    const ch = channel();
    const start = await run(reinhardt, ch, 'game', 'new', { game: 'operation-typhoon', seed: 5 });
    await h.restart();
    await h.fake.waitForShards(1);
    const [after] = await h.fake.answers(h.fake.click(reinhardt, start, start.buttons[0]!.customId));
    expect(after!.ephemeral).toBe(false);
    expect(after!.content).toMatch(/Turn 1 \(Oct I/);
    const status = await run(reinhardt, ch, 'game', 'status');
    expect(status.content).toMatch(/version 1\b/);
  });

  it('serialises two members racing on one channel: one order lands, the other is told why', async () => {
    const a = member('Strauss');
    const b = member('Weichs', true);
    const ch = channel();
    const start = await run(a, ch, 'game', 'new', { game: 'operation-typhoon', seed: 9 });
    const id = start.buttons[0]!.customId;
    // The creator double-clicks while an admin also clicks: all three arrive together.
    const clicks = [h.fake.click(a, start, id), h.fake.click(a, start, id), h.fake.click(b, start, id)];
    const answers = await Promise.all(clicks.map((c) => h.fake.answers(c)));
    const publicAnswers = answers.flat().filter((m) => !m.ephemeral);
    expect(publicAnswers).toHaveLength(1);
    expect(answers.flat().filter((m) => m.ephemeral)).toHaveLength(2);
    for (const c of clicks) expect(c.refused).toEqual([]);
    const doc = (await h.bot.sessions.require(ch)).doc;
    expect(doc.version).toBe(1);
    expect(doc.actions.map((x) => x.version)).toEqual([1]);
  });

  it('opens a thread for /game new thread:true and plays the game there', async () => {
    const bock = member('Bock');
    const ch = channel();
    const record = h.fake.command(bock, ch, 'game', 'new', { game: 'operation-typhoon', seed: 21, thread: true });
    const [link] = await h.fake.answers(record);
    const thread = h.fake.threads.find((t) => t.parentId === ch)!;
    expect(thread).toBeDefined();
    expect(link!.content).toContain(`<#${thread.id}>`);
    await h.fake.waitFor(() => h.fake.messagesIn(thread.id).length > 0);
    expect(h.fake.messagesIn(thread.id)[0]!.content).toMatch(/has started/);
    expect(h.fake.messagesIn(thread.id)[0]!.files).toHaveLength(1);
    const status = await run(bock, thread.id, 'game', 'status');
    expect(status.content).toMatch(/Operation Typhoon/);
    expect(await h.bot.sessions.current(ch)).toBeUndefined();
  });

  it('reveals the seed at the end, and the exported file replays every roll (verifiable dice)', async () => {
    const user = member('Schmidt');
    const ch = channel();
    const start = await run(user, ch, 'game', 'new', { game: 'operation-typhoon' });
    await h.fake.answers(h.fake.click(user, start, start.buttons[0]!.customId));
    const index = typhoonEngine().index;
    // Step into the Soviet line until dice are rolled.
    for (let step = 0; step < 8 && !(await h.bot.sessions.require(ch)).doc.events.some((l) => l.dice?.length); step++) {
      const s = await typhoonState(ch);
      if (s.battle) {
        await run(user, ch, 'battle', 'retreat');
        continue;
      }
      const [from] = Object.values(s.units)
        .map((u) => u.hex)
        .filter(
          (hx) => !s.done.some((id) => s.units[id]?.hex === hx) && index.map.neighbours(hx).some((n) => index.initiallySoviet.has(n)),
        );
      const into = index.map.neighbours(from!).find((n) => index.initiallySoviet.has(n))!;
      const moved = await run(user, ch, 'move', undefined, { force: s.active?.hex ?? from!, path: into });
      const forfeit = moved.ephemeral ? moved.buttons.find((b) => b.label.startsWith('Move, forfeit')) : undefined;
      if (forfeit) await h.fake.answers(h.fake.click(user, moved, forfeit.customId));
    }
    const doc = (await h.bot.sessions.require(ch)).doc;
    expect(doc.events.some((l) => l.dice?.length)).toBe(true);
    const secretExport = await run(user, ch, 'game', 'export');
    expect(JSON.parse(secretExport.files[0]!.data.toString('utf8')).game.seed).toBeUndefined();

    const ended = await run(user, ch, 'game', 'end');
    expect(ended.content).toContain(`Seed: ${doc.seed}`);
    const exported = await run(user, ch, 'game', 'export');
    const text = exported.files[0]!.data.toString('utf8');
    const verified = verifyExport(parseExport(text), h.bot.services.games);
    expect(verified.problems).toEqual([]);
    expect(verified.diceChecked).toBeGreaterThan(0);

    // One die changed in the log is caught.
    const forged = JSON.parse(text);
    const line = forged.game.events.find((l: { dice?: { roll: number }[] }) => l.dice?.length);
    line.dice[0].roll = (line.dice[0].roll % 6) + 1;
    const caught = verifyExport(parseExport(JSON.stringify(forged)), h.bot.services.games);
    expect(caught.ok).toBe(false);
    expect(caught.problems[0]).toMatch(/the log shows dice/);
  });

  it('never writes the token to its log', async () => {
    expect(h.logs.length).toBeGreaterThan(0);
    for (const line of h.logs) expect(line).not.toContain(h.fake.token);
  });
});

const noRedis = redisMissingReason();
if (noRedis) console.warn(`Skipping the Redis-backed Discord run: ${noRedis}.`);

describe.skipIf(!!noRedis)('the bot in a (fake) Discord on the Redis store', () => {
  let redis: LocalRedis;
  let r: BotHarness;
  beforeAll(async () => {
    redis = await startLocalRedis();
    r = await startBotHarness({ store: { keyvUrl: redis.url } });
  });
  afterAll(async () => {
    await r?.stop();
    await redis?.stop();
  });

  it('plays, restarts and continues with the old button, the game kept in Redis', async () => {
    const user = member('Rundstedt');
    const ch = channel();
    const [start] = await r.fake.answers(r.fake.command(user, ch, 'game', 'new', { game: 'battle-for-moscow', vs: 'bot', side: 'german' }));
    expect(start!.files).toHaveLength(1);
    const versionBefore = (await r.bot.sessions.require(ch)).doc.version;
    await r.restart();
    await r.fake.waitForShards(1);
    const status = await r.fake.answers(r.fake.command(user, ch, 'game', 'status', {}));
    expect(status[0]!.content).toMatch(new RegExp(`version ${versionBefore}\\b`));
    const button = start!.buttons[0];
    if (button) {
      const [pressed] = await r.fake.answers(r.fake.click(user, start!, button.customId));
      expect(pressed!.content.length).toBeGreaterThan(0);
    }
    expect((await r.bot.sessions.require(ch)).doc.game).toBe('battle-for-moscow');
  });
});
