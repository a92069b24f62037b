import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ftbBoard } from '../../../src/games/fight-typhoon-blitz/board.js';
import { botAction } from '../../../src/games/fight-typhoon-blitz/bot.js';
import { SHIPPED_CHARTS } from '../../../src/games/fight-typhoon-blitz/charts.js';
import { Ctx } from '../../../src/games/fight-typhoon-blitz/context.js';
import { FTB_GAME } from '../../../src/games/fight-typhoon-blitz/definition.js';
import { destinations } from '../../../src/games/fight-typhoon-blitz/movement.js';
import type { FtbState } from '../../../src/games/fight-typhoon-blitz/state.js';
import { type Ballot, sealedRanking } from '../../../src/votes/ballot.js';
import { ManualClock } from '../../../src/votes/index.js';
import { consoleRunner } from '../../helpers/console-runner.js';
import { type BotHarness, channel, member, startBotHarness } from '../../helpers/fake-discord/bot-harness.js';

const AXIS_CHITS = ['9A', '4A', '2A', '3PzA', '3PzA-2', '4PzA', '4PzA-2', '2PzA', 'GUDERIAN'];

/** A move the active chit allows: its first unit that can go somewhere, and the first such hex. */
function someMove(s: FtbState): { unit: string; to: string } | undefined {
  const c = new Ctx(ftbBoard(), SHIPPED_CHARTS, s);
  for (const id of s.chit?.units ?? []) {
    const to = destinations(c, c.unit(id)!)[0];
    if (to) return { unit: id, to };
  }
  return undefined;
}

describe('Fight! Typhoon Blitz in the console', () => {
  it('a sealed chit choice, the Guderian question, a move taken back, no undo past the draw, an export that replays', async () => {
    const { run, state, endAndVerify } = consoleRunner<FtbState>({ channelId: 'ftb', prefix: 'ftb-console' });
    expect(await run('/game new game:fight-typhoon-blitz seed:5')).toMatch(/Fight! Typhoon Blitz.*has started/);
    expect(await run('/game status')).toMatch(/choose 9 command chits in secret/);
    const before = JSON.stringify(await state());
    expect(await run('/chits choose pick:"9A, 4A"')).toMatch(/5\.0: choose exactly 9/);
    expect(JSON.stringify(await state())).toBe(before);
    const chosen = await run(`/chits choose pick:"${AXIS_CHITS.join(', ')}" hold:true`);
    // An export now would show the chits still sealed in the cup (6.1).
    expect(await run('/game export')).toMatch(/Not now: this turn’s chit choices are sealed until drawn \(6\.1\)/);
    expect(chosen).toMatch(/Axis has chosen 9 chits \(sealed until drawn\)/);
    expect(chosen).toMatch(/Drawn: /);
    expect((await state()).phase).toBe('interrupt');
    // The draw rolled a die: the choice and the draw stand.
    expect(await run('/game undo')).toMatch(/Dice were rolled/);
    await run('/chits guderian play:false');
    // Play on until an HQ chit waits for movement.
    for (let i = 0; i < 10 && (await state()).phase !== 'move'; i++) {
      const st = await state();
      await run(st.phase === 'interrupt' ? '/chits guderian play:false' : '/phase end');
    }
    const st = await state();
    expect(st.phase).toBe('move');
    const m = someMove(st)!;
    const moved = await run(`/move unit:"${m.unit}" to:${m.to}`);
    expect(moved).toMatch(new RegExp(`${m.unit} \\d{4} → ${m.to}`));
    expect((await state()).units[m.unit]!.hex).toBe(m.to);
    expect(await run('/game undo')).toMatch(/took back/i);
    expect((await state()).units[m.unit]!.hex).toBe(st.units[m.unit]!.hex);
    expect(await run('/rules chart:readings')).toMatch(/A-8 10\.3: no 9-1 column/);
    const check = await endAndVerify(FTB_GAME);
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
    expect(check.diceChecked).toBeGreaterThan(0);
  });
});

describe('Fight! Typhoon Blitz: the Axis chits by sealed ballot', () => {
  it('each member picks privately from the menu (or types /chits), the public sees only counts, the chits with most votes go in the cup', async () => {
    const clock = new ManualClock();
    const { run, state, close } = consoleRunner<FtbState>({ channelId: 'ftb-vote', voteClock: clock });
    await run('/game new game:fight-typhoon-blitz mode:vote seed:5');
    for (const who of ['bob', 'carl']) {
      await run(`/as ${who}`);
      await run('/game join');
    }
    await run('/as console');
    expect(await run('/game status')).toMatch(/\[1\] Choose chits…/);
    // The menu: the 11 Axis chits and "keep GUDERIAN in hand", 9 to 10 picks.
    const menu = await run('/press 1');
    expect(menu).toMatch(/\(only you\) \*\*Turn 1: Axis command chits\*\* \(6\.1\): pick exactly 9/);
    expect(menu).toMatch(/<12> Keep GUDERIAN in hand \(6\.3\)[\s\S]*\/pick N N \.\.\.: 9 to 10 options/);
    const before = JSON.stringify(await state());
    expect(await run('/pick 1 2 3')).toMatch(/Pick 9 to 10 options \(you picked 3\); nothing was changed/);
    // The seven HQ chits, then 2PzA and GUDERIAN, held.
    const first = await run('/pick 1 2 3 4 5 6 7 8 9 12');
    expect(first).toMatch(
      /\(updated\) \(only you\) Your sealed picks \(only you see them\): 9A, 4A, 2A, 3PzA, 3PzA-2, 4PzA, 4PzA-2, 2PzA, GUDERIAN, Keep GUDERIAN in hand \(6\.3\)\. 1 of 3/,
    );
    const shown = first.split('\n').find((l) => l.startsWith('**Sealed ballot**'))!;
    expect(shown).toMatch(/1 of 3 members have chosen/);
    expect(shown).not.toMatch(/2PzA|GUDERIAN|OKH/);
    expect(JSON.stringify(await state())).toBe(before);
    // /vote status and /vote override keep the picks secret.
    expect(await run('/vote status')).not.toMatch(/2PzA/);
    expect(await run('/vote override proposal:1')).toMatch(/sealed \(a secret choice\): it has no proposals/);
    await run('/as bob');
    await run('/press 1');
    expect(await run('/pick 1 2 3 4 5 6 7 10 11')).toMatch(/2 of 3 members have chosen/);
    await run('/as carl');
    // A typed choice in vote play is a sealed vote too; the third closes the ballot.
    const closed = await run('/chits choose pick:"9A, 4A, 2A, 3PzA, 3PzA-2, 4PzA, 4PzA-2, GUDERIAN, OKH" hold:true');
    expect(closed).toMatch(/Sealed ballot closed \(every member has voted\)\.\*\* 3 of 3 members chose/);
    expect(closed).toMatch(/Axis has chosen 9 chits \(sealed until drawn\)/);
    expect(closed).not.toMatch(/AXIS REINF/);
    // 3 votes each for the seven, 2 for GUDERIAN and OKH (2PzA and AXIS REINF 1); 2 of 3 held Guderian.
    const st = await state();
    expect(st.hand).toBe(true);
    expect([...st.cup, ...(st.drawn ? [st.drawn] : []), ...(st.chit ? [st.chit.name] : [])].sort()).toEqual(
      ['9A', '4A', '2A', '3PzA', '3PzA-2', '4PzA', '4PzA-2', 'OKH', 'SUPPLY'].sort(),
    );
    await close();
  });

  it('at the deadline: too few choosers (quorum) make no choice and a new ballot opens; enough carry the choice out', async () => {
    const clock = new ManualClock();
    const { run, state, printed, close } = consoleRunner<FtbState>({ channelId: 'ftb-vote-deadline', voteClock: clock });
    const pick = `/chits choose pick:"${AXIS_CHITS.join(', ')}"`;
    await run('/game new game:fight-typhoon-blitz mode:vote seed:6');
    for (const who of ['bob', 'carl']) {
      await run(`/as ${who}`);
      await run('/game join');
    }
    await run('/as console');
    await run('/vote settings quorum:2');
    expect(await run(pick)).toMatch(/\(only you\) Your sealed picks .* 1 of 3 members have chosen/);
    clock.advance(121_000);
    await vi.waitFor(
      () => expect(printed.join('\n')).toMatch(/Sealed ballot closed \(time is up\): no choice is made\*\*: 1 of the 2 members needed/),
      {
        timeout: 15_000,
      },
    );
    expect((await state()).chosen.german).toBeUndefined();
    await run('/as bob');
    expect(await run(pick)).toMatch(/1 of 3 members have chosen/);
    await run('/as console');
    expect(await run(pick)).toMatch(/2 of 3 members have chosen/);
    clock.advance(121_000);
    await vi.waitFor(() => expect(printed.join('\n')).toMatch(/Sealed ballot closed \(time is up\)\.\*\* 2 of 3 members chose/), {
      timeout: 15_000,
    });
    expect((await state()).phase).not.toBe('select');
    await close();
  });

  it('ranks a sealed ballot’s options by votes, ties by the game’s order, the creator’s picks or a keyed draw', () => {
    const ballot = {
      version: 4,
      sealed: { picks: { a: ['x', 'y'], b: ['y', 'z'], c: ['w', 'z'] } },
    } as unknown as Ballot;
    const order = ['w', 'x', 'y', 'z'];
    const values = (t: Parameters<typeof sealedRanking>[2], creator = 'c') =>
      sealedRanking(ballot, order, t, creator, 'ab'.repeat(32)).map((r) => `${r.value}${r.votes}`);
    expect(values('earliest')).toEqual(['y2', 'z2', 'w1', 'x1']);
    expect(values('creator', 'a')).toEqual(['y2', 'z2', 'x1', 'w1']);
    const random = values('random');
    expect(random.slice(0, 2).sort()).toEqual(['y2', 'z2']);
    expect(values('random')).toEqual(random);
  });
});

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
});
afterAll(async () => {
  await h?.stop();
});

describe('Fight! Typhoon Blitz in Discord', () => {
  it('the chits are offered privately, the public answer keeps them sealed, the other side is refused, the map comes with it', async () => {
    const axis = member('Bock');
    const soviet = member('Zhukov');
    const ch = channel();
    const started = await h.fake.ask(axis, ch, 'game', 'new', { game: 'fight-typhoon-blitz', mode: 'team', seed: 9 });
    expect(started.content).toMatch(/Fight! Typhoon Blitz.*has started/);
    await h.fake.ask(soviet, ch, 'game', 'join', { seat: 'soviet' });
    const offered = await h.fake.autocomplete(axis, ch, 'chits', 'choose', { pick: '9A, ' }, 'pick');
    expect(offered.map((o) => String(o.value))).toContain('9A, 4A');
    const refused = await h.fake.ask(soviet, ch, 'chits', 'choose', { pick: '22A' });
    expect(refused.ephemeral).toBe(true);
    const chosen = await h.fake.ask(axis, ch, 'chits', 'choose', { pick: AXIS_CHITS.join(', '), hold: true });
    expect(chosen.ephemeral).toBe(false);
    expect(chosen.content).toMatch(/sealed until drawn/);
    const drawn = chosen.content.match(/Drawn: (\S+)/)![1]!;
    for (const ch2 of AXIS_CHITS.filter((x) => x !== drawn && x !== '2PzA')) expect(chosen.content).not.toContain(`${ch2},`);
    expect(chosen.files).toHaveLength(1);
  });

  it('Choose chits… opens a private menu for the Axis player only; the pick stays sealed; the menu survives a restart, a stale one is refused', async () => {
    const axis = member('Kluge');
    const soviet = member('Konev');
    const ch = channel();
    const started = await h.fake.ask(axis, ch, 'game', 'new', { game: 'fight-typhoon-blitz', mode: 'team', seed: 11 });
    await h.fake.ask(soviet, ch, 'game', 'join', { seat: 'soviet' });
    const open = started.buttons.find((b) => b.label === 'Choose chits…')!;
    const [refused] = await h.fake.answers(h.fake.click(soviet, started, open.customId));
    expect(refused!.ephemeral).toBe(true);
    expect(refused!.content).toMatch(/german side's decision, and you play soviet/);
    const [menuMsg] = await h.fake.answers(h.fake.click(axis, started, open.customId));
    expect(menuMsg!.ephemeral).toBe(true);
    const menu = menuMsg!.menus[0]!;
    expect([menu.minValues, menu.maxValues]).toEqual([9, 10]);
    expect(menu.options.map((o) => o.value)).toEqual([...AXIS_CHITS, 'OKH', 'AXIS REINF', 'hold:GUDERIAN']);
    const version = (await h.bot.sessions.require(ch)).doc.version;
    const [few] = await h.fake.answers(h.fake.pick(axis, menuMsg!, menu.customId, ['9A', '4A']));
    expect(few!.ephemeral).toBe(true);
    expect(few!.content).toMatch(/Pick 9 to 10 options \(you picked 2\); nothing was changed/);
    // The menu's id carries all it needs: a restart between opening and picking changes nothing.
    await h.restart();
    const pick = h.fake.pick(axis, menuMsg!, menu.customId, [...AXIS_CHITS, 'hold:GUDERIAN']);
    expect((await h.fake.updated(pick)).content).toMatch(/Chosen \(sealed: only you see this\): 9A, 4A, 2A, .*Keep GUDERIAN in hand/);
    const [report] = await h.fake.answers(pick);
    expect(report!.ephemeral).toBe(false);
    expect(report!.content).toMatch(/\*\*Kluge\*\* has chosen \(sealed\)[\s\S]*Axis has chosen 9 chits \(sealed until drawn\)/);
    const drawn = report!.content.match(/Drawn: (\S+)/)![1]!;
    // Only the drawn chit is named (and 2PzA, in the Guderian question); the rest stay sealed.
    const words = new Set(report!.content.split(/[\s,.:;()*]+/));
    for (const other of AXIS_CHITS.filter((x) => x !== drawn && x !== '2PzA' && x !== 'GUDERIAN')) expect(words).not.toContain(other);
    const st = (await h.bot.sessions.require(ch)).doc;
    expect(st.version).toBe(version + 1);
    expect((st.state as FtbState).hand).toBe(true);
    // The same menu again: the game has moved on, nothing changes.
    const [stale] = await h.fake.answers(h.fake.pick(axis, menuMsg!, menu.customId, [...AXIS_CHITS]));
    expect(stale!.ephemeral).toBe(true);
    expect(stale!.content).toMatch(/made at version \d+; the game has moved on/);
    expect((await h.bot.sessions.require(ch)).doc.version).toBe(st.version);
  });

  it('losses:owner: the defender picks his retreat with the buttons; the other side is refused privately', async () => {
    const axis = member('Strauss');
    const soviet = member('Lukin');
    const ch = channel();
    await h.fake.ask(axis, ch, 'game', 'new', { game: 'fight-typhoon-blitz', mode: 'team', seed: 1, rules: 'losses:owner' });
    await h.fake.ask(soviet, ch, 'game', 'join', { seat: 'soviet' });
    const players = { german: { id: axis.id, name: axis.name }, soviet: { id: soviet.id, name: soviet.name } };
    // Up to the first retreat with a choice, each side's orders given as its player's (the bot's picks).
    for (let i = 0; i < 60; i++) {
      const view = await h.bot.sessions.require(ch);
      const st = view.doc.state as FtbState;
      if (st.phase === 'retreat') break;
      await h.bot.sessions.act(ch, players[view.prompt.side as 'german' | 'soviet'], botAction(ftbBoard(), SHIPPED_CHARTS, st));
    }
    const st = (await h.bot.sessions.require(ch)).doc.state as FtbState;
    expect(st.phase).toBe('retreat');
    const status = await h.fake.ask(soviet, ch, 'game', 'status', {});
    const ways = status.buttons.filter((b) => / to \d{4} then \d{4}/.test(b.label));
    expect(ways.length).toBeGreaterThan(1);
    const [refused] = await h.fake.answers(h.fake.click(axis, status, ways[0]!.customId));
    expect(refused!.ephemeral).toBe(true);
    expect(refused!.content).toMatch(/soviet side's decision/);
    const pick = ways.at(-1)!;
    const [report] = await h.fake.answers(h.fake.click(soviet, status, pick.customId));
    expect(report!.ephemeral).toBe(false);
    const end = pick.label.match(/then (\d{4})/)![1]!;
    expect(report!.content).toMatch(new RegExp(`retreats to ${end}`));
    expect(report!.files).toHaveLength(1);
    const unit = pick.label.replace(/^\d+\. /, '').split(' to ')[0]!;
    expect(((await h.bot.sessions.require(ch)).doc.state as FtbState).units[unit]!.hex).toBe(end);
  });

  it('vote play: the Axis members pick privately, the channel sees only how many chose, the ballot closes when all have', async () => {
    const creator = member('Halder');
    const voter = member('Hoth');
    const ch = channel();
    const started = await h.fake.ask(creator, ch, 'game', 'new', { game: 'fight-typhoon-blitz', mode: 'vote', seed: 12 });
    await h.fake.ask(voter, ch, 'game', 'join', { seat: 'german' });
    const open = started.buttons.find((b) => b.label === 'Choose chits…')!;
    const [menuMsg] = await h.fake.answers(h.fake.click(creator, started, open.customId));
    expect(menuMsg!.content).toMatch(/your picks are your private vote/);
    const first = h.fake.pick(creator, menuMsg!, menuMsg!.menus[0]!.customId, AXIS_CHITS);
    expect((await h.fake.updated(first)).content).toMatch(/Your sealed picks \(only you see them\): 9A, .* 1 of 2 members have chosen/);
    const [count] = await h.fake.answers(first);
    expect(count!.ephemeral).toBe(false);
    expect(count!.content).toMatch(/\*\*Sealed ballot\*\* .*1 of 2 members have chosen/);
    expect(count!.content).not.toMatch(/9A|GUDERIAN/);
    // The second member opens the menu from the count's own button, and closes the ballot.
    const [menu2] = await h.fake.answers(h.fake.click(voter, count!, count!.buttons[0]!.customId));
    const second = h.fake.pick(voter, menu2!, menu2!.menus[0]!.customId, [...AXIS_CHITS.slice(0, 8), 'OKH']);
    await h.fake.updated(second);
    const [result] = await h.fake.answers(second);
    expect(result!.content).toMatch(/Sealed ballot closed \(every member has voted\)\.\*\* 2 of 2 members chose/);
    expect(result!.content).toMatch(/Axis has chosen 9 chits \(sealed until drawn\)/);
    // A tie (GUDERIAN and OKH one vote each) goes to the chit listed first: GUDERIAN.
    const st = (await h.bot.sessions.require(ch)).doc.state as FtbState;
    expect([...st.cup, st.drawn, st.chit?.name].filter(Boolean)).not.toContain('OKH');
  });
});
