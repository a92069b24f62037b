import { describe, expect, it } from 'vitest';
import { ftbBoard } from '../../../src/games/fight-typhoon-blitz/board.js';
import { botAction, planMoves, railGaps } from '../../../src/games/fight-typhoon-blitz/bot.js';
import { SHIPPED_CHARTS } from '../../../src/games/fight-typhoon-blitz/charts.js';
import { Ctx } from '../../../src/games/fight-typhoon-blitz/context.js';
import { FTB_GAME, ftbNewOptionsSchema } from '../../../src/games/fight-typhoon-blitz/definition.js';
import { ftbEngine } from '../../../src/games/fight-typhoon-blitz/engine.js';
import { forgetStyles, searchAction, searchCount } from '../../../src/games/fight-typhoon-blitz/search-bot.js';
import type { FtbState } from '../../../src/games/fight-typhoon-blitz/state.js';
import { chitRun } from '../../../src/games/fight-typhoon-blitz/turns.js';
import type { HexId } from '../../../src/kernel/hex.js';
import { consoleRunner } from '../../helpers/console-runner.js';

/** Fight! Typhoon Blitz's bots: the heuristic's care for the railway, and the search level. */
const engine = ftbEngine();
const board = ftbBoard();
const charts = SHIPPED_CHARTS;

/** A board with only `units` on the map, turn 4, and a chit of 4A activating `active`. */
function only(units: Record<string, HexId>, active: string[]): FtbState {
  const s = engine.setup({ seed: 11 });
  for (const id of Object.keys(s.units)) {
    const { hex: _, ...rest } = s.units[id]!;
    s.units[id] = { ...rest, where: 'gone' };
  }
  for (const [id, hex] of Object.entries(units)) s.units[id] = { ...s.units[id]!, where: 'map', hex };
  s.turn = 4;
  s.phase = 'move';
  s.side = 'german';
  s.chit = chitRun('4A', 'german', { units: active });
  return s;
}

/** A railway hex two rail links from an Axis source, a hex beside it off the railway, and one more beyond. */
function railBeside(): { rail: HexId; beside: HexId } {
  const source = board.features.axisSources[0]!;
  const next = board.neighbours(source).find((n) => board.isRail(source, n))!;
  const rail = board.neighbours(next).find((n) => n !== source && board.isRail(next, n))!;
  const beside = board
    .neighbours(rail)
    .find((n) => !board.map.isRailHex(n) && board.terrain(n) !== 'lake' && board.distance(n, source) > board.distance(rail, source))!;
  return { rail, beside };
}

describe('the heuristic and the railway (3.3(2))', () => {
  it('a Soviet zone over an Axis railway hex is a gap; an Axis unit on it closes the gap', () => {
    const { rail, beside } = railBeside();
    const cut = only({ '133 RD': beside }, []);
    expect(railGaps(new Ctx(board, charts, cut))).toContain(rail);
    const held = only({ '133 RD': beside, '35 Inf': rail }, []);
    expect(railGaps(new Ctx(board, charts, held))).not.toContain(rail);
  });

  it('an activated infantry division in reach goes to stand on the cut railway hex', () => {
    const { rail, beside } = railBeside();
    const from = board.neighbours(rail).find((n) => n !== beside && board.terrain(n) !== 'lake' && board.distance(n, beside) > 1)!;
    const s = only({ '133 RD': beside, '35 Inf': from }, ['35 Inf']);
    // Every place Axis: no city pulls the division away, only the railway counts.
    s.flipped = board.places.filter((h) => board.initial(h) === 'soviet');
    const gaps = railGaps(new Ctx(board, charts, s));
    expect(gaps).toContain(rail);
    const plan = planMoves(new Ctx(board, charts, s));
    expect(plan).toHaveLength(1);
    const move = plan[0]!;
    expect(move.type === 'move' && move.unit === '35 Inf' && gaps.has(move.to)).toBe(true);
  });
});

describe('the search level', () => {
  it('level:search is the default against the bot, level:heuristic is kept, and level without vs:bot is refused', () => {
    const state = (o: Record<string, unknown>) => FTB_GAME.engine.setup(FTB_GAME.setupOptions!(o, 5)) as FtbState;
    expect(state({ vs: 'bot', side: 'soviet' }).botLevel).toBe('search');
    expect(state({ vs: 'bot', side: 'soviet', level: 'heuristic' }).botLevel).toBe('heuristic');
    expect(state({ vs: 'human' }).botLevel).toBeUndefined();
    const refused = ftbNewOptionsSchema.safeParse({ level: 'search' });
    expect(refused.success).toBe(false);
    expect(JSON.stringify(refused.error?.issues)).toMatch(/level: is how the bot plays/);
  });

  it('in the console: /game new with level:search starts a game with the search bot; level without vs:bot starts nothing', async () => {
    const con = consoleRunner<FtbState>({ channelId: 'lv', prefix: 'ftb-level' });
    expect(await con.run('/game new game:fight-typhoon-blitz level:search seed:4')).toMatch(/level: is how the bot plays \(add vs:bot\)/);
    await expect(con.doc()).rejects.toThrow(/no game in this channel/);
    expect(await con.run('/game new game:fight-typhoon-blitz vs:bot side:german level:search seed:4')).toMatch(/has started/);
    const s = await con.state();
    expect([s.bot, s.botLevel]).toEqual(['soviet', 'search']);
  });

  it('the bot side plays the search’s orders (legal ones): it searches at a chit’s combat; level:heuristic and older games play the heuristic', () => {
    let s = FTB_GAME.engine.setup(FTB_GAME.setupOptions!({ vs: 'bot', side: 'soviet', level: 'search' }, 3)) as FtbState;
    const searching = (x: FtbState) =>
      x.phase === 'combat' && x.chit?.side === 'german' && !x.chit.declared.length && !x.chit.resolving && x.chit.units.length > 3;
    while (!searching(s)) {
      const a = FTB_GAME.autoPlay?.(s);
      expect(a).toEqual(searchAction(board, charts, s));
      // Legal: the engine takes it (a refusal throws).
      s = engine.apply(s, a!).state;
    }
    const before = searchCount();
    const a = FTB_GAME.autoPlay?.(s);
    expect(searchCount()).toBe(before + 1);
    expect(a?.type).toMatch(/attack|end/);
    expect(() => engine.apply(s, a!)).not.toThrow();
    // The style chosen is kept for the rest of the chit: no second search.
    expect(searchAction(board, charts, s)).toEqual(a);
    expect(searchCount()).toBe(before + 1);
    const heuristic = { ...s, botLevel: 'heuristic' as const };
    expect(FTB_GAME.autoPlay?.(heuristic)).toEqual(botAction(board, charts, heuristic));
    const { botLevel: _, ...old } = s;
    expect(FTB_GAME.autoPlay?.(old as FtbState)).toEqual(botAction(board, charts, old as FtbState));
    expect(searchCount()).toBe(before + 1);
  });

  it('searches the same way twice (forked dice from the seed, never the game’s own)', () => {
    let s = FTB_GAME.engine.setup(FTB_GAME.setupOptions!({ vs: 'bot', side: 'soviet', level: 'search' }, 8)) as FtbState;
    while (s.phase !== 'move') s = engine.apply(s, botAction(board, charts, s)!).state;
    const before = JSON.stringify(s);
    forgetStyles();
    const first = searchAction(board, charts, s);
    forgetStyles();
    expect(searchAction(board, charts, s)).toEqual(first);
    // The play-outs ran on copies: the game's state, its dice included, is as it was.
    expect(JSON.stringify(s)).toBe(before);
  });
});
