import { z } from 'zod';

/** "1 hex", "3 hexes": the count and the word in the right number. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * Zod's problems as one short line a player can act on: "to: a hex is four digits; units:
 * names at most 5". A schema's own message (a rule's words) is kept; zod's stock English
 * ("Too big: expected array to have <=10 items") is put in plain words with the limit.
 */
export function issuesText(error: z.ZodError, what = 'options', max = 5): string {
  return error.issues
    .slice(0, max)
    .map((i) => `${i.path.join('.') || what}: ${isStockMessage(i) ? plainWords(i) : i.message}`)
    .join('; ');
}

type Issue = z.core.$ZodIssue;

const stock = z.locales.en().localeError;
/** Zod's own message ends with what it received, which the issue does not keep. */
const withoutReceived = (text: string) => text.replace(/, received .*$/, '');

function isStockMessage(issue: Issue): boolean {
  const made = stock(issue as Parameters<typeof stock>[0]);
  const text = typeof made === 'string' ? made : made?.message;
  return text !== undefined && withoutReceived(text) === withoutReceived(issue.message);
}

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a set of options',
};

function plainWords(issue: Issue): string {
  switch (issue.code) {
    case 'too_big':
      return bound(issue.origin, 'most', Number(issue.maximum), issue.inclusive !== false);
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'may not be empty';
      return bound(issue.origin, 'least', Number(issue.minimum), issue.inclusive !== false);
    case 'invalid_type':
      return /received undefined$/.test(issue.message) ? 'is missing' : `should be ${KINDS[issue.expected] ?? issue.expected}`;
    case 'invalid_value':
      return `is one of: ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `${issue.keys.join(', ')} ${issue.keys.length === 1 ? 'is' : 'are'} not an option here`;
    case 'invalid_union':
      return 'is not one of the forms this takes';
    case 'invalid_format':
      return 'is not written the right way';
    default:
      return 'is not right';
  }
}

/** "names at most 5", "is at most 100 characters", "is at least 1". */
function bound(origin: string, side: 'most' | 'least', limit: number, inclusive: boolean): string {
  if (!inclusive && origin !== 'array' && origin !== 'set' && origin !== 'string')
    return `is ${side === 'most' ? 'below' : 'above'} ${limit}`;
  const n = inclusive ? limit : side === 'most' ? limit - 1 : limit + 1;
  if (origin === 'array' || origin === 'set') return `names at ${side} ${n}`;
  if (origin === 'string') return `is at ${side} ${plural(n, 'character')}`;
  return `is at ${side} ${n}`;
}
