import { z } from 'zod';
import { UserError } from '../contracts/errors.js';
import type { Invocation } from './command.js';

/**
 * Validate a command's options with zod at the boundary; a bad option becomes a
 * UserError naming the option, never a crash.
 */
export function parseOptions<T extends z.ZodType>(invocation: Invocation, schema: T): z.infer<T> {
  const result = schema.safeParse(invocation.options);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => {
    const name = i.path.join('.') || 'options';
    return `${name}: ${i.message}`;
  });
  throw new UserError(`That command's options are not right. ${problems.join('; ')}`);
}

export const hexIdOption = z
  .string()
  .trim()
  .regex(/^\d{4}$/, 'a hex is four digits, column then row, e.g. 1019');
