import { describe, expect, it, vi } from 'vitest';
import { typhoonEngine } from '../../../src/games/operation-typhoon/index.js';
import type { TyphoonState } from '../../../src/games/operation-typhoon/state.js';
import { ManualClock } from '../../../src/votes/index.js';
import { consoleRunner } from '../../helpers/console-runner.js';

/**
 * Operation Typhoon at the table, from the local console: nothing lost by one tap (ending a
 * turn, forfeiting air support), team commanders who do not end each other's forces, and
 * ballots that close when every vote is in.
 */
const table = (channelId = 'table', clock?: ManualClock) =>
  consoleRunner<TyphoonState>({ channelId, prefix: 'typhoon-table', voteClock: clock });

const index = typhoonEngine().index;
/** A hex next to `hex` that is German and empty: a step that rolls no die. */
function emptyBehind(s: TyphoonState, hex: string): string | undefined {
  const occupied = new Set(Object.values(s.units).map((u) => u.hex));
  return index.map.neighbours(hex).find((n) => !index.initiallySoviet.has(n) && !occupied.has(n));
}
/** A stack of `formation` with an empty German hex behind it. */
function stackOf(s: TyphoonState, formation: string): { hex: string; to: string } {
  for (const [id, u] of Object.entries(s.units)) {
    if (index.unit(id).formation !== formation) continue;
    const here = Object.entries(s.units).filter(([, x]) => x.hex === u.hex);
    if (here.some(([other]) => index.unit(other).formation !== formation)) continue;
    const to = emptyBehind(s, u.hex);
    if (to) return { hex: u.hex, to };
  }
  throw new Error(`no ${formation} stack with room behind`);
}

describe('ending a turn is never one tap (console)', () => {
  it('keeps End turn off the battle buttons and asks, with how many stacks can still move', async () => {
    const t = table();
    await t.run('/game new game:operation-typhoon seed:31');
    const started = await t.run('/setup done');
    // Nothing has moved: End turn is the third button, after two that change nothing by themselves.
    expect(t.buttons(started)).toEqual(['Move…', 'Status', 'End turn 1 (71 stacks unmoved)']);
    const before = JSON.stringify(await t.doc());
    // The look buttons only show.
    expect(await t.press(started, /^Status$/)).toMatch(/Turn 1\/8/);
    expect(JSON.stringify(await t.doc())).toBe(before);
    const asked = await t.press(await t.run('/game status'), /^End turn 1/);
    expect(asked).toMatch(/^\(only you\) End turn 1 now\? 71 stacks can still move \(9A \d+, PG3 \d+/);
    expect(asked).toMatch(/2 Luftwaffe units not assigned would be lost \(9\.1\)/);
    expect(t.buttons(asked)).toEqual(['Yes: End turn 1 (71 stacks unmoved)']);
    expect(JSON.stringify(await t.doc())).toBe(before); // asking changed nothing

    // With a force moving: End this force, then Move…, then End turn (never first or second).
    const s = await t.state();
    const { hex, to } = stackOf(s, 'PG3');
    const moved = await t.press(await t.run(`/move force:${hex} path:${to}`), /^Move, forfeit/);
    expect(t.buttons(moved)).toEqual(['End this force', 'Move…', expect.stringMatching(/^End turn 1 \(\d+ stacks unmoved\)$/)]);

    // /phase end asks too; the answer's button ends the turn.
    const typed = await t.run('/phase end');
    expect(typed).toMatch(/End turn 1 now\? 70 stacks can still move .*the force in \d{4} would lose its \d+ MP left/);
    expect((await t.state()).turn).toBe(1);
    const ended = await t.press(typed, /^End turn 1 anyway/);
    expect(ended).toMatch(/Turn 2 \(/);
    expect((await t.state()).turn).toBe(2);
  });

  it('keeps battle choices on the first buttons, with no End turn among them', async () => {
    const t = table('table-battle');
    await t.run('/game new game:operation-typhoon seed:32');
    await t.run('/setup done');
    // Into a Soviet hex until a battle waits for a decision.
    let out = '';
    for (const [id, u] of Object.entries((await t.state()).units)) {
      if (index.unit(id).mobility !== 'mechanized') continue;
      const soviet = index.map.neighbours(u.hex).find((n) => index.initiallySoviet.has(n));
      if (!soviet) continue;
      out = await t.run(`/move force:${u.hex} path:${soviet}`);
      if (/would forfeit/.test(out)) out = await t.press(out, /^Move, forfeit/);
      if ((await t.state()).battle) break;
    }
    expect((await t.state()).battle).toBeTruthy();
    expect(t.buttons(out)[0]).toMatch(/^Another round|^Retreat/);
    expect(t.buttons(out).some((b) => /End turn/.test(b))).toBe(false);
    // Retreat: the picture of that order shows the defenders who held (and they are back in the pool).
    const battleHex = (await t.state()).battle!.hex;
    const back = await t.run('/battle retreat');
    expect(back).toMatch(/\[image\] .*\.png/);
    const after = await t.state();
    expect(after.held?.hex).toBe(battleHex);
    expect(after.held!.soviet.length).toBeGreaterThan(0);
  });
});

describe('air support is never forfeited silently (console)', () => {
  it('the first move says it forfeits the Luftwaffe and offers to assign it first (9.1)', async () => {
    const t = table('table-air');
    await t.run('/game new game:operation-typhoon seed:33');
    await t.run('/setup done');
    const s = await t.state();
    const { hex, to } = stackOf(s, 'PG4');
    const before = JSON.stringify(await t.doc());
    const asked = await t.run(`/move force:${hex} path:${to}`);
    expect(asked).toMatch(/2 Luftwaffe units are not assigned yet\. .*this move would forfeit them for turn 1 \(9\.1\)/);
    expect(t.buttons(asked)).toEqual([`Luftwaffe to ${hex} first`, 'Move, forfeit 2 Luftwaffe units']);
    expect(JSON.stringify(await t.doc())).toBe(before);
    // Assign first: the force now flies with one; the other is still unassigned, so the move asks again about one.
    expect(await t.press(asked, /^Luftwaffe to/)).toMatch(/A Luftwaffe unit flies with the force in/);
    expect((await t.state()).airAvailable).toBe(1);
    const again = await t.run(`/move force:${hex} path:${to}`);
    expect(again).toMatch(/1 Luftwaffe unit is not assigned yet/);
    expect(t.buttons(again)).toEqual(['Move, forfeit 1 Luftwaffe unit']);
    await t.press(again, /^Move, forfeit/);
    expect((await t.state()).active?.air).toBe(true);
    // Later moves do not ask: nothing more can be lost.
    const s2 = await t.state();
    const next = stackOf(s2, 'PG3');
    expect(await t.run(`/move force:${next.hex} path:${next.to}`)).not.toMatch(/forfeit/);
  });

  it('refuses a bad move before asking anything', async () => {
    const t = table('table-air-bad');
    await t.run('/game new game:operation-typhoon seed:34');
    await t.run('/setup done');
    expect(await t.run('/move force:1520 path:1820')).toMatch(/9\.2: 1820 is not next to/);
  });
});

describe('team play at the table (console)', () => {
  it('commanders end the turn together, the Luftwaffe goes by the creator split, and nobody ends another commander force', async () => {
    const t = table('table-team');
    await t.run('/game new game:operation-typhoon mode:team seed:35');
    await t.run('/as bob');
    expect(await t.run('/game join army:PG3')).toMatch(/bob/);
    await t.run('/as console');
    await t.run('/setup done');
    // The creator splits the Luftwaffe: one unit for PG3, one for PG4 (the creator's).
    expect(await t.run('/air split formations:"PG3, Panzer Group 4"')).toMatch(/go to PG3, PG4/);
    await t.run('/as bob');
    expect(await t.run('/air split formations:none')).toMatch(/whole side|console/);
    const s = await t.state();
    const pg3 = stackOf(s, 'PG3');
    const pg4 = stackOf(s, 'PG4');
    expect(await t.run(`/air assign hex:${pg3.hex}`)).toMatch(/A Luftwaffe unit flies/);
    // PG3's share is used: another PG3 stack gets none.
    const otherPg3 = Object.entries(s.units).find(([id, u]) => index.unit(id).formation === 'PG3' && u.hex !== pg3.hex)![1].hex;
    expect(await t.run(`/air assign hex:${otherPg3}`)).toMatch(
      /9\.1: the Luftwaffe is split PG3, PG4 .*no share left this turn \(left: PG4\)/,
    );
    await t.run('/as console');
    expect(await t.run(`/air assign hex:${pg4.hex}`)).toMatch(/A Luftwaffe unit flies/);

    // 8: bob's force is moving; console's order for another force is refused and bob's force keeps moving.
    await t.run('/as bob');
    await t.run(`/move force:${pg3.hex} path:${pg3.to}`);
    expect((await t.state()).active?.hex).toBe(pg3.to);
    await t.run('/as console');
    const before = JSON.stringify(await t.doc());
    expect(await t.run(`/move force:${pg4.hex} path:${pg4.to}`)).toMatch(/Panzer Group 3 is commanded by bob/);
    expect(JSON.stringify(await t.doc())).toBe(before);

    // Ending the turn: each commander says they are done; the turn ends with the last one.
    await t.run('/as bob');
    const bobAsked = await t.run('/phase end');
    expect(bobAsked).toMatch(/Done for turn 1\? \d+ stacks? can still move \(PG3 \d+\)/);
    const bobDone = await t.press(bobAsked, /^Done \(PG3\)/);
    expect(bobDone).toMatch(/PG3 is done for this turn\. Waiting for 9A, 4A, PG4, 2A, PG2\./);
    expect((await t.state()).turn).toBe(1);
    expect((await t.state()).active).toBeNull(); // bob's own force stopped with him
    // The creator's End turn button says the creator's formations are done, and ends the turn.
    await t.run('/as console');
    const status = await t.run('/game status');
    const asked = await t.press(status, /^End turn 1/);
    expect(asked).toMatch(/Done for turn 1\? \d+ stacks can still move \(9A \d+, 4A \d+, PG4 \d+, 2A \d+, PG2 \d+\)/);
    const ended = await t.press(asked, /^Done \(9A, 4A, PG4, 2A, PG2\)/);
    expect(ended).toMatch(/Turn 2 \(/);
    expect((await t.state()).turn).toBe(2);
    expect((await t.state()).ready).toEqual([]);
  });
});

describe('vote details (console)', () => {
  it('ending the turn needs a majority of the members; a ballot with every vote in closes at once and carries legal proposals on', async () => {
    const clock = new ManualClock();
    const t = table('table-vote', clock);
    await t.run('/game new game:operation-typhoon mode:vote seed:36');
    for (const who of ['bob', 'carl', 'dora']) {
      await t.run(`/as ${who}`);
      await t.run('/game join');
    }
    // /vote settings without options shows them.
    expect(await t.run('/vote settings')).toMatch(/Vote settings.*\nwindow 120 s · quick_window 30 s · quorum 1 · tiebreak earliest/);
    await t.run('/as console');
    await t.run('/setup done');
    for (const who of ['bob', 'carl']) {
      await t.run(`/as ${who}`);
      await t.run('/press 1');
    }
    await vi.waitFor(async () => expect((await t.state()).phase).toBe('movement'));

    // One vote (quorum 1) for ending the turn with 71 stacks unmoved: the deadline passes and the turn goes on.
    await t.run('/as console');
    const proposed = await t.run('/phase end');
    expect(proposed).toMatch(/Proposal #1\*\* by console: End turn 1 \(5\.2\): 71 stacks can still move/);
    clock.advance(121_000);
    await vi.waitFor(() =>
      expect(t.printed.join('\n')).toMatch(/the turn does not end\*\*: #1 .* needs a majority of the 4 members \(3\), and has 1 vote/),
    );
    expect((await t.state()).turn).toBe(1);

    // Two moves proposed, all four vote: the ballot closes at once (no majority needed to wait for).
    const s = await t.state();
    const a = stackOf(s, 'PG3');
    const b = stackOf(s, '9A');
    await t.run('/as bob');
    const p2 = await t.run(`/move force:${a.hex} path:${a.to}`);
    expect(p2).toMatch(/Proposal #\d\*\* by bob/);
    await t.run('/as carl');
    const p3 = await t.run(`/move force:${b.hex} path:${b.to}`);
    expect(p3).toMatch(/Proposal #\d\*\* by carl/);
    const n2 = Number(/Proposal #(\d)\*\* by bob/.exec(p2)![1]);
    const n3 = Number(/Proposal #(\d)\*\* by carl/.exec(p3)![1]);
    await t.run('/as dora');
    await t.run(`/press ${t.buttons(p3).findIndex((l) => l.startsWith(`#${n3} `)) + 1}`);
    await t.run('/as console');
    const closed = await t.run(`/press ${t.buttons(p3).findIndex((l) => l.startsWith(`#${n2} `)) + 1}`);
    // console moved its vote from end turn to bob's move: 4 of 4 voted, 2-2 tie, the earliest wins.
    expect(closed).toMatch(/Ballot closed \(every member has voted\)/);
    expect(closed).toMatch(/Next ballot\*\*, with the proposals still legal/);
    // carl's move (of another formation) is still legal, so it is on the next ballot without re-filing.
    const status = await t.run('/vote status');
    expect(status).toMatch(new RegExp(`#\\d ${'[^\\n]*'}${b.hex} → ${b.to}`));
  });
});

describe('dice and numbers read plainly', () => {
  it('shows every die once, a modifier once, and one die as "1 die"', async () => {
    const { dieText, eventsTextWithin } = await import('../../../src/session/present.js');
    expect(dieText({ purpose: '6 Pz (CDR 7)', roll: 1, rolls: [1, 1, 6, 6, 6, 1, 5], modifier: 0, result: '3 hits' })).toBe(
      '  🎲 6 Pz (CDR 7): 1 1 6 6 6 1 5 → 3 hits',
    );
    expect(dieText({ purpose: '6 Pz (CDR 2)', roll: 4, rolls: [4, 5], modifier: -1, result: '1 hit' })).toBe(
      '  🎲 6 Pz (CDR 2): 4 5 (−1 each) → 1 hit',
    );
    expect(dieText({ purpose: 'force generation', roll: 3, modifier: 1, modified: 4, result: '1 RD' })).toBe(
      '  🎲 force generation: 3 +1 = 4 → 1 RD',
    );
    // A long report: each event's line stays, its dice are counted and one press away.
    const events = Array.from({ length: 30 }, (_, i) => ({
      kind: 'fire',
      text: `Unit ${i} fires 6 dice: 1 hit.`,
      dice: [{ purpose: `Unit ${i} (CDR 6)`, roll: 1, rolls: [1, 2, 3, 4, 5, 6], result: '1 hit' }],
    }));
    const short = eventsTextWithin(events, 1300);
    expect(short.diceHidden).toBe(true);
    expect(short.text).toContain('• Unit 29 fires 6 dice: 1 hit.\n  🎲 6 dice (Dice button or /game log)');
    expect(eventsTextWithin(events.slice(0, 2), 1300)).toEqual({ diceHidden: false, text: expect.stringContaining('1 2 3 4 5 6 → 1 hit') });
  });

  it('a move says what this step cost and what is left; a battle shows its dice without a leading first die', async () => {
    const t = table('table-dice');
    await t.run('/game new game:operation-typhoon seed:37');
    await t.run('/setup done');
    const s = await t.state();
    const { hex, to } = stackOf(s, 'PG4');
    const moved = await t.press(await t.run(`/move force:${hex} path:${to}`), /^Move, forfeit/);
    expect(moved).toMatch(new RegExp(`move to ${to}: \\d+ MP, \\d+ MP left\\.`));
    const s1 = await t.state();
    const onward = emptyBehind(s1, to);
    if (onward) {
      const left = s1.active!.mp;
      const again = await t.run(`/move force:${to} path:${onward}`);
      const [, cost, rest] = /: (\d+) MP, (\d+) MP left/.exec(again)!;
      expect(Number(cost) + Number(rest)).toBe(left); // this order's cost, not the running total
    }
    // Into the Soviet line until a battle: every fire line lists its dice, space-separated, after the CDR.
    let out = '';
    for (const [id, u] of Object.entries((await t.state()).units)) {
      if (index.unit(id).mobility !== 'mechanized' || (await t.state()).done.includes(id)) continue;
      const soviet = index.map.neighbours(u.hex).find((n) => index.initiallySoviet.has(n));
      if (!soviet) continue;
      out = await t.run(`/move force:${u.hex} path:${soviet}`);
      if (/fires/.test(out)) break;
    }
    expect(out).toMatch(/🎲 [^:\n]+\(CDR (\d)\): (\d( \d)*) → (miss|1 hit|\d hits)/);
    expect(out).not.toMatch(/fires 1 dice/);
    for (const m of out.matchAll(/\(CDR (\d)\): ([\d ]+?)(?: \([+−]\d each\))? →/g)) expect(m[2]!.split(' ')).toHaveLength(Number(m[1]));
  });
});

describe("the commander's own army, readable (console)", () => {
  it('/force list shows each formation by hex with units, steps, MP and which have moved', async () => {
    const t = table('table-forces');
    await t.run('/game new game:operation-typhoon seed:38');
    await t.run('/setup done');
    const s = await t.state();
    const { hex, to } = stackOf(s, 'PG3');
    const pg3Units = Object.keys(s.units).filter((id) => index.unit(id).formation === 'PG3');
    const listed = await t.run('/force list army:"Panzer Group 3"');
    expect(listed).toMatch(new RegExp(`\\*\\*PG3\\*\\* Panzer Group 3: ${pg3Units.length} units in \\d+ hexes, \\d+ to move`));
    expect(listed).toMatch(new RegExp(`▶ ${hex}: [^\\n]+ \\(2\\)[^\\n]* · 18 MP`));
    expect(listed).not.toMatch(/\*\*PG2\*\*/);
    await t.press(await t.run(`/move force:${hex} path:${to}`), /^Move, forfeit/);
    const moving = await t.run('/force list army:PG3');
    expect(moving).toMatch(new RegExp(`⇢ ${to}: [^\\n]+ · \\d+ MP left`));
    await t.run('/force end');
    expect(await t.run('/force list army:PG3')).toMatch(new RegExp(`✓ ${to}: [^\\n]+ · moved`));
    expect(await t.run('/force list army:XX9')).toMatch(/1\.4: there is no formation "XX9"/);
  });

  it('/game map center: a hex or an army; /hex shows the units and control now', async () => {
    const t = table('table-map');
    await t.run('/game new game:operation-typhoon seed:39');
    await t.run('/setup done');
    const s = await t.state();
    const { hex, to } = stackOf(s, 'PG4');
    const around = await t.run(`/game map center:${hex} radius:3`);
    expect(around).toMatch(new RegExp(`Around hex ${hex}:`));
    expect(around).toMatch(/\[image\] .*-\d{4}\.png/);
    expect(await t.run('/game map center:PG4')).toMatch(/Panzer Group 4: its units in \d+ hexes\./);
    expect(await t.run('/game map center:nowhere')).toMatch(/center: takes a hex XXYY or one of 9A, PG3/);
    expect(await t.run('/game map center:9999')).toMatch(/There is no hex 9999/);
    await t.press(await t.run(`/move force:${hex} path:${to}`), /^Move, forfeit/);
    const label = index.unit(Object.keys(s.units).find((id) => s.units[id]!.hex === hex)!).label;
    const now = await t.run(`/hex id:${to}`);
    expect(now).toMatch(/Control at start: German/);
    expect(now).toMatch(new RegExp(`Units now: [^\\n]*${label} \\(strength \\d\\)`));
    expect(await t.run(`/hex id:${hex}`)).toMatch(/Units now: none/);
  });
});

describe('autocomplete that helps (console)', () => {
  it('finds forces by formation, unit name or hex start, and lists destinations towards the enemy first', async () => {
    const { createDispatcher } = await import('../../../commands/index.js');
    const t = table('table-complete');
    await t.run('/game new game:operation-typhoon seed:40');
    await t.run('/setup done');
    const { commands } = createDispatcher(t.services);
    const complete = (options: Record<string, string>, focused: string) =>
      commands.get('move')!.autocomplete!({
        invocation: { command: 'move', options, user: { id: 'console', name: 'console' }, channelId: 'table-complete' },
        focused: { name: focused, value: options[focused] ?? '' },
        services: t.services,
      });
    const s = await t.state();
    const pg3 = await complete({ force: 'PG3' }, 'force');
    expect(pg3.length).toBeGreaterThan(0);
    for (const c of pg3) expect(c.name).toMatch(/ · PG3 /);
    // A unit by name, however it is typed.
    const sevenPz = Object.entries(s.units).find(([id]) => index.unit(id).label === '7 Pz')![1].hex;
    expect((await complete({ force: '7pz' }, 'force')).map((c) => c.value)).toEqual([sevenPz]);
    // Digits match hex ids from the start only.
    const byHex = await complete({ force: '15' }, 'force');
    expect(byHex.length).toBeGreaterThan(0);
    for (const c of byHex) expect(c.value.startsWith('15')).toBe(true);
    // Destinations: Soviet hexes (a battle) first, then eastward.
    const dest = await complete({ force: sevenPz, to: '' }, 'to');
    const firstGerman = dest.findIndex((d) => !/Soviet: battle/.test(d.name));
    expect(firstGerman).toBeGreaterThan(0);
    expect(dest.slice(firstGerman).some((d) => /Soviet: battle/.test(d.name))).toBe(false);
    const cols = dest.slice(firstGerman).map((d) => Number(d.value.slice(0, 2)));
    expect(cols).toEqual([...cols].sort((a, b) => b - a));
  });
});
