/**
 * Drive on Moscow as the rest of the bot sees it: engine, input schemas, orders, the
 * picture, the phone-sized status and the bot side. Installed in src/games/installed.ts.
 */
import { z } from 'zod';
import { type DiceSeed, newDice } from '../../kernel/dice.js';
import type { GameEvent } from '../engine.js';
import type { GameDef } from '../game-def.js';
import type { OrderOption } from '../orders.js';
import { MAP_FILE } from './board.js';
import { botAction } from './bot.js';
import { chartsFromEnvironment, chartsId, type DomCharts, SHIPPED_CHARTS, SHIPPED_CHARTS_ID } from './charts.js';
import { type DomEngine, domEngine } from './engine.js';
import { DOM_COMMANDS, domOrders } from './orders.js';
import { domReach } from './reach.js';
import { domPrinted, domScene, domStatus } from './scene.js';
import { searchAction } from './search-bot.js';
import { type DomAction, type DomOptions, type DomState, domActionSchema, domStateSchema } from './state.js';

const side = z.enum(['german', 'soviet']);

/** The readings rules:"..." takes: `fog:on` (the default for new games) or `fog:off` (an open map). */
const domRulesSchema = z.strictObject({ fog: z.enum(['on', 'off']).optional() });

/** "fog:off" → { fog: 'off' }; a reading it does not know is refused with the ones it does. */
export function parseDomRules(text: string | undefined): z.infer<typeof domRulesSchema> {
  const out: Record<string, string> = {};
  for (const part of (text ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    const [k, v] = part.split(/[:=]/).map((x) => x.trim().toLowerCase());
    if (!k || v === undefined) throw new Error(`"${part}" is not name:value (Drive on Moscow takes fog:on or fog:off)`);
    out[k] = v;
  }
  const r = domRulesSchema.safeParse(out);
  if (!r.success) throw new Error(`Drive on Moscow takes rules:"fog:on" or rules:"fog:off", not "${text}"`);
  return r.data;
}

/**
 * The options as stored with a game and replayed: no default for the fog, so a game stored
 * before it (no rules:) sets up exactly as it was played, with an open map.
 */
const domStoredOptionsSchema = z
  .strictObject({
    vs: z.enum(['human', 'bot']).default('human'),
    side: side.optional(),
    level: z.enum(['heuristic', 'search']).optional(),
    losses: z.enum(['bot', 'player']).optional(),
    setup: z.enum(['auto', 'free']).optional(),
    rules: z
      .string()
      .max(300)
      .optional()
      .superRefine((t, ctx) => {
        try {
          parseDomRules(t);
        } catch (err) {
          ctx.addIssue({ code: 'custom', message: (err as Error).message });
        }
      }),
  })
  .refine((o) => o.side === undefined || o.vs === 'bot', {
    path: ['side'],
    message: 'side: is the side you play against the bot (add vs:bot)',
  })
  .refine((o) => o.level === undefined || o.vs === 'bot', {
    path: ['level'],
    message: 'level: is how the bot plays (add vs:bot)',
  });

/**
 * /game new options: two players, or one against the bot (`vs:bot side:german|soviet`); a new
 * game keeps the fog of war (11.6) unless rules:"fog:off", and plays the search bot unless
 * level:heuristic (the two heuristics are lopsided, 83 German wins in 100 games; the two
 * searches 59.8% of 500, docs/drive-on-moscow-arena.md). Both are written into the stored
 * options, so games stored before them play on as they were.
 */
export const domNewOptionsSchema = domStoredOptionsSchema.transform((o) => ({
  ...o,
  ...(o.vs === 'bot' && !o.level ? { level: 'search' as const } : {}),
  rules: o.rules?.trim() ? o.rules : 'fog:on',
}));

const NEW_GAME_OPTIONS: OrderOption[] = [
  {
    name: 'vs',
    type: 'string',
    description: 'Drive on Moscow: against another player (default) or the bot',
    choices: [
      { name: 'another player', value: 'human' },
      { name: 'the bot', value: 'bot' },
    ],
  },
  {
    name: 'side',
    type: 'string',
    description: 'Drive on Moscow against the bot: the side you play (default german)',
    choices: [
      { name: 'German', value: 'german' },
      { name: 'Soviet', value: 'soviet' },
    ],
  },
  {
    name: 'level',
    type: 'string',
    description: 'Drive on Moscow against the bot: search (default, looks ahead) or heuristic (quick)',
    choices: [
      { name: 'search (default)', value: 'search' },
      { name: 'heuristic', value: 'heuristic' },
    ],
  },
  {
    name: 'losses',
    type: 'string',
    description: 'Drive on Moscow: who picks units losing AL1/Bloodbath steps and equal retreat hexes (default bot)',
    choices: [
      { name: 'the bot (cheapest step, first hex)', value: 'bot' },
      { name: 'the player (a button each time)', value: 'player' },
    ],
  },
  {
    name: 'setup',
    type: 'string',
    description: 'Drive on Moscow: deploy by the bot (default) or place your own units first (3.2-3.6)',
    choices: [
      { name: 'the bot deploys both sides', value: 'auto' },
      { name: 'free: each side moves its own units (Soviet first)', value: 'free' },
    ],
  },
  {
    name: 'rules',
    type: 'string',
    // One /game new option for both games: the first game's words are the ones Discord shows.
    description: 'Rule readings: "fog:off" (Drive on Moscow), "snow:only8, halving:each" (Fight! Typhoon Blitz)',
    maxLength: 300,
  },
];

/** The hexes of the action, for the close-up. */
const MAP_EVENTS = new Set(['moved', 'attack', 'assault', 'battle', 'retreat', 'advance', 'entered', 'guards', 'eliminated']);

function define(charts: DomCharts, id: string): GameDef<DomState, DomAction, DomOptions> {
  let engine: DomEngine | undefined;
  const eng = () => {
    engine ??= domEngine(charts);
    return engine;
  };
  const self: GameDef<DomState, DomAction, DomOptions> = {
    id: 'drive-on-moscow',
    name: 'Drive on Moscow',
    summary: 'Two players, or one against the bot: Operation Typhoon, 1 Oct - 7 Dec 1941, on a rebuilt map (Decision Games 2017).',
    mapFile: MAP_FILE,
    charts: id,
    withCharts: (other) => (other === SHIPPED_CHARTS_ID ? DOM_GAME : other === id ? self : undefined),
    configure: (env) => {
      const c = chartsFromEnvironment(env);
      return c ? define(c, chartsId(c, 'override')) : self;
    },
    get engine() {
      return eng();
    },
    actionSchema: domActionSchema,
    stateSchema: domStateSchema,
    newOptionsSchema: domNewOptionsSchema as unknown as z.ZodType<Record<string, unknown>>,
    newGameOptions: NEW_GAME_OPTIONS,
    setupOptions: (options: Record<string, unknown>, seed: DiceSeed): DomOptions => {
      const o = domStoredOptionsSchema.parse(options);
      return {
        seed,
        vs: o.vs,
        ...(o.side ? { side: o.side } : {}),
        ...(o.level ? { level: o.level } : {}),
        ...(o.losses ? { losses: o.losses } : {}),
        ...(o.setup === 'free' ? { setup: o.setup } : {}),
        ...(parseDomRules(o.rules).fog === 'on' ? { fog: true } : {}),
      };
    },
    reseed: (s, seed) => ({ ...s, dice: newDice(seed) }),
    scene: (s, events, seen) => domScene(eng().board, charts, s, events, seen),
    // 11.6: until the game is over; then every counter is shown, like the dice seed.
    fog: (s) => (s.fog && !s.result ? (s.bot ? { bot: s.bot } : {}) : undefined),
    printed: () => domPrinted(eng().board),
    reach: (s, hex) => domReach(eng().board, charts, s, hex),
    status: (s) => domStatus(eng().board, charts, s),
    zoomHexes: (events: GameEvent[], s) => {
      const hexes = events.filter((e) => MAP_EVENTS.has(e.kind)).flatMap((e) => e.hexes ?? []);
      return hexes.length ? hexes : s.battle ? [s.battle.target] : [];
    },
    // The session never undoes an order that rolled a die or revealed an untried unit; a
    // battle's choice may not be taken back once it is asked for (11.6: the attack cannot be called off).
    undo: (s) =>
      s.result
        ? { allowed: false, reason: 'the game is over' }
        : s.battle
          ? { allowed: false, reason: 'a battle is under way (11.6)' }
          : { allowed: true },
    autoPlay: (s) => {
      if (s.result || !s.bot) return undefined;
      const p = eng().prompt(s);
      if (p.side !== s.bot) return undefined;
      return s.botLevel === 'search' ? searchAction(eng(), s, s.bot) : botAction(eng(), s, s.bot);
    },
    // Cheap (no search): the session runs the bot on a worker thread only when it acts.
    botActs: (s) => !s.result && !!s.bot && eng().prompt(s).side === s.bot,
    orders: domOrders(() => charts),
    commands: DOM_COMMANDS,
    describeProposal: (s, a) => {
      const text = actionText(a);
      const from = a.type === 'move' ? s.units[a.units[0]!]?.hex : a.type === 'place' ? s.units[a.unit]?.hex : undefined;
      const to = a.type === 'move' ? a.to : a.type === 'place' ? a.hex : undefined;
      return { text, events: from && to ? [{ kind: 'moved', text, hexes: [from, to] }] : [] };
    },
  };
  return self;
}

/** An action in words, for ballots and the log. */
export function actionText(a: DomAction): string {
  switch (a.type) {
    case 'move':
      return `Move ${a.units.join(', ')} to ${a.to}`;
    case 'assault':
      return `Mobile assault on ${a.target} by ${a.units.join(', ')}`;
    case 'attack':
      return `Attack ${a.target} with ${a.units.join(', ')}${a.air ? ` and ${a.air} aircraft` : ''}`;
    case 'order':
      return `${a.order === 'move-fight' ? 'Move, then fight' : 'Fight, then move'}${a.offensive ? ' (November Offensive)' : ''}`;
    case 'withdraw':
      return `Withdraw ${a.unit}`;
    case 'replace':
      return `Replace ${a.unit}`;
    case 'enter':
      return `${a.unitType} enters at ${a.hex}`;
    case 'convert':
      return `Convert ${a.unit} to Guards`;
    case 'choose':
      return `Answer: ${a.option}`;
    case 'end':
      return 'End the phase';
    case 'place':
      return `Set up ${a.unit} in ${a.hex}`;
  }
}

export const DOM_GAME: GameDef<DomState, DomAction, DomOptions> = define(SHIPPED_CHARTS, SHIPPED_CHARTS_ID);
