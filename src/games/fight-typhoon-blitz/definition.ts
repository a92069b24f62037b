/**
 * Fight! Typhoon Blitz as the rest of the bot sees it: engine, input schemas, orders, the
 * picture, the phone-sized status and the bot side. Installed in src/games/installed.ts.
 */
import { z } from 'zod';
import { UserError } from '../../contracts/errors.js';
import { type DiceSeed, newDice } from '../../kernel/dice.js';
import type { GameEvent } from '../engine.js';
import type { GameDef } from '../game-def.js';
import type { OrderOption } from '../orders.js';
import { MAP_FILE } from './board.js';
import { botAction } from './bot.js';
import { chartsFromEnvironment, chartsId, type FtbCharts, SHIPPED_CHARTS, SHIPPED_CHARTS_ID } from './charts.js';
import { type FtbEngine, ftbEngine } from './engine.js';
import { FTB_COMMANDS, ftbOrders } from './orders.js';
import { ftbScene, ftbStatus } from './scene.js';
import { chitChoice } from './sealed.js';
import { searchAction } from './search-bot.js';
import { type FtbAction, type FtbOptions, type FtbState, ftbActionSchema, ftbStateSchema, rulesOptionsSchema } from './state.js';
import { SUPPLY } from './turns.js';

const side = z.enum(['german', 'soviet']);

/** "snow:only8, halving:each" → the rules options (the readings of section 6 of the digest). */
export function parseRules(text: string | undefined): Partial<z.infer<typeof rulesOptionsSchema>> {
  if (!text?.trim()) return {};
  const out: Record<string, unknown> = {};
  for (const part of text
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    const [k, v] = part.split(/[:=]/).map((x) => x?.trim());
    if (!k || v === undefined) throw new UserError(`rules: "${part}" is not name:value (e.g. snow:only8).`);
    out[k] = v === 'true' ? true : v === 'false' ? false : v;
  }
  const r = rulesOptionsSchema.partial().strict().safeParse(out);
  if (!r.success)
    throw new UserError(
      `rules: ${r.error.issues.map((i) => `${i.path.join('.') || 'option'}: ${i.message}`).join('; ')}. /rules chart:readings lists them.`,
    );
  return r.data;
}

/** /game new options: two players, or one against the bot; the optional Guards rule; other readings. */
export const ftbNewOptionsSchema = z
  .strictObject({
    vs: z.enum(['human', 'bot']).default('human'),
    side: side.optional(),
    level: z.enum(['heuristic', 'search']).optional(),
    guards: z.boolean().optional(),
    rules: z.string().max(300).optional(),
  })
  .refine((o) => o.level === undefined || o.vs === 'bot', { path: ['level'], message: 'level: is how the bot plays (add vs:bot)' })
  .refine((o) => o.side === undefined || o.vs === 'bot', {
    path: ['side'],
    message: 'side: is the side you play against the bot (add vs:bot)',
  });

const NEW_GAME_OPTIONS: OrderOption[] = [
  {
    name: 'vs',
    type: 'string',
    description: 'Against another player (default) or the bot',
    choices: [
      { name: 'another player', value: 'human' },
      { name: 'the bot', value: 'bot' },
    ],
  },
  {
    name: 'side',
    type: 'string',
    description: 'Against the bot: the side you play (default german)',
    choices: [
      { name: 'German', value: 'german' },
      { name: 'Soviet', value: 'soviet' },
    ],
  },
  {
    name: 'level',
    type: 'string',
    description: 'Against the bot: search (default, stronger) or heuristic (quick, readable)',
    choices: [
      { name: 'search', value: 'search' },
      { name: 'heuristic', value: 'heuristic' },
    ],
  },
  { name: 'guards', type: 'boolean', description: 'Fight! Typhoon Blitz: the optional Guards conversion of turn 8 (15.2)' },
  {
    name: 'rules',
    type: 'string',
    // One /game new option for both games: the first game's words are the ones Discord shows.
    description: 'Rule readings: "fog:off" (Drive on Moscow), "snow:only8, halving:each" (Fight! Typhoon Blitz)',
    maxLength: 300,
  },
];

const MAP_EVENTS = new Set(['moved', 'attack', 'battle', 'loss', 'retreat', 'advance', 'placed', 'activate', 'guards', 'taken']);

function define(charts: FtbCharts, id: string): GameDef<FtbState, FtbAction, FtbOptions> {
  let engine: FtbEngine | undefined;
  const eng = () => {
    engine ??= ftbEngine(charts);
    return engine;
  };
  const self: GameDef<FtbState, FtbAction, FtbOptions> = {
    id: 'fight-typhoon-blitz',
    name: 'Fight! Typhoon Blitz',
    summary: 'Two players, or one against the bot: chit-pull command, Oct 1941 - Jan 1942, on a rebuilt 16 km map (Game Journal).',
    mapFile: MAP_FILE,
    charts: id,
    withCharts: (other) => (other === SHIPPED_CHARTS_ID ? FTB_GAME : other === id ? self : undefined),
    configure: (env) => {
      const c = chartsFromEnvironment(env);
      return c ? define(c, chartsId(c, 'override')) : self;
    },
    get engine() {
      return eng();
    },
    actionSchema: ftbActionSchema,
    stateSchema: ftbStateSchema,
    newOptionsSchema: ftbNewOptionsSchema as unknown as z.ZodType<Record<string, unknown>>,
    newGameOptions: NEW_GAME_OPTIONS,
    setupOptions: (options: Record<string, unknown>, seed: DiceSeed): FtbOptions => {
      const o = ftbNewOptionsSchema.parse(options);
      const rules = { ...parseRules(o.rules), ...(o.guards !== undefined ? { guards: o.guards } : {}) };
      return { seed, vs: o.vs, ...(o.side ? { side: o.side } : {}), ...(o.level ? { level: o.level } : {}), rules };
    },
    reseed: (s, seed) => ({ ...s, dice: newDice(seed) }),
    scene: (s, events) => ftbScene(eng().board, charts, s, events),
    status: (s) => ftbStatus(eng().board, charts, s),
    zoomHexes: (events: GameEvent[], s) => {
      const hexes = events.filter((e) => MAP_EVENTS.has(e.kind)).flatMap((e) => e.hexes ?? []);
      if (hexes.length) return hexes;
      const hq = s.chit?.hq ? s.units[s.chit.hq]?.hex : undefined;
      return hq ? [hq] : [];
    },
    // The session never undoes past a die (a chit draw is a die); a sealed choice stands too,
    // so the other side never sees a choice taken back and made again.
    undo: (s) =>
      s.result
        ? { allowed: false, reason: 'the game is over' }
        : s.phase === 'select' && (s.chosen.soviet !== undefined || s.chosen.german !== undefined)
          ? { allowed: false, reason: 'a sealed chit choice stands (6.1)' }
          : { allowed: true },
    // 6.1(3): an export carries every order, the sealed chit choices too: none while a chosen
    // chit is still unrevealed (in the cup or the Guderian chit in hand, or before the draws).
    exportRefusal: (s) =>
      s.chosen.german !== undefined || s.chosen.soviet !== undefined || s.hand || s.cup.some((chit) => chit !== SUPPLY)
        ? 'this turn’s chit choices are sealed until drawn (6.1), and an export would show them'
        : undefined,
    autoPlay: (s) => {
      if (s.result || !s.bot) return undefined;
      if (eng().prompt(s).side !== s.bot) return undefined;
      return s.botLevel === 'search' ? searchAction(eng().board, charts, s) : botAction(eng().board, charts, s);
    },
    // 6.1: the chits are picked from a private menu (each member's, in vote play).
    sealedChoice: (s) => chitChoice(eng().board, charts, s),
    botActs: (s) => !s.result && !!s.bot && eng().prompt(s).side === s.bot,
    orders: ftbOrders(() => charts),
    commands: FTB_COMMANDS,
    describeProposal: (_s, a) => ({ text: actionText(a), events: [] }),
  };
  return self;
}

/** An action in words, for ballots and the log; a chit choice stays sealed. */
export function actionText(a: FtbAction): string {
  switch (a.type) {
    case 'chits':
      return `Choose ${a.chits.length} chits (sealed)`;
    case 'interrupt':
      return a.play ? 'Guderian interrupts' : 'Let the drawn chit run';
    case 'reserve':
      return `Activate ${a.units.join(', ')}`;
    case 'move':
      return `Move ${a.unit} to ${a.to}${a.strategic ? ' (strategic)' : ''}`;
    case 'attack':
      return `Attack ${a.target} with ${a.units.join(', ')}`;
    case 'resolve':
      return `Resolve the attack on ${a.target}`;
    case 'loss':
      return `Take the next step from ${a.unit}`;
    case 'retreat':
      return `${a.unit} retreats to ${a.path.join(', ')}`;
    case 'advance':
      return `${a.unit} advances to ${a.path.join(', ')}`;
    case 'place':
      return `${a.unit} enters at ${a.hex}`;
    case 'convert':
      return `Convert ${a.unit} to Guards`;
    case 'withdraw':
      return `Withdraw ${a.unit}`;
    case 'end':
      return 'End';
  }
}

export const FTB_GAME: GameDef<FtbState, FtbAction, FtbOptions> = define(SHIPPED_CHARTS, SHIPPED_CHARTS_ID);
