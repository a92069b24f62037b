import { z } from 'zod';
import { UserError } from '../contracts/errors.js';
import type { OptionValue } from '../contracts/reply.js';
import { issuesText } from '../contracts/text.js';
import type { GameDef } from '../games/game-def.js';
import type { Order, OrderOption } from '../games/orders.js';
import type { Invocation } from './invocation.js';

/**
 * A game's order for a typed (sub)command and its options checked against what the order
 * declares: shared by the order commands and the lines of a batch, so both refuse alike.
 */

/** `/move`, `/phase end`: the command as a player typed it. */
export function commandWords(invocation: Pick<Invocation, 'command' | 'subcommand'>): string {
  return `/${invocation.command}${invocation.subcommand ? ` ${invocation.subcommand}` : ''}`;
}

/** The order this game gives to the invoked (sub)command, or a refusal naming what it has instead. */
export function orderOf(def: GameDef, invocation: Pick<Invocation, 'command' | 'subcommand'>): Order<unknown, unknown> {
  const order = def.orders.find((o) => o.command === invocation.command && o.subcommand === invocation.subcommand);
  if (order) return order;
  const same = def.orders.filter((o) => o.command === invocation.command).map((o) => o.usage);
  const instead = same.length ? ` Its /${invocation.command} orders: ${same.join(', ')}.` : '';
  throw new UserError(`${def.name} has no ${commandWords(invocation)}.${instead} /game help lists its commands.`);
}

/** Only the options the order declares, each checked against its declared type and limits. */
export function checkedOptions(def: GameDef, order: Order<unknown, unknown>, options: Invocation['options']): Record<string, OptionValue> {
  const declared = order.options ?? [];
  const foreign = Object.keys(options).filter((k) => !declared.some((o) => o.name === k));
  if (foreign.length) {
    const takes = declared.length ? `takes ${declared.map((o) => `${o.name}:`).join(', ')}` : 'takes no options';
    throw new UserError(
      `${def.name}'s ${order.usage
        .split(' ')
        .slice(0, order.subcommand ? 2 : 1)
        .join(' ')} ${takes}, not ${foreign.map((k) => `${k}:`).join(', ')}. Write it ${order.usage}.`,
    );
  }
  const shape: Record<string, z.ZodType> = {};
  for (const o of declared) shape[o.name] = optionSchema(o);
  const result = z.object(shape).safeParse(options);
  if (!result.success) throw new UserError(`That command's options are not right. ${issuesText(result.error)} Write it ${order.usage}.`);
  return result.data as Record<string, OptionValue>;
}

function optionSchema(o: OrderOption): z.ZodType {
  let schema: z.ZodType;
  if (o.choices?.length) {
    const values = o.choices.map((c) => c.value);
    const message = `takes one of ${values.join(', ')}`;
    schema =
      o.type === 'integer'
        ? z.number().refine((v) => values.includes(String(v)), { message })
        : z.string().refine((v) => values.includes(v), { message });
  } else if (o.type === 'string') {
    let s = z.string();
    if (o.minLength !== undefined) s = s.min(o.minLength);
    if (o.maxLength !== undefined) s = s.max(o.maxLength);
    schema = s;
  } else if (o.type === 'integer') {
    let n = z.number().int();
    if (o.minValue !== undefined) n = n.min(o.minValue);
    if (o.maxValue !== undefined) n = n.max(o.maxValue);
    schema = n;
  } else schema = z.boolean();
  return o.required ? schema : schema.optional();
}
