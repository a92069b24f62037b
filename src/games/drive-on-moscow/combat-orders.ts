/**
 * The battle orders: /attack (a prepared or mobile assault), /odds and /battle choose.
 */
import { z } from 'zod';
import { UserError } from '../../contracts/errors.js';
import { offer, orderOptions } from '../orders.js';
import { battleChoices } from './battle-choices.js';
import { domBoard } from './board.js';
import type { DomCharts } from './charts.js';
import { adjacentAttackers, attackSchema, type DomOrder, enemyHexChoices, findUnits, fogged, targetHex } from './order-words.js';
import { oddsPreview } from './preview.js';

/** /odds: the odds, shifts and chance of each result of a possible attack, seen only by the asker. */
export function oddsOrder(charts: () => DomCharts): DomOrder {
  return {
    command: 'odds',
    description: 'Odds, shifts and the exact chance of each result of a possible attack (only you see it)',
    usage: '/odds defender:<hex or unit> [attackers:<units>] [mode:mobile] [air:N]',
    options: [
      {
        name: 'defender',
        type: 'string',
        description: 'The hex (or a unit in it) to attack',
        required: true,
        autocomplete: true,
        maxLength: 60,
      },
      {
        name: 'attackers',
        type: 'string',
        description: 'Attacking units, e.g. "7 Pz, 6 Pz" (default: every unit of yours next to it)',
        maxLength: 200,
      },
      {
        name: 'mode',
        type: 'string',
        description: 'Drive on Moscow: prepared (default) or mobile assault',
        choices: [
          { name: 'prepared assault', value: 'prepared' },
          { name: 'mobile assault', value: 'mobile' },
        ],
      },
      { name: 'air', type: 'integer', description: 'Drive on Moscow: aircraft committed (11.19)', minValue: 0, maxValue: 3 },
    ],
    run(s, options) {
      const o = orderOptions(attackSchema, options);
      const target = targetHex(s, o.defender);
      const ids = o.attackers ? findUnits(s, o.attackers) : adjacentAttackers(s, target);
      if (ids.length === 0) throw new UserError(`None of your units is next to ${target}; name the attackers.`);
      const { state, unseen } = fogged(s, target, ids);
      const lines = oddsPreview(domBoard(), state, target, ids, o.mode === 'mobile' ? 'MA' : 'PA', o.air ?? 0, charts()).lines;
      if (unseen)
        lines.push(
          `11.6 Fog of war: ${unseen} unit${unseen === 1 ? '' : 's'} beneath the top of ${target} ${unseen === 1 ? 'is' : 'are'} unseen and not counted; an attack shows them when its odds are computed, and cannot then be called off.`,
        );
      return { answer: lines.join('\n') };
    },
    suggest: (s, f) => (s && f.name === 'defender' ? enemyHexChoices(s, f.value) : []),
  };
}

/** /attack: a prepared assault in the Combat Phase, or a German mobile assault while moving; it takes the options of /odds. */
export function attackOrder(charts: () => DomCharts, odds: DomOrder): DomOrder {
  return {
    command: 'attack',
    description: 'Attack a hex: a prepared assault (Combat Phase) or a German mobile assault (Movement Phase)',
    usage: '/attack defender:<hex or unit> attackers:<units> [mode:mobile] [air:N]',
    options: odds.options,
    run(s, options) {
      const o = orderOptions(attackSchema, options);
      const target = targetHex(s, o.defender);
      if (o.mode === 'mobile' || (s.phase === 'movement' && s.side === 'german')) {
        if (!o.attackers) throw new UserError('Name the assault force: attackers:"7 Pz, 14 Mot".');
        return { act: { type: 'assault', units: findUnits(s, o.attackers), target } };
      }
      const ids = o.attackers ? findUnits(s, o.attackers) : adjacentAttackers(s, target);
      if (ids.length === 0) throw new UserError(`None of your units can attack ${target}.`);
      let heading: string | undefined;
      try {
        heading = oddsPreview(domBoard(), s, target, ids, 'PA', o.air ?? 0, charts())
          .lines.slice(1)
          .join('\n');
      } catch {
        heading = undefined;
      }
      return { act: { type: 'attack', target, units: ids, ...(o.air ? { air: o.air } : {}) }, ...(heading ? { heading } : {}) };
    },
    suggest: (s, f) => (s && f.name === 'defender' ? enemyHexChoices(s, f.value) : []),
  };
}

/** /battle choose: the answer to the battle under way. */
export function battleOrder(): DomOrder {
  return {
    command: 'battle',
    subcommand: 'choose',
    description: 'Drive on Moscow: answer the battle under way (aircraft, Bloodbath, hold, advance)',
    usage: '/battle choose choice:<choice>',
    options: [
      {
        name: 'choice',
        type: 'string',
        description: 'The answer; autocomplete lists them',
        required: true,
        autocomplete: true,
        maxLength: 40,
      },
    ],
    run(_s, options) {
      const o = orderOptions(z.object({ choice: z.string().min(1).max(40) }), options);
      return { act: { type: 'choose', option: o.choice } };
    },
    suggest(s, f) {
      const bc = s ? battleChoices(s) : undefined;
      return bc && f.name === 'choice'
        ? offer(
            bc.options.map((x) => ({ name: x.label, value: x.option })),
            f.value,
          )
        : [];
    },
  };
}
