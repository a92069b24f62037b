import { UserError } from '../contracts/errors.js';

/** Split a typed command on spaces, keeping "quoted values" together (units:"10 Pz, 2 Pz"). */
export function tokenize(line: string): string[] {
  const tokens: string[] = [];
  let current = '';
  let quote = false;
  let any = false;
  for (const ch of line) {
    if (ch === '"') {
      quote = !quote;
      any = true;
    } else if (/\s/.test(ch) && !quote) {
      if (any) tokens.push(current);
      current = '';
      any = false;
    } else {
      current += ch;
      any = true;
    }
  }
  if (quote) throw new UserError('A quoted value is not closed.');
  if (any) tokens.push(current);
  return tokens;
}
