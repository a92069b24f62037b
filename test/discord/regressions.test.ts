import { describe, expect, it } from 'vitest';
import type { BfmState } from '../../src/games/battle-for-moscow/index.js';
import { typhoonEngine } from '../../src/games/operation-typhoon/index.js';
import type { TyphoonState } from '../../src/games/operation-typhoon/state.js';
import type { VoteService } from '../../src/votes/index.js';
import { ManualClock } from '../../src/votes/index.js';
import { expectRefused } from '../helpers/expect-refused.js';
import { channel, member } from '../helpers/fake-discord/bot-harness.js';
import type { FakeMessage, FakeOptionValue, FakeUser } from '../helpers/fake-discord/fake-discord.js';
import { useBotHarness } from '../helpers/fake-discord/use-bot-harness.js';
import { twoStepsBack } from '../helpers/typhoon-positions.js';

/**
 * End-to-end checks through the fake Discord for paths the other suites left untested:
 * `/game import` with a real attachment fetched from the (fake) CDN, a game of one channel
 * kept out of reach of another, and an open ballot whose deadline fires while two members
 * vote. Ballot deadlines run on a hand-driven clock.
 */
const clock = new ManualClock();
const h = useBotHarness({ voteClock: clock });
const { run, click, doc } = h;

/** An ended Battle for Moscow game with a swap in its log, exported: the file's bytes. */
async function endedExport(who: FakeUser): Promise<{ ch: string; id: string; data: Buffer }> {
  const ch = channel();
  await run(who, ch, 'game', 'new', { game: 'battle-for-moscow', seed: 7 });
  expect((await run(who, ch, 'setup', 'swap', { a: 'XXIV', b: 'XLI' })).content).toMatch(/trade places/);
  await run(who, ch, 'game', 'end');
  const exported = await run(who, ch, 'game', 'export');
  expect(exported.files).toHaveLength(1);
  return { ch, id: (await doc(ch)).id, data: exported.files[0]!.data };
}

describe('/game import with an attachment', () => {
  const kluge = member('Kluge');

  it('fetches the attached file from Discord’s CDN (the fake’s, on 127.0.0.1) and replays it into the channel', async () => {
    const source = await endedExport(kluge);
    const upload = h.fake.upload('battle-for-moscow-export.json', source.data);
    const target = channel();
    const imported = await run(kluge, target, 'game', 'import', { file: upload });
    expect(imported.ephemeral).toBe(false);
    expect(imported.content).toMatch(new RegExp(`^Imported as game \`[a-z0-9]{8}\` \\(from \`${source.id}\`\\), replayed to version 1.`));
    expect(h.fake.cdnRequests.filter((r) => r.path.includes(upload.id))).toEqual([{ path: new URL(upload.url).pathname, status: 200 }]);
    const copy = await doc(target);
    const original = await doc(source.ch);
    // The same position (its dice go on from a new secret seed, since the old one is public now).
    expect((copy.state as BfmState).units).toEqual((original.state as BfmState).units);
    expect(copy.actions.map((a) => a.action)).toEqual(original.actions.map((a) => a.action));
  });

  it('refuses an altered file, an expired link and a file that is not an export, and changes nothing', async () => {
    const source = await endedExport(kluge);
    const forged = JSON.parse(source.data.toString('utf8'));
    forged.game.actions[0].action.b = 'LVII';
    const cases: [FakeOptionValue, RegExp][] = [
      [h.fake.upload('forged.json', Buffer.from(JSON.stringify(forged))), /^That export does not (pass the check|replay)/],
      [h.fake.upload('notes.txt', Buffer.from('hello'), 'text/plain'), /not .*export|JSON/i],
    ];
    // A link whose signature is gone: Discord's CDN answers 404, and so does the fake's.
    const expired = h.fake.upload('old.json', source.data);
    expired.url = expired.url.replace(/\?.*$/, '');
    cases.push([expired, /Discord did not hand over the attachment \(HTTP 404\)/]);
    for (const [file, message] of cases) {
      const ch = channel();
      const answer = await run(kluge, ch, 'game', 'import', { file });
      expect(answer.content).toMatch(message);
      expect(answer.ephemeral).toBe(true);
      expect(await h.bot.sessions.current(ch)).toBeUndefined();
    }
  });
});

describe('a game of one channel, seen from another', () => {
  it('cannot be exported, listed or offered by id from another channel; its own channel exports it', async () => {
    const [owner, nosy] = [member('Owner'), member('Nosy')];
    const b = channel();
    const a = channel();
    await run(owner, b, 'game', 'new', { game: 'operation-typhoon', seed: 12 });
    const id = (await doc(b)).id;

    const refused = await run(nosy, a, 'game', 'export', { id });
    expectRefused(refused, new RegExp(`There is no game ${id} in this channel`));
    expect(refused.files).toHaveLength(0);
    const listed = await run(nosy, a, 'game', 'list');
    expect(listed.content).not.toContain(id);
    expect(listed.content).not.toContain(b);
    const offered = await h.fake.autocomplete(nosy, a, 'game', 'export', { id: '' }, 'id');
    expect(offered.map((c) => c.value)).not.toContain(id);
    // Not even by the creator from elsewhere: the game is reached from its own channel.
    expect((await run(owner, a, 'game', 'export', { id })).ephemeral).toBe(true);

    const own = await run(nosy, b, 'game', 'export', { id });
    expect(own.files).toHaveLength(1);
    expect(JSON.parse(own.files[0]!.data.toString('utf8')).game.id).toBe(id);
    expect((await run(nosy, b, 'game', 'list')).content).toContain(id);
  });
});

describe('an open ballot whose deadline fires while two members vote', () => {
  const players = ['Ada', 'Ben', 'Cy', 'Di', 'Ed'].map((n) => member(`Race${n}`));
  const [a, b, c, d, e] = players as [FakeUser, FakeUser, FakeUser, FakeUser, FakeUser];
  const voteButton = (m: FakeMessage, n: number) => m.buttons.find((x) => x.label.startsWith(`#${n} `))!.customId;

  /**
   * When the deadline fires, relative to the two votes (each forced by holding the bot at that
   * point): (A) before either vote reaches the ballot; (B) between the two; (C) after both are
   * in but before the majority they make closes the ballot; (D) just after that majority close.
   */
  const moments = {
    A: 'before either vote reaches the ballot',
    B: 'between the two votes',
    C: 'after both votes, before their majority closes the ballot',
    D: 'just after their majority closes the ballot',
  } as const;

  for (const [moment, words] of Object.entries(moments)) {
    it(`posts exactly one result and loses or doubles no vote (deadline ${words})`, async () => {
      const ch = channel();
      const start = await run(a, ch, 'game', 'new', { game: 'operation-typhoon', mode: 'vote', seed: 99 });
      for (const p of [b, c, d, e]) await run(p, ch, 'game', 'join');
      // Into the movement phase: Ada proposes the start, Ben and Cy make it a majority of five.
      const opening = await click(a, start, start.buttons[0]!.customId);
      await click(b, opening, voteButton(opening, 1));
      await click(c, opening, voteButton(opening, 1));
      expect(((await doc(ch)).state as TyphoonState).phase).toBe('movement');

      // Ben proposes #1, Cy #2: one vote each. Di and Ed then vote #1 together; with both, #1 has a majority (3 of 5).
      const [m1, m2] = twoStepsBack(typhoonEngine(), (await doc(ch)).state as TyphoonState);
      const p1 = await run(b, ch, 'move', undefined, { force: m1!.from, path: m1!.path });
      await run(c, ch, 'move', undefined, { force: m2!.from, path: m2!.path });
      const version = (await doc(ch)).version;
      const resultsBefore = h.fake.messagesIn(ch).filter((m) => /Ballot closed/.test(m.content)).length;

      // Instruments on the bot's vote service: they only decide when the deadline fires.
      const votes = h.bot.services.votes as VoteService & { vote: VoteService['vote']; close: VoteService['close'] };
      const ballots = (votes as unknown as { ballots: { save(ballot: unknown): Promise<unknown> } }).ballots;
      const closes: Promise<unknown>[] = [];
      const [vote, close, save] = [votes.vote.bind(votes), votes.close.bind(votes), ballots.save.bind(ballots)];
      let fired = false;
      const fire = () => {
        if (fired) return;
        fired = true;
        clock.advance(120_000); // the ballot opened at this clock time, with the default 2-minute window
      };
      let firstSaved: () => void = () => undefined;
      const firstSave = new Promise<void>((resolve) => {
        firstSaved = resolve;
      });
      let calls = 0;
      ballots.save = async (ballot) => {
        const saved = await save(ballot);
        if (moment === 'B') fire(); // the first vote holds the ballot's lock: the deadline queues behind it
        firstSaved();
        return saved; // the ballot as stored, with its new stamp
      };
      votes.vote = (...args) => {
        calls += 1;
        // (B): the second vote reaches the bot only once the first is saved and the deadline has fired.
        return moment === 'B' && calls === 2 ? firstSave.then(() => vote(...args)) : vote(...args);
      };
      votes.close = (...args) => {
        if (args[1] === 'majority' && moment === 'C') fire();
        const p = close(...args);
        closes.push(p);
        if (args[1] === 'majority' && moment === 'D') fire();
        return p;
      };
      try {
        const records = [h.fake.click(d, p1, voteButton(p1, 1)), h.fake.click(e, p1, voteButton(p1, 1))];
        if (moment === 'A') fire();
        const answers = (await Promise.all(records.map((r) => h.fake.answers(r)))).map((m) => m[0]!);
        expect(fired).toBe(true);
        await h.fake.waitFor(() => h.fake.messagesIn(ch).filter((m) => /Ballot closed/.test(m.content)).length > resultsBefore);
        await Promise.all(closes);

        // Exactly one close carried the ballot out; every other found it gone. Cy's move is still legal, so
        // it went on to a next ballot, which the advanced clock may close too: that one carries nothing out.
        const nextBallot = (text: string) => /no order is carried out/.test(text);
        const settled = await Promise.all(closes);
        expect(settled.filter((r) => r !== undefined && !nextBallot((r as { content: string }).content))).toHaveLength(1);
        const results = h.fake.messagesIn(ch).filter((m) => /Ballot closed/.test(m.content) && !nextBallot(m.content));
        expect(results).toHaveLength(resultsBefore + 1);
        const result = results.at(-1)!.content;
        expect(result).toMatch(/Carried out: #1/);
        expect((await doc(ch)).version).toBe(version + 1);
        expect(((await doc(ch)).state as TyphoonState).active?.hex).toBe(m1!.path);

        // Each racing vote is either in the tally (its answer says so, or is the result) or was told the ballot had closed.
        const counted = answers.filter((m) => /^Your vote: #1/.test(m.content) || /Ballot closed/.test(m.content)).length;
        const late = answers.filter((m) => /^This ballot is closed/.test(m.content)).length;
        expect(counted + late, answers.map((m) => m.content).join('\n---\n')).toBe(2);
        const cast = Number(/(\d+) votes?:/.exec(result)![1]);
        expect(cast).toBe(2 + counted);
        expect(result).toMatch(/^\*\*Ballot closed \((time is up|a majority is reached)\)\.\*\*/);
        const expected = { A: [0, 'time is up'], B: [1, 'time is up'], C: [2, 'time is up'], D: [2, 'a majority is reached'] } as const;
        expect([counted, /time is up/.test(result) ? 'time is up' : 'a majority is reached']).toEqual(
          expected[moment as keyof typeof moments],
        );
      } finally {
        delete (votes as Partial<typeof votes>).vote;
        delete (votes as Partial<typeof votes>).close;
        delete (ballots as Partial<typeof ballots>).save;
      }
    });
  }
});
