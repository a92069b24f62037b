/**
 * /rules chart:<chart>: every game's charts as text, read without touching the game (also
 * before one is started). Each game gives its words, its charts and how it writes one.
 */
import type { Choice } from '../../contracts/reply.js';
import type { Order, OrderOptions } from '../orders.js';

export function rulesOrder<S, A>(description: string, choices: Choice[], text: (options: OrderOptions) => string): Order<S, A> {
  return {
    command: 'rules',
    description,
    usage: '/rules chart:<chart>',
    options: [{ name: 'chart', type: 'string', description: 'Which chart', required: true, choices }],
    look: text,
    run: (_s, options) => ({ answer: text(options) }),
  };
}
