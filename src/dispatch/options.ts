import type { z } from 'zod';
import { UserError } from '../contracts/errors.js';
import { issuesText } from '../contracts/text.js';
import type { Invocation } from './invocation.js';

/**
 * Validate a command's options with zod at the boundary; a bad option becomes a
 * UserError naming the option, never a crash.
 */
export function parseOptions<T extends z.ZodType>(invocation: Invocation, schema: T): z.infer<T> {
  const result = schema.safeParse(invocation.options);
  if (result.success) return result.data;
  const words = `/${invocation.command}${invocation.subcommand ? ` ${invocation.subcommand}` : ''}`;
  const help = invocation.command === 'vote' ? '/vote help' : '/game help';
  throw new UserError(`That command's options are not right. ${issuesText(result.error)} ${help} shows how to write ${words}.`);
}

export { hexIdSchema as hexIdOption } from '../kernel/hex.js';
