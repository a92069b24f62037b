import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UserError } from '../../src/contracts/errors.js';
import type { Reply } from '../../src/contracts/reply.js';
import { batchArrows, checkBatch } from '../../src/dispatch/order-batch-check.js';
import { parseBatch } from '../../src/dispatch/order-lines.js';
import { closeServices, createServices, type Services } from '../../src/dispatch/services.js';
import type { TyphoonState } from '../../src/games/operation-typhoon/state.js';
import { createGameStore } from '../../src/store/game-store.js';
import { ManualClock } from '../../src/votes/clock.js';
import { consoleRunner } from '../helpers/console-runner.js';
import { alice, bob, tempDataFile, testGames, testServices } from '../helpers/test-game.js';

/**
 * Orders in batches on the session level, on a real SQLite store: parsing, the check
 * against the rules without a die shown, refusal that changes nothing, pause and resume at
 * a battle's decision, undo per order, and a crash between two orders that neither loses
 * nor repeats one; plans in vote play (a whole batch as one proposal, its battles on quick
 * ballots or by its standing instruction); and the local console.
 */
const opened: Services[] = [];
function open(dataFile = tempDataFile()): { services: Services; dataFile: string } {
  const { services } = testServices({ dataFile, clock: new ManualClock() });
  opened.push(services);
  return { services, dataFile };
}
afterAll(async () => {
  for (const s of opened) await closeServices(s).catch(() => undefined);
});

let channels = 0;
/** An Operation Typhoon game (seed 7) at the start of turn 1's movement. */
async function typhoon(services: Services): Promise<string> {
  const channelId = `batch-${++channels}`;
  await services.sessions.newGame({ channelId, guildId: 'g1' }, alice, { game: 'operation-typhoon', seed: 7 });
  await services.sessions.act(channelId, alice, { type: 'setup-done' });
  return channelId;
}
/**
 * Orders ending in a battle that waits for the commander (another round or retreat): moves
 * into Soviet hexes, tried in turn on a copy of the game (its own dice) until one meets
 * defenders. Returns the lines and the battle's line number.
 */
async function toBattle(services: Services, ch: string): Promise<{ text: string; n: number; hex: string }> {
  const { def, doc } = await services.sessions.require(ch);
  let state = structuredClone(doc.state);
  const lines: string[] = [];
  for (const [from, to] of [
    ['1315', '1416'],
    ['1313', '1414'],
    ['1311', '1411'],
    ['1314', '1415'],
    ['1312', '1413'],
  ] as const) {
    const line = `move force:${from} to:${to}`;
    const order = def.orders.find((o) => o.command === 'move')!;
    const out = order.run!(state, { force: from, to }, {});
    if (!('act' in out)) throw new Error('no move');
    state = def.engine.apply(state, out.act).state;
    lines.push(line);
    if ((state as TyphoonState).battle) return { text: lines.join('\n'), n: lines.length, hex: to };
  }
  throw new Error('no battle in five moves');
}

const buttonOf = (reply: Reply, label: RegExp) => reply.buttons!.find((b) => label.test(b.label))!.customId;
const version = async (s: Services, ch: string) => (await s.sessions.require(ch)).doc.version;

describe('batch text', () => {
  const { services } = open();
  const def = services.games.require('operation-typhoon');

  it('reads one order per line or separated by ;, skips comments and keeps a standing instruction', () => {
    const parsed = parseBatch(
      def,
      '# turn 1\n/air assign hex:1311\nmove force:1311 to:1411; move force:1212 to:1311 path:1311\n\nbattles: retreat after round 2',
    );
    expect(parsed.lines.map((l) => [l.n, l.command, l.subcommand, l.options])).toEqual([
      [1, 'air', 'assign', { hex: '1311' }],
      [2, 'move', undefined, { force: '1311', to: '1411' }],
      [3, 'move', undefined, { force: '1212', to: '1311', path: '1311' }],
    ]);
    expect(parsed.standing).toEqual({ battles: 'retreat', after: 2 });
    expect(parseBatch(def, 'battle round; battles: fight').standing).toEqual({ battles: 'fight' });
  });

  it('refuses bad lines naming the line: unknown order, unknown option, a bad instruction', () => {
    expect(() => parseBatch(def, 'move force:1311 to:1411\nattack defender:x')).toThrow(
      /Line 2 \(“attack defender:x”\): Operation Typhoon has no \/attack/,
    );
    expect(() => parseBatch(def, 'move force:1311 towards:1411')).toThrow(/Line 1 .*not towards:/);
    expect(() => parseBatch(def, 'battles: maybe')).toThrow(/not an instruction/);
    expect(() => parseBatch(def, '# nothing but a comment')).toThrow(/no orders/);
    // Battle for Moscow has no fight-on-or-retreat decision for the instruction to answer.
    expect(() => parseBatch(services.games.require('battle-for-moscow'), 'battles: retreat')).toThrow(/no fight-on-or-retreat/);
  });
});

describe('checking a batch against the rules', () => {
  const { services } = open();

  it('checks each line on the position the lines before it leave, and marks what waits for dice', async () => {
    const ch = await typhoon(services);
    const view = await services.sessions.require(ch);
    const parsed = parseBatch(view.def, 'move force:1213 to:1312\nmove force:1311 to:1411\nmove force:1212 to:1311');
    const check = checkBatch(view, alice, parsed);
    expect(check.refusal).toBeUndefined();
    expect(check.lines.map((c) => [c.status, c.uncertain ?? false])).toEqual([
      ['checked', false],
      ['checked', true], // enters a Soviet hex: a force-generation roll decides what follows
      ['reached', false],
    ]);
    expect(check.lines[0]!.arrow?.path).toEqual(['1213', '1312']);
    expect(check.lines[0]!.arrow?.label).toMatch(/^1 · 1 MP$/);
    // A force going on from where the line before it ended reads as one arrow on the picture.
    const chain = checkBatch(
      view,
      alice,
      parseBatch(view.def, 'move force:1213 to:1312\nmove force:1312 to:1412\nmove force:1412 path:1512'),
    );
    expect(chain.refusal).toBeUndefined();
    expect(chain.lines.map((c) => c.status)).toEqual(['checked', 'checked', 'reached']);
    expect(batchArrows(chain)).toEqual([expect.objectContaining({ path: ['1213', '1312', '1412', '1512'], label: '1-3?' })]);
  });

  it('refuses the batch at the first line the rules refuse, naming line and rule; nothing is stored or carried out', async () => {
    const ch = await typhoon(services);
    const before = await version(services, ch);
    // Line 2 asks for the force line 1 has already moved: refused on the position after line 1.
    const err = await services.batches
      .give(ch, alice, 'move force:1213 to:1312\nmove force:1213 to:1313\nmove force:1212 to:1311')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UserError);
    expect((err as Error).message).toMatch(/^Line 2 \(“move force:1213 to:1313”\) is refused: 9\.\d/);
    expect((err as Error).message).toMatch(/Nothing of these orders was carried out/);
    expect(await version(services, ch)).toBe(before);
    expect(await services.batches.store.load((await services.sessions.require(ch)).doc.id)).toBeUndefined();
    // Someone else's solo game: refused before anything.
    await expect(services.batches.give(ch, bob, 'move force:1213 to:1312')).rejects.toThrow(/solo game/);
  });
});

describe('carrying out a batch', () => {
  const { services } = open();

  it('carries out in order after Carry out, pauses at a battle, answers and goes on; undo takes back one order', async () => {
    const ch = await typhoon(services);
    const start = await version(services, ch);
    const battle = await toBattle(services, ch);
    const total = battle.n + 1;
    const preview = await services.batches.give(ch, alice, `${battle.text}\nmove force:1213 to:1312`);
    expect(preview.files?.length).toBe(1); // one picture of every arrow
    expect(await version(services, ch)).toBe(start); // nothing carried out yet
    // Only the player who gave them carries them out.
    await expect(services.batches.press(ch, bob, buttonOf(preview, /^Carry out/))).rejects.toThrow(/Alice's/);

    const paused = await services.batches.press(ch, alice, buttonOf(preview, /^Carry out/));
    expect(paused.content).toContain(
      `${battle.n} of ${total} carried out**, paused at the rules' question after line ${battle.n}: Battle in ${battle.hex}`,
    );
    const s = (await services.sessions.require(ch)).doc.state as TyphoonState;
    expect(s.battle?.hex).toBe(battle.hex);
    expect(await version(services, ch)).toBe(start + battle.n); // one version per order

    const done = await services.batches.press(ch, alice, buttonOf(paused, /^Retreat.*then go on/));
    expect(done.content).toContain(`${battle.n} ↳ Retreat`);
    expect(done.content).toContain(`all ${total} orders carried out`);
    const after = await services.sessions.require(ch);
    expect(after.doc.version).toBe(start + total + 1);
    const hexes = (d: { state: unknown }) => Object.values((d.state as TyphoonState).units).map((u) => u.hex);
    const at = (d: { state: unknown }, hex: string) => hexes(d).filter((h) => h === hex).length;
    expect([at(after.doc, '1213'), at(after.doc, '1312')]).toEqual([0, 2]);
    // The last order rolled no die: undo takes back that one order, and only it.
    const undone = await services.sessions.undo(ch, alice);
    expect(undone.undone.version).toBe(start + total + 1);
    expect([at(undone.doc, '1213'), at(undone.doc, '1312')]).toEqual([1, 1]);
    // A finished batch's buttons do nothing more.
    const again = await services.batches.press(ch, alice, buttonOf(preview, /^Carry out/));
    expect(again.ephemeral).toBe(true);
    expect(await version(services, ch)).toBe(start + total + 2);
  });

  it('answers decisions by the standing instruction without pausing', async () => {
    const ch = await typhoon(services);
    const battle = await toBattle(services, ch);
    const preview = await services.batches.give(ch, alice, `${battle.text}\nbattles: retreat after round 1`);
    expect(preview.content).toMatch(/Battles: retreat after round 1/);
    const done = await services.batches.press(ch, alice, buttonOf(preview, /^Carry out/));
    expect(done.content).toContain(`${battle.n} ↳ Retreat`);
    expect(done.content).toContain(`all ${battle.n} order`);
  });

  it('pauses on a line refused when reached; Skip goes on without it', async () => {
    const ch = await typhoon(services);
    const battle = await toBattle(services, ch);
    const total = battle.n + 2;
    const preview = await services.batches.give(ch, alice, `${battle.text}\nmove force:1213 to:1312\nmove force:1212 to:1311`);
    const paused = await services.batches.press(ch, alice, buttonOf(preview, /^Carry out/));
    expect(paused.content).toContain(`paused at the rules' question after line ${battle.n}`);
    // While it waits, the player answers by hand and moves the force the next line names.
    await services.sessions.act(ch, alice, { type: 'retreat' });
    await services.sessions.act(ch, alice, { type: 'move', from: '1213', path: ['1313'] });
    const refused = await services.batches.press(ch, alice, buttonOf(paused, /^Go on/));
    const next = battle.n + 1;
    expect(refused.content).toMatch(
      new RegExp(
        `${battle.n} of ${total} carried out\\*\\*, paused before line ${next}: line ${next} \\(“move force:1213 to:1312”\\) is refused now: 9\\.\\d`,
      ),
    );
    const v = await version(services, ch);
    const done = await services.batches.press(ch, alice, buttonOf(refused, new RegExp(`^Skip line ${next}`)));
    expect(done.content).toContain(`Line ${next} skipped`);
    expect(done.content).toContain(`all ${total} orders carried out`);
    expect(await version(services, ch)).toBe(v + 1);
  });
});

describe('another game, through the same orders', () => {
  const { services } = open();

  it('Battle for Moscow: the set-up ended and two panzer corps moved by one batch, each its own order', async () => {
    const ch = `batch-bfm-${++channels}`;
    await services.sessions.newGame({ channelId: ch, guildId: 'g1' }, alice, { game: 'battle-for-moscow', seed: 5 });
    const start = await version(services, ch);
    // The same order moving the same corps twice is refused on the position after the first line.
    await expect(services.batches.give(ch, alice, 'setup done\nmove unit:XLI to:0101\nmove unit:XLI to:0102')).rejects.toThrow(
      /^Line 3 \(“move unit:XLI to:0102”\) is refused: /,
    );
    const preview = await services.batches.give(ch, alice, 'setup done\nmove unit:XLI to:0101\nmove unit:LVII to:0207');
    expect(preview.content).toContain('**Orders from Alice**: 3 orders');
    const done = await services.batches.press(ch, alice, buttonOf(preview, /^Carry out/));
    expect(done.content).toContain('all 3 orders carried out');
    const after = await services.sessions.require(ch);
    expect(after.doc.version).toBe(start + 3);
    expect(after.doc.actions.slice(-3).map((a) => (a.action as { type: string }).type)).toEqual(['setup-done', 'move', 'move']);
  });
});

describe('a crash between two orders', () => {
  it('leaves the batch at its next line: a restart goes on from there and carries no order out twice', async () => {
    const first = open();
    const ch = await typhoon(first.services);
    const start = await version(first.services, ch);
    const text = 'move force:1213 to:1312\nmove force:1214 to:1313\nmove force:1212 to:1311\nmove force:1112 to:1211';
    const preview = await first.services.batches.give(ch, alice, text);
    // The process dies right after the second order is saved, before the third is given.
    const sessions = first.services.sessions;
    // Each order of a batch is one pass of the order path (withGame: read, act, save).
    const realPass = sessions.withGame.bind(sessions);
    let calls = 0;
    sessions.withGame = (async (...args: Parameters<typeof realPass>) => {
      const outcome = await realPass(...args);
      if (++calls === 2) throw new Error('killed');
      return outcome;
    }) as typeof sessions.withGame;
    await expect(first.services.batches.press(ch, alice, buttonOf(preview, /^Carry out/))).rejects.toThrow('killed');

    // A new process on the same file: the game has two orders and the batch stands at line 3.
    const second = open(first.dataFile);
    const view = await second.services.sessions.require(ch);
    expect(view.doc.version).toBe(start + 2);
    const stored = await second.services.batches.store.load(view.doc.id);
    expect(stored).toMatchObject({ status: 'running', next: 2 });
    expect((await second.services.batches.status(ch)).content).toMatch(/interrupted before line 3 of 4.*nothing was run twice/);
    const done = await second.services.batches.resumeOrders(ch, alice);
    expect(done.content).toMatch(/all 4 orders carried out/);
    const end = await second.services.sessions.require(ch);
    expect(end.doc.version).toBe(start + 4);
    const moves = end.doc.actions.filter((a) => a.version > start).map((a) => (a.action as { from: string }).from);
    expect(moves).toEqual(['1213', '1214', '1212', '1112']);
  });

  it('refuses an order whose batch record changed since it was read (two processes on one batch): never twice', async () => {
    const first = open();
    const ch = await typhoon(first.services);
    const preview = await first.services.batches.give(ch, alice, 'move force:1213 to:1312\nmove force:1214 to:1313');
    const id = (await first.services.sessions.require(ch)).doc.id;
    const stale = (await first.services.batches.store.load(id))!;
    await first.services.batches.press(ch, alice, buttonOf(preview, /^Carry out/));
    const v = await version(first.services, ch);
    // Another process still holding the batch as it was read tries its first line again.
    const progress = first.services.batches.store.progressWrite({ ...stale, status: 'running', next: 1 });
    await expect(first.services.sessions.act(ch, alice, { type: 'move', from: '1212', path: ['1311'] }, v, progress.write)).rejects.toThrow(
      /changed while your order was being handled/,
    );
    expect(await version(first.services, ch)).toBe(v);
  });
});

// ---- vote play: plans ----

const carol = { id: 'u-carol', name: 'Carol' };
const clock = new ManualClock();
const posted: Reply[] = [];
const voting: Services = createServices({
  store: createGameStore({ dataFile: tempDataFile() }),
  games: testGames(),
  clock,
  post: async (_channel, reply) => posted.push(reply),
});
opened.push(voting);

async function voteGame(): Promise<string> {
  const services = voting;
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

const voteId = (label: RegExp, reply: Reply) => reply.buttons!.find((b) => label.test(b.label))!.customId;

describe('plans in vote play', () => {
  const services = voting;
  it('files a plan as one proposal with its picture; the winner runs and its battle goes to a quick ballot', async () => {
    const ch = await voteGame();
    const start = (await services.sessions.require(ch)).doc.version;
    const battle = await toBattle(services, ch);
    const filed = await services.batches.give(ch, alice, `${battle.text}\nmove force:1213 to:1312`);
    expect(filed.content).toMatch(new RegExp(`\\*\\*Proposal #1\\*\\* by Alice: Plan of ${battle.n + 1} orders`));
    expect(filed.files?.length).toBe(1);
    expect((await services.sessions.require(ch)).doc.version).toBe(start); // a proposal changes nothing

    // A single order and a plan can stand on one ballot; Bob's vote gives the plan a majority of three.
    const result = await services.votes.vote(ch, bob, voteId(/^#1 Plan/, filed));
    expect(result.content).toMatch(/Carried out: plan #1/);
    expect(result.content).toContain(`${battle.n} of ${battle.n + 1} carried out`);
    expect(result.content).toMatch(/a battle decision; nobody voting means Retreat to \d{4}/);
    expect(result.buttons?.map((b) => b.label)).toEqual([expect.stringMatching(/^#1 Another round/), expect.stringMatching(/^#2 Retreat/)]);
    expect((await services.sessions.require(ch)).doc.version).toBe(start + battle.n);

    // Nobody votes on the battle: after its window the default (retreat) is carried out and the plan goes on.
    clock.advance(31_000);
    await new Promise((r) => setTimeout(r, 50));
    for (let i = 0; i < 100 && !posted.some((p) => /all \d+ orders carried out/.test(p.content)); i++)
      await new Promise((r) => setTimeout(r, 50));
    const last = posted.at(-1)!;
    expect(last.content).toMatch(/the default \(Retreat to \d{4}\) applies/);
    expect(last.content).toContain(`all ${battle.n + 1} orders carried out`);
    const end = await services.sessions.require(ch);
    expect(end.doc.version).toBe(start + battle.n + 2);
    expect(end.doc.actions.at(-1)!.userId).toBe(alice.id); // carried out as the proposer's orders
  });

  it('follows the plan’s standing instruction instead of opening quick ballots', async () => {
    const ch = await voteGame();
    const battle = await toBattle(services, ch);
    const filed = await services.batches.give(ch, bob, `${battle.text}\nbattles: retreat after round 1`);
    const result = await services.votes.vote(ch, carol, voteId(/^#1 Plan/, filed));
    expect(result.content).toContain(`${battle.n} ↳ Retreat`);
    expect(result.content).toContain(`all ${battle.n} order`);
    expect(result.content).not.toMatch(/a battle decision; nobody voting/);
  });

  it('refuses a plan whose line breaks a rule, naming the line; nothing is filed', async () => {
    const ch = await voteGame();
    await expect(services.batches.give(ch, alice, 'move force:1213 to:1312\nmove force:1213 to:1313')).rejects.toThrow(
      /That plan cannot be proposed: Line 2 \(“move force:1213 to:1313”\) is refused: 9\./,
    );
    expect((await services.votes.status(ch)).content).toMatch(/No ballot is open/);
  });
});

describe('the local console', () => {
  it('takes /orders give path:FILE, shows the check with its picture and carries the orders out with /press', async () => {
    const c = consoleRunner({ prefix: 'console-orders', games: testGames() });
    const { printed } = c;
    try {
      await c.run('/game new game:operation-typhoon seed:7');
      await c.run('/setup done');
      const file = join(c.dir, 'turn1.txt');
      writeFileSync(file, '# infantry closes up\nmove force:1213 to:1312\nmove force:1212 to:1311\n');
      expect(await c.run(`/orders give path:${file}`)).toMatch(/\*\*Orders from console\*\*: 2 orders, checked against the rules/);
      expect(printed.at(-1)).toMatch(/\[1\] Carry out 2 orders {2}\[2\] Cancel/);
      expect(c.written.at(-1)).toMatch(/-orders-[a-z0-9]{6}\.png$/);
      expect(await c.run('/press 1')).toMatch(/all 2 orders carried out/);
      // The same text in one line, with ;, is refused whole when a line breaks a rule.
      await c.run('/orders give text:"move force:1112 to:1211; move force:1112 to:1212"');
      expect(printed.at(-1)).toMatch(/^\(only you\) Line 2 \(“move force:1112 to:1212”\) is refused: 9\./);
    } finally {
      await c.close();
    }
  });
});
