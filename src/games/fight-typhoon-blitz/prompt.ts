/**
 * What the game waits for and from whom, with the small decisions as buttons. The sealed chit
 * choice is never shown here: only how many chits are due (6.1(3)).
 */
import type { ActionChoice, Prompt } from '../engine.js';
import type { Board } from './board.js';
import { chooseChits } from './bot.js';
import type { FtbCharts } from './charts.js';
import { Ctx, sideName } from './context.js';
import { retreating } from './owner-choices.js';
import { retreatChoices } from './retreat.js';
import type { FtbAction, FtbState } from './state.js';
import { chitsDue, selecting } from './turns.js';

export function promptOf(board: Board, charts: FtbCharts, s: FtbState): Prompt<FtbAction> {
  if (s.result) return { text: `Game over: ${s.result.reason}`, choices: [] };
  const c = new Ctx(board, charts, s);
  const who = sideName(s.side);
  const chit = s.chit;
  const end = (label: string, confirm?: string): ActionChoice<FtbAction> => ({
    action: { type: 'end' },
    label,
    endsTurn: true,
    ...(confirm ? { confirm } : {}),
  });
  switch (s.phase) {
    case 'select': {
      const side = selecting(c) ?? s.side;
      return {
        side,
        text: `Turn ${s.turn}: ${sideName(side)}, choose ${chitsDue(c, side)} command chits in secret: press Choose chits… (a private menu) or type /chits (6.1)`,
        // The button carries only its index: the chits it picks stay sealed like a typed choice.
        choices: [{ action: chooseChits(c, side), label: 'Let the bot choose my chits (sealed)' }],
      };
    }
    case 'interrupt':
      return {
        side: 'german',
        text: `Drawn: ${s.drawn}. Play the Guderian chit in hand to activate 2PzA first (7.3)?`,
        choices: [
          { action: { type: 'interrupt', play: false }, label: `Let ${s.drawn} run` },
          { action: { type: 'interrupt', play: true }, label: 'Guderian interrupts' },
        ],
      };
    case 'reserve':
      return { side: s.side, text: `${chit!.name}: pick up to ${chit!.pick} units with /reserve (15.1)`, choices: [end('Activate none')] };
    case 'move': {
      const left = chit!.units.filter((id) => !chit!.moved.includes(id) && c.unit(id)?.where === 'map').length;
      return {
        side: s.side,
        text: `${chit!.name}${chit!.hq ? ` (${chit!.hq})` : ''}: ${who} movement, ${left} of ${chit!.units.length} activated units may still move; /move, then /attack or end movement`,
        choices: [end('End movement')],
      };
    }
    case 'combat': {
      const d = chit!.declared;
      if (chit!.resolving || d.length)
        return {
          side: s.side,
          text: `${chit!.name}: resolve the declared attacks in any order (10.2)${chit!.resolving ? '' : '; /attack declares more'}`,
          choices: d.map((x) => ({ action: { type: 'resolve', target: x.target } as FtbAction, label: `Resolve ${x.target}` })),
        };
      return { side: s.side, text: `${chit!.name}: ${who} combat; declare attacks with /attack`, choices: [end('End the chit')] };
    }
    case 'loss': {
      const b = s.battle!;
      const live = b.loss!.from.map((id) => c.unit(id)!).filter((u) => u.where === 'map');
      return {
        side: s.side,
        text: `${b.target}: ${sideName(s.side)} takes ${b.loss!.steps} step loss${b.loss!.steps > 1 ? 'es' : ''} among the units that fought; pick the unit for the next (10.5: a full unit flips, a reduced or one-step unit is eliminated)`,
        choices: live.map((u) => ({
          action: { type: 'loss', unit: u.id } as FtbAction,
          label: `${u.id}: ${u.steps === 2 ? 'flip' : 'eliminate'}`,
        })),
      };
    }
    case 'retreat': {
      const b = s.battle!;
      const u = retreating(c)!;
      const ways = retreatChoices(c, u, b.retreat!.hexes);
      return {
        side: s.side,
        text: `${u.id} retreats ${b.retreat!.hexes} hex${b.retreat!.hexes > 1 ? 'es' : ''} from ${b.target}: pick the way among the equally short ones toward a line of communication, numbered on the map (10.6(6))`,
        choices: ways.map((p, i) => ({
          action: { type: 'retreat', unit: u.id, path: p.path.slice(1) } as FtbAction,
          label: `${i + 1}. ${u.id} to ${p.path.slice(1).join(' then ')}${p.ezoc ? ` (${p.ezoc} EZOC: step loss)` : ''}`,
        })),
      };
    }
    case 'advance': {
      const a = s.advance!;
      const open = a.units.filter((id) => !a.done.includes(id));
      return {
        side: s.side,
        text: `${a.target} is empty: advance after combat with /advance, or stop (10.7)`,
        choices: [
          ...open
            .slice(0, 3)
            .map((id) => ({ action: { type: 'advance', unit: id, path: [a.target] } as FtbAction, label: `${id} into ${a.target}` })),
          end('No (more) advance'),
        ],
      };
    }
    case 'reinforce':
      return {
        side: s.side,
        text: `${chit!.name}: ${chit!.reinf} reinforcements${chit!.garrison ? `, ${chit!.garrison} Moscow garrison` : ''}${chit!.guards ? `, ${chit!.guards} Guards conversions` : ''} (/place${chit!.guards ? ', /convert' : ''})`,
        choices: [end('Done placing', chit!.reinf > 0 ? `${chit!.reinf} reinforcement(s) not placed are lost (12.2(2)).` : undefined)],
      };
    case 'withdraw':
      return {
        side: s.side,
        text: `SUPPLY: ${who} may withdraw units with a line to the Available Box (/withdraw, 11.2)`,
        choices: [end('No (more) withdrawals')],
      };
    default:
      return { side: s.side, text: s.phase, choices: [] };
  }
}
