import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleSession } from '../src/console/console-session.js';
import { ftbBoard } from '../src/games/fight-typhoon-blitz/board.js';
import { SHIPPED_CHARTS } from '../src/games/fight-typhoon-blitz/charts.js';
import { Ctx } from '../src/games/fight-typhoon-blitz/context.js';
import { FTB_GAME } from '../src/games/fight-typhoon-blitz/definition.js';
import { destinations } from '../src/games/fight-typhoon-blitz/movement.js';
import type { FtbState } from '../src/games/fight-typhoon-blitz/state.js';
import { gameExportSchema } from '../src/session/export-format.js';
import { verifyGame } from '../src/session/verify-export.js';
import { type BotHarness, channel, member, startBotHarness } from './helpers/fake-discord/bot-harness.js';

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
    const printed: string[] = [];
    const s = new ConsoleSession({ outDir: mkdtempSync(join(tmpdir(), 'ftb-console-')), print: (t) => printed.push(t), channelId: 'ftb' });
    const run = async (line: string) => {
      printed.length = 0;
      await s.run(line);
      return printed.join('\n');
    };
    const state = async () => (await s.services.sessions.require('ftb')).doc.state as FtbState;
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
    await run('/game end');
    const exported = await run('/game export');
    const file = exported.match(/\[file\] (\S+\.json)/)![1]!;
    const check = verifyGame(gameExportSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).game, FTB_GAME);
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
    expect(check.diceChecked).toBeGreaterThan(0);
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
});
