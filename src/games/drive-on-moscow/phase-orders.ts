/**
 * The orders of the turn sequence: /phase order and end (5.2, the November Offensive), /replace,
 * /withdraw and /convert (9.1-9.4, 12.2), and /rules for the charts.
 */
import { z } from 'zod';
import { UserError } from '../../contracts/errors.js';
import { rulesOrder } from '../kit/rules-order.js';
import { hexOption, offer, orderOptions } from '../orders.js';
import { domBoard } from './board.js';
import { chartText, DOM_CHART_IDS } from './chart-text.js';
import { type DomCharts, SHIPPED_CHARTS } from './charts.js';
import { Ctx } from './context.js';
import { type DomOrder, entryChoices, entryList, findUnit, hexOpt, unitName, unitSchema } from './order-words.js';
import { conversionCandidates } from './turns.js';

/** /phase order: move-then-fight or fight-then-move (5.2), and the November Offensive. */
export function phaseOrderOrder(): DomOrder {
  return {
    command: 'phase',
    subcommand: 'order',
    description: 'Drive on Moscow: declare move-then-fight or fight-then-move (5.2), and the November Offensive',
    usage: '/phase order order:move-fight|fight-move [offensive:true]',
    options: [
      {
        name: 'order',
        type: 'string',
        description: 'The phase order of this player turn',
        required: true,
        choices: [
          { name: 'move, then fight', value: 'move-fight' },
          { name: 'fight, then move', value: 'fight-move' },
        ],
      },
      { name: 'offensive', type: 'boolean', description: 'Declare the November Offensive (German, start of GT4-7)' },
    ],
    run(_s, options) {
      const o = orderOptions(z.object({ order: z.enum(['move-fight', 'fight-move']), offensive: z.boolean().optional() }), options);
      return { act: { type: 'order', order: o.order, ...(o.offensive ? { offensive: true } : {}) } };
    },
  };
}

/** /phase end. */
export function phaseEndOrder(): DomOrder {
  return {
    command: 'phase',
    subcommand: 'end',
    description: 'End the current phase',
    usage: '/phase end',
    run: () => ({ act: { type: 'end' } }),
  };
}

/** /replace: Soviet reinforcements (9.1) and German replacements (12.2). */
export function replaceOrder(): DomOrder {
  return {
    command: 'replace',
    description: 'Soviet reinforcements: unit type and entry hex; German replacements (12.2): the unit',
    usage: '/replace unit:<type or unit> [hex:<hex>]',
    options: [
      {
        name: 'unit',
        type: 'string',
        description: 'Soviet: RD, RB, CD, TB, MRB; German: the reduced division',
        required: true,
        autocomplete: true,
        maxLength: 60,
      },
      hexOpt('hex', 'Soviet: the entry hex (a supply source or an eligible town or city)'),
    ],
    run(s, options) {
      const o = orderOptions(z.object({ unit: z.string().min(1).max(60), hex: hexOption.optional() }), options);
      if (s.phase === 'reinforcement') {
        if (!o.hex) throw new UserError(`Say where it enters: hex:<hex> (${entryList(s)}).`);
        return { act: { type: 'enter', unitType: o.unit.trim().toUpperCase(), hex: o.hex } };
      }
      return { act: { type: 'replace', unit: findUnit(s, o.unit) } };
    },
    suggest(s, f) {
      if (!s) return [];
      if (f.name === 'unit' && s.phase === 'reinforcement')
        return offer(
          Object.entries(s.arriving).map(([t, n]) => ({ name: `${t} (${n} to enter)`, value: t })),
          f.value,
        );
      if (f.name === 'unit')
        return offer(
          Object.values(s.units)
            .filter((u) => u.side === 'german' && u.steps === 1 && u.maxSteps === 2)
            .map((u) => ({ name: u.id, value: u.id })),
          f.value,
        );
      if (f.name === 'hex' && s.phase === 'reinforcement') return offer(entryChoices(s), f.value);
      return [];
    },
  };
}

/** /withdraw: a German unit leaves the map (9.3). */
export function withdrawOrder(): DomOrder {
  return {
    command: 'withdraw',
    description: 'Withdraw a German unit (9.3): a 4-8 infantry division on GT5-7, the cavalry on GT7',
    usage: '/withdraw unit:<unit>',
    options: [{ name: 'unit', type: 'string', description: 'The unit to withdraw', required: true, autocomplete: true, maxLength: 60 }],
    run: (s, options) => ({ act: { type: 'withdraw', unit: findUnit(s, orderOptions(unitSchema, options).unit) } }),
    suggest: (s, f) =>
      s && f.name === 'unit'
        ? offer(
            Object.values(s.units)
              .filter((u) => u.side === 'german' && (u.type === 'infantry' || u.type === 'cavalry' || (u.mech && u.size === 'XX')))
              .map((u) => ({ name: unitName(u), value: u.id })),
            f.value,
          )
        : [],
  };
}

/** /convert: a Soviet unit becomes the Guards unit drawn (9.4). */
export function convertOrder(): DomOrder {
  return {
    command: 'convert',
    description: 'Turn a Soviet unit of the matching type into the Guards unit drawn (9.4)',
    usage: '/convert unit:<unit>',
    options: [
      { name: 'unit', type: 'string', description: 'The RD, CD or TB to convert', required: true, autocomplete: true, maxLength: 60 },
    ],
    run: (s, options) => ({ act: { type: 'convert', unit: findUnit(s, orderOptions(unitSchema, options).unit) } }),
    suggest: (s, f) =>
      s && f.name === 'unit'
        ? offer(
            conversionCandidates(new Ctx(domBoard(), SHIPPED_CHARTS, s)).map((u) => ({
              name: `${unitName(u)} in ${u.hex}`,
              value: u.id,
            })),
            f.value,
          )
        : [],
  };
}

/** /rules: the charts. */
export function domRulesOrder(charts: () => DomCharts): DomOrder {
  return rulesOrder(
    'Drive on Moscow charts: turn record track, CRT, terrain, counter mix (a reconstruction)',
    DOM_CHART_IDS.map((id) => ({ name: id, value: id })),
    (options) => chartText(charts(), String(options.chart ?? 'crt')),
  );
}
