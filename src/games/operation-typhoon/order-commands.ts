/**
 * Operation Typhoon's order vocabulary: how /move, /air, /force, /battle, /phase, /setup and
 * /rules become this game's actions (see ../orders.ts for the contract). The orders use the
 * engine of the definition they belong to, so an owner's override charts are the ones read.
 */
import { UserError } from '../../contracts/errors.js';
import { fitText } from '../../contracts/limits.js';
import type { Choice } from '../../contracts/reply.js';
import { RuleError } from '../engine.js';
import { rulesOrder } from '../kit/rules-order.js';
import { type OrderOptions, offer, orderOptions } from '../orders.js';
import { CHART_IDS, CHART_NAMES, chartText } from './chart-text.js';
import type { TyphoonEngine } from './engine.js';
import { turnEndWarning as warningFor } from './engine-prompt.js';
import { forceList } from './force-list.js';
import { battleWaiting, gameOver } from './order-checks.js';
import {
  airForfeit,
  airOptions,
  allocationOptions,
  allocationTargets,
  chartOptions,
  dropOptions,
  formationIds,
  hitOptions,
  listOptions,
  moveOptions,
  placeOptions,
  splitOptions,
  squeezed,
  type TyphoonOrder,
  textOption,
} from './order-options.js';
import { destinationChoices, findUnit, forceChoices, moveAction, resolveUnits } from './orders.js';
import { allocationModes, type TyphoonAction, type TyphoonState } from './state.js';

/** Descriptions of the commands only Operation Typhoon has (Discord: at most 100 characters). */
export const TYPHOON_COMMANDS: Record<string, string> = {
  air: 'Luftwaffe close air support (9.1)',
  force: 'German forces: list them, drop units off the moving force (9.5) or end its move',
  rules: 'Operation Typhoon charts: turn track, movement points, terrain, CRT, force generation, breakout, OOB',
};

/** The orders of Operation Typhoon, reading rules and charts from `engine()`. */
export function typhoonOrders(engine: () => TyphoonEngine): TyphoonOrder[] {
  const index = () => engine().index;
  /** What ending the turn now would cost, asked first; nothing while a battle waits or the game is over. */
  const turnEndWarning = (state: TyphoonState, formations?: string[]) =>
    gameOver(state) || battleWaiting(state) ? undefined : warningFor(index(), state, formations);
  const act = (action: TyphoonAction) => ({ act: action });

  const chart = (options: OrderOptions): string => {
    const { chart: id } = orderOptions(chartOptions, options);
    return fitText(chartText(index().charts, id));
  };

  return [
    {
      command: 'move',
      description: 'Move a German force by its hex: the cheapest path to a hex, or an exact path',
      usage: '/move force:<hex> to:<hex> (or path:<hexes>; units: picks part of the stack; air:stays keeps its Luftwaffe unit back)',
      options: [
        {
          name: 'force',
          type: 'string',
          description: 'Operation Typhoon: hex of the force, e.g. 1520',
          autocomplete: true,
          minLength: 4,
          maxLength: 4,
        },
        {
          name: 'to',
          type: 'string',
          description: 'Destination hex (Typhoon: cheapest path; a Soviet hex ends the move in battle)',
          autocomplete: true,
          minLength: 4,
          maxLength: 4,
        },
        {
          name: 'path',
          type: 'string',
          description: 'Operation Typhoon: exact path instead, hexes to enter, e.g. 1620,1720,1821',
          maxLength: 300,
        },
        {
          name: 'units',
          type: 'string',
          description: 'Operation Typhoon: which units of the stack: mech, foot, or names such as "10 Pz, 2 Pz"',
          maxLength: 200,
        },
        {
          name: 'air',
          type: 'string',
          description: 'Operation Typhoon, part of a stack moving: its Luftwaffe unit goes with it (default) or stays (9.1)',
          choices: [
            { name: 'goes with the moving units', value: 'with' },
            { name: 'stays with the units left in the hex', value: 'stays' },
          ],
        },
      ],
      run(state, options) {
        const o = orderOptions(moveOptions, options);
        if (o.force === undefined) throw new UserError('Name the force by its hex: /move force:<hex> to:<hex>.');
        const action = moveAction(index(), state, { ...o, force: o.force });
        const forfeit = airForfeit(state, action);
        return forfeit ? { act: action, confirm: forfeit } : act(action);
      },
      suggest(state, focused, options, limit) {
        if (!state) return [];
        if (focused.name === 'force') return forceChoices(index(), state, focused.value, limit);
        if (focused.name === 'to') {
          return destinationChoices(index(), state, textOption(options, 'force'), textOption(options, 'units'), focused.value, limit);
        }
        return [];
      },
    },
    {
      command: 'air',
      subcommand: 'assign',
      description: 'At the start of the phase, put a Luftwaffe unit on the force in a hex',
      usage: '/air assign hex:<hex>',
      options: [
        {
          name: 'hex',
          type: 'string',
          description: 'Hex of the German force',
          required: true,
          autocomplete: true,
          minLength: 4,
          maxLength: 4,
        },
      ],
      run(_state, options) {
        const { hex } = orderOptions(airOptions, options);
        return act({ type: 'assign-air', hex });
      },
      suggest(state, focused) {
        return state ? forceChoices(index(), state, focused.value) : [];
      },
    },
    {
      command: 'air',
      subcommand: 'split',
      description: 'Team play: which formations get the Luftwaffe units each turn (commander-in-chief)',
      usage: '/air split formations:"PG3, PG2" (empty: first come)',
      options: [
        {
          name: 'formations',
          type: 'string',
          description: 'One formation per Luftwaffe unit, e.g. "PG3, PG2"; "none" for first come',
          required: true,
          maxLength: 100,
        },
      ],
      run(_state, options) {
        const { formations } = orderOptions(splitOptions, options);
        return act({ type: 'air-split', formations: formationIds(index(), formations) });
      },
    },
    {
      command: 'force',
      subcommand: 'drop',
      description: 'Leave units behind in the current hex; they are done for this phase (9.5)',
      usage: '/force drop units:<units>',
      options: [
        {
          name: 'units',
          type: 'string',
          description: 'Units to leave: names such as "252 ID" or ids',
          required: true,
          maxLength: 200,
        },
      ],
      run(state, options) {
        const { units } = orderOptions(dropOptions, options);
        const refusal = gameOver(state) ?? battleWaiting(state);
        if (refusal) throw refusal;
        if (!state.active) throw new UserError('9.5: no force is moving.');
        return act({ type: 'drop', units: resolveUnits(index(), state.active.units, units)! });
      },
    },
    {
      command: 'force',
      subcommand: 'list',
      description: 'Your forces by formation: hex, units and steps, MP, which have moved (only you see it)',
      usage: '/force list [army:PG3]',
      options: [
        {
          name: 'army',
          type: 'string',
          description: 'One formation, e.g. PG3 or "9th Army" (default: yours in team play, else all)',
          autocomplete: true,
          maxLength: 40,
        },
      ],
      run(state, options, who) {
        const { army } = orderOptions(listOptions, options);
        const formations = army ? formationIds(index(), army) : who?.formations;
        return { answer: fitText(forceList(index(), state, formations), '/force list army:<formation> shows one formation whole.') };
      },
      suggest(_state, focused) {
        return offer(
          index().charts.formations.map((f) => ({ name: `${f.id} · ${f.name}`, value: f.id })),
          focused.value,
        );
      },
    },
    {
      command: 'force',
      subcommand: 'end',
      description: 'The moving force stops; its units are done for this phase',
      usage: '/force end',
      run: () => act({ type: 'end-force' }),
    },
    {
      command: 'battle',
      subcommand: 'round',
      description: 'Operation Typhoon: another combat round; costs the force 1 MP',
      usage: '/battle round',
      run: () => act({ type: 'another-round' }),
    },
    {
      command: 'battle',
      subcommand: 'retreat',
      description: 'Operation Typhoon: the force falls back to the hex it came from (10.5)',
      usage: '/battle retreat (the force falls back to the hex it came from)',
      run: () => act({ type: 'retreat' }),
    },
    {
      command: 'battle',
      subcommand: 'hit',
      description: 'Operation Typhoon (10.6): put the next hit on a unit; without one, the bot places the rest',
      usage: '/battle hit unit:<unit> (or /battle hit alone: the bot places the hits of this fire)',
      options: [
        {
          name: 'unit',
          type: 'string',
          description: 'The unit that takes the next hit (autocomplete lists those 10.6 allows)',
          autocomplete: true,
          maxLength: 40,
        },
      ],
      run(state, options) {
        const { unit } = orderOptions(hitOptions, options);
        const refusal = gameOver(state);
        if (refusal) throw refusal;
        if (!state.battle?.pending) throw new RuleError('10.6', 'no hits are waiting to be placed');
        if (unit === undefined) return act({ type: 'allocate' });
        const targets = allocationTargets(index(), state);
        const found = targets.find((t) => t.id === unit || squeezed(t.label) === squeezed(unit));
        if (!found) throw new RuleError('10.6', `"${unit}" cannot take this hit (it may: ${targets.map((t) => t.label).join(', ')})`);
        return act({ type: 'allocate', unit: found.id });
      },
      suggest(state, focused) {
        if (!state) return [];
        return offer(
          allocationTargets(index(), state).map((t) => ({ name: t.label, value: t.id })),
          focused.value,
        );
      },
    },
    {
      command: 'battle',
      subcommand: 'allocation',
      description: 'Operation Typhoon (10.6): who places hits from now on, the bot or you',
      usage: '/battle allocation mode:auto|manual',
      options: [
        {
          name: 'mode',
          type: 'string',
          description: 'auto: the bot places hits; manual: you place every hit that could land more than one way',
          required: true,
          choices: allocationModes.map((m) => ({ name: m, value: m })),
        },
      ],
      run(_state, options) {
        const { mode } = orderOptions(allocationOptions, options);
        return act({ type: 'allocation', mode });
      },
    },
    {
      command: 'phase',
      subcommand: 'end',
      description: 'End the phase (Typhoon Phase I: the victory check, regroup and the next turn follow)',
      usage: '/phase end',
      run(state, _options, who) {
        // Team play: a commander says their formations are done; the last one ends the turn.
        const mine = who?.formations;
        const all = index().charts.formations.map((f) => f.id);
        if (mine && !all.every((f) => mine.includes(f))) {
          if (mine.length === 0)
            throw new UserError('You command no formation in this game (/game join army:...), so the turn is not yours to end.');
          const action: TyphoonAction = { type: 'ready', formations: mine };
          const warning = turnEndWarning(state, mine);
          return warning
            ? { act: action, confirm: { text: `Done for turn ${state.turn}? ${warning}`, go: `Done (${mine.join(', ')})` } }
            : act(action);
        }
        const action: TyphoonAction = { type: 'end-phase' };
        const warning = turnEndWarning(state);
        return warning
          ? { act: action, confirm: { text: `End turn ${state.turn} now? ${warning}`, go: `End turn ${state.turn} anyway` } }
          : act(action);
      },
    },
    {
      command: 'phase',
      subcommand: 'concede',
      description: 'Operation Typhoon: concede defeat to the system (5.4)',
      usage: '/phase concede',
      run: () => act({ type: 'concede' }),
    },
    {
      command: 'setup',
      subcommand: 'place',
      description: 'Typhoon (3.2): move a unit to another set-up hex in its sector, within three rows of the front',
      usage: '/setup place unit:<unit> hex:<hex>',
      options: [
        { name: 'unit', type: 'string', description: 'Unit, e.g. "10 Pz"', required: true, autocomplete: true, maxLength: 40 },
        { name: 'hex', type: 'string', description: 'Set-up hex', required: true, minLength: 4, maxLength: 4 },
      ],
      run(state, options) {
        const o = orderOptions(placeOptions, options);
        // The engine's refusals come first, in its order: play over (4.0), set-up finished (3.2).
        const over = gameOver(state);
        if (over) throw over;
        if (state.phase !== 'setup') throw new RuleError('3.2', 'units are placed only during set-up');
        const unit = findUnit(index(), Object.keys(state.units), o.unit);
        if (unit === undefined) throw new RuleError('3.2', `there is no German unit "${o.unit}" (see /rules chart:oob)`);
        return act({ type: 'setup-place', unit, hex: o.hex });
      },
      suggest(state, focused) {
        if (!state || focused.name !== 'unit') return [];
        const ix = index();
        const typed = focused.value.toLowerCase();
        return Object.entries(state.units)
          .map(([id, u]): Choice => ({ name: `${ix.unit(id).label} (${ix.unit(id).formation}) in ${u.hex}`, value: id }))
          .filter((c) => !typed || c.name.toLowerCase().includes(typed))
          .slice(0, 25);
      },
    },
    {
      command: 'setup',
      subcommand: 'reset',
      description: 'Put every unit back in the default set-up',
      usage: '/setup reset',
      run: () => act({ type: 'setup-reset' }),
    },
    {
      command: 'setup',
      subcommand: 'done',
      description: 'Finish set-up and start turn 1',
      usage: '/setup done',
      run: () => act({ type: 'setup-done' }),
    },
    rulesOrder(
      'Operation Typhoon charts: turn track, movement points, terrain, CRT, force generation, breakout, OOB',
      CHART_IDS.map((id) => ({ name: CHART_NAMES[id], value: id })),
      chart,
    ),
  ];
}
