import { z } from 'zod';
import { UserError } from '../../contracts/errors.js';
import { hexOption, type Order, type OrderOption, onlyChoice, orderOptions } from '../orders.js';
import { type BfmAction, type BfmState, previewBattle } from './index.js';
import {
  advanceChoices,
  attackersChoices,
  defenderChoices,
  destinationChoices,
  lossChoices,
  moverChoices,
  replaceHexChoices,
  replaceUnitChoices,
  retreatChoices,
  setupUnitChoices,
  unresolvedChoices,
} from './order-choices.js';
import { boardOf, findUnit, findUnits, hexLine, legalOf } from './unit-names.js';

/**
 * Battle for Moscow's order vocabulary: /move, /attack, /odds, /replace, /battle (resolve,
 * loss, retreat, advance, hold), /setup (swap, reset, done) and /phase end, each turned
 * into the engine's action. Units are named by id or printed name; a left-out unit or hex
 * is taken when only one is possible.
 */

type BfmOrder = Order<BfmState, BfmAction>;

const unitText = z.string().trim().min(1).max(40);
const unitsText = z.string().trim().min(1).max(200);

/** The option of a unit named by the player. */
function unitOption(name: string, description: string, required = false): OrderOption {
  return { name, type: 'string', description, autocomplete: true, maxLength: 40, ...(required ? { required } : {}) };
}

/** The option of a hex, four digits. */
function hexOptionOf(name: string, description: string): OrderOption {
  return { name, type: 'string', description, autocomplete: true, minLength: 4, maxLength: 4 };
}

/** /odds: the final column, the shifts and the exact chance of each result, for a phone. */
export function oddsText(state: BfmState, defender: string, attackers: readonly string[]): string {
  const b = boardOf(state);
  const preview = previewBattle(state, defender, attackers);
  const o = preview.odds;
  const mud = o.effectiveAttack !== o.attack ? ` (halved in mud: ${o.effectiveAttack})` : '';
  const base = o.ratio >= 1 ? `${o.capped}:1${o.ratio > o.capped ? ` (capped from ${o.ratio}:1)` : ''}` : 'below 1:1';
  const shifts = o.shifts.map((s) => `${s.reason} −${s.levels}`).join(', ');
  const column = o.column === null ? '**no effect** (below 1:1 after shifts)' : `**${o.column}:1**`;
  const order = ['DE', 'DRL', 'DR', 'EX', 'AL', 'NE'] as const;
  const chances = order
    .map((r) => `${r} ${preview.sixths[r]}/6${preview.sixths[r] ? ` (${Math.round(preview.probabilities[r] * 100)}%)` : ''}`)
    .join(' · ');
  return [
    `**Odds:** ${attackers.map((a) => b.name(a)).join(', ')} against ${b.name(defender)} in ${hexLine(b, b.hexOf(defender)!)}`,
    `Attack ${o.attack}${mud} against defence ${o.defence}: ${base}${shifts ? `; shifts: ${shifts}` : ''} → ${column}`,
    chances,
    'DE eliminated · DRL loss and retreat · DR retreat · EX exchange · AL attacker loss · NE no effect. Odds are taken again when the battle is resolved.',
  ].join('\n');
}

/** Every enemy unit next to the defender: /odds without attackers. */
function adjacentEnemies(state: BfmState, defender: string): string[] {
  const b = boardOf(state);
  const hex = b.hexOf(defender);
  if (!hex) throw new UserError(`${b.name(defender)} is not on the map.`);
  const around = new Set(b.map.neighbours(hex));
  const attackers = b.onMap(b.sideOf(defender) === 'german' ? 'soviet' : 'german').filter((u) => around.has(b.hexOf(u)!));
  if (attackers.length === 0)
    throw new UserError(`No enemy unit is next to ${b.name(defender)} in ${hex}; name the attackers to see their odds.`);
  return attackers;
}

const moveOptions = z.object({ unit: unitText.optional(), to: hexOption.optional() });

const move: BfmOrder = {
  command: 'move',
  description: 'Move one unit; it takes the route it finds',
  usage: '/move unit:<unit> to:<hex>',
  options: [unitOption('unit', 'The unit, e.g. XXIV or "29 Army"'), hexOptionOf('to', 'The destination hex, e.g. 0303')],
  run(state, options) {
    const o = orderOptions(moveOptions, options);
    if (o.unit === undefined || o.to === undefined)
      throw new UserError('Say which unit and where: /move unit:<unit> to:<hex> (autocomplete lists both).');
    return { act: { type: 'move', unit: findUnit(state, o.unit), to: o.to } };
  },
  suggest(state, focused, options, limit) {
    if (!state) return [];
    if (focused.name === 'unit') return moverChoices(state, focused.value, limit);
    if (focused.name === 'to') return destinationChoices(state, options.unit, focused.value, limit);
    return [];
  },
};

const attackOptions = z.object({ defender: unitText, attackers: unitsText });

const attack: BfmOrder = {
  command: 'attack',
  description: 'Announce a battle in the combat phase (all are announced before any is resolved)',
  usage: '/attack defender:<unit> attackers:<units>',
  options: [
    unitOption('defender', 'The enemy unit attacked, e.g. "29 Army"', true),
    {
      name: 'attackers',
      type: 'string',
      description: 'Adjacent units attacking it, e.g. "XXIV, LVI"',
      required: true,
      autocomplete: true,
      maxLength: 200,
    },
  ],
  run(state, options) {
    const o = orderOptions(attackOptions, options);
    const defender = findUnit(state, o.defender);
    const attackers = findUnits(state, o.attackers);
    // The chances as the units stand now; the engine refuses an illegal announcement before anything is posted.
    let heading: string | undefined;
    try {
      heading = oddsText(state, defender, attackers);
    } catch {
      heading = undefined;
    }
    return { act: { type: 'declare', defender, attackers }, heading };
  },
  suggest(state, focused, options) {
    if (!state) return [];
    if (focused.name === 'defender') return defenderChoices(state, focused.value, true);
    if (focused.name === 'attackers') return attackersChoices(state, options.defender, focused.value, true);
    return [];
  },
};

const oddsOptions = z.object({ defender: unitText, attackers: unitsText.optional() });

const odds: BfmOrder = {
  command: 'odds',
  description: 'The odds of a possible attack and the chance of each result (only you see it)',
  usage: '/odds defender:<unit> attackers:<units>',
  options: [
    unitOption('defender', 'The unit attacked', true),
    {
      name: 'attackers',
      type: 'string',
      description: 'Attacking units, e.g. "XXIV, LVI" (default: every enemy unit next to it)',
      autocomplete: true,
      maxLength: 200,
    },
  ],
  run(state, options) {
    const o = orderOptions(oddsOptions, options);
    const defender = findUnit(state, o.defender);
    const attackers = o.attackers ? findUnits(state, o.attackers) : adjacentEnemies(state, defender);
    return { answer: oddsText(state, defender, attackers) };
  },
  suggest(state, focused, options) {
    if (!state) return [];
    if (focused.name === 'defender') return defenderChoices(state, focused.value, false);
    if (focused.name === 'attackers') return attackersChoices(state, options.defender, focused.value, false);
    return [];
  },
};

const replaceOptions = z.object({ unit: unitText, hex: hexOption.optional() });

const replace: BfmOrder = {
  command: 'replace',
  description: 'Replacement phase: restore a unit to full strength, or bring one back',
  usage: '/replace unit:<unit> hex:<hex>',
  options: [
    unitOption('unit', 'The unit: on the map to restore it, off the map to bring it back', true),
    hexOptionOf('hex', 'Where an eliminated unit comes back (own map edge or a friendly city)'),
  ],
  run(state, options) {
    const o = orderOptions(replaceOptions, options);
    const unit = findUnit(state, o.unit);
    return { act: o.hex === undefined ? { type: 'replace', unit } : { type: 'replace', unit, hex: o.hex } };
  },
  suggest(state, focused, options) {
    if (!state) return [];
    if (focused.name === 'unit') return replaceUnitChoices(state, focused.value);
    if (focused.name === 'hex') return replaceHexChoices(state, options.unit, focused.value);
    return [];
  },
};

const defenderOptions = z.object({ defender: unitText.optional() });
const unitOptions = z.object({ unit: unitText.optional() });
const toOptions = z.object({ to: hexOption.optional() });

const resolve: BfmOrder = {
  command: 'battle',
  subcommand: 'resolve',
  description: 'Roll for an announced battle (announcing ends)',
  usage: '/battle resolve defender:<unit>',
  options: [unitOption('defender', 'The defending unit of the battle')],
  run(state, options) {
    const o = orderOptions(defenderOptions, options);
    const b = boardOf(state);
    return {
      act: {
        type: 'resolve',
        defender: o.defender
          ? findUnit(state, o.defender)
          : onlyChoice(legalOf(state, 'resolve'), 'battle', (r) => b.spec(r.defender).label, 'defender:').defender,
      },
    };
  },
  suggest: (state, focused) => (state ? unresolvedChoices(state, focused.value) : []),
};

/** /battle loss and /battle advance: an attacking unit named, or the only one that may. */
function attackerOrder(subcommand: 'loss' | 'advance', type: 'take-loss' | 'advance', description: string, what: string): BfmOrder {
  return {
    command: 'battle',
    subcommand,
    description,
    usage: `/battle ${subcommand} unit:<unit>`,
    options: [unitOption('unit', 'An attacking unit')],
    run(state, options) {
      const o = orderOptions(unitOptions, options);
      const b = boardOf(state);
      const unit = o.unit ? findUnit(state, o.unit) : onlyChoice(legalOf(state, type), what, (a) => b.spec(a.unit).label, 'unit:').unit;
      return { act: { type, unit } };
    },
    suggest: (state, focused) => (state ? (type === 'take-loss' ? lossChoices : advanceChoices)(state, focused.value) : []),
  };
}

const loss = attackerOrder(
  'loss',
  'take-loss',
  'After AL or EX: the attacking unit that takes the loss',
  'attacking unit to take the loss',
);

const retreat: BfmOrder = {
  command: 'battle',
  subcommand: 'retreat',
  description: 'Retreat the defender',
  usage: '/battle retreat to:<hex>',
  options: [hexOptionOf('to', 'The hex the defender retreats to')],
  run(state, options) {
    const o = orderOptions(toOptions, options);
    const b = boardOf(state);
    return {
      act: { type: 'retreat', to: o.to ?? onlyChoice(legalOf(state, 'retreat'), 'retreat hex', (a) => hexLine(b, a.to), 'to:').to },
    };
  },
  suggest: (state, focused) => (state ? retreatChoices(state, focused.value) : []),
};

const advance = attackerOrder('advance', 'advance', 'An attacking unit moves into the emptied hex', 'attacking unit to advance');

const hold: BfmOrder = {
  command: 'battle',
  subcommand: 'hold',
  description: 'No attacker advances',
  usage: '/battle hold',
  run: () => ({ act: { type: 'hold' } }),
};

const swapOptions = z.object({ a: unitText, b: unitText });

const swap: BfmOrder = {
  command: 'setup',
  subcommand: 'swap',
  description: 'Two German units trade set-up hexes',
  usage: '/setup swap a:<unit> b:<unit>',
  options: [unitOption('a', 'A German unit, e.g. XXIV', true), unitOption('b', 'The German unit it trades places with', true)],
  run(state, options) {
    const o = orderOptions(swapOptions, options);
    return { act: { type: 'setup-swap', a: findUnit(state, o.a), b: findUnit(state, o.b) } };
  },
  suggest: (state, focused) => (state ? setupUnitChoices(state, focused.value) : []),
};

const reset: BfmOrder = {
  command: 'setup',
  subcommand: 'reset',
  description: 'Put every unit back in the default set-up',
  usage: '/setup reset',
  run: () => ({ act: { type: 'setup-reset' } }),
};

const done: BfmOrder = {
  command: 'setup',
  subcommand: 'done',
  description: 'Finish set-up and start turn 1',
  usage: '/setup done',
  run: () => ({ act: { type: 'setup-done' } }),
};

const endPhase: BfmOrder = {
  command: 'phase',
  subcommand: 'end',
  description: 'End the current phase',
  usage: '/phase end',
  run: () => ({ act: { type: 'end-phase' } }),
};

/** Battle for Moscow's orders, in the order /game help shows them. */
export const bfmOrders: BfmOrder[] = [move, attack, odds, replace, resolve, loss, retreat, advance, hold, swap, reset, done, endPhase];
