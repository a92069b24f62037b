import type { z } from 'zod';

/** "1 hex", "3 hexes": the count and the word in the right number. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Zod's problems as one short line a player can act on: "to: a hex is four digits; force: required". */
export function issuesText(error: z.ZodError, what = 'options', max = 5): string {
  return error.issues
    .slice(0, max)
    .map((i) => `${i.path.join('.') || what}: ${i.message}`)
    .join('; ');
}
