/**
 * /game new rules:"...": the readings a player switches, as the engine's rules options.
 */
import type { z } from 'zod';
import { UserError } from '../../contracts/errors.js';
import { rulesOptionsSchema } from './state.js';

/** "snow:only8, halving:each" → the rules options (the readings of section 6 of the digest). */
export function parseRules(text: string | undefined): Partial<z.infer<typeof rulesOptionsSchema>> {
  if (!text?.trim()) return {};
  const out: Record<string, unknown> = {};
  for (const part of text
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    const [k, v] = part.split(/[:=]/).map((x) => x?.trim());
    if (!k || v === undefined) throw new UserError(`rules: "${part}" is not name:value (e.g. snow:only8).`);
    out[k] = v === 'true' ? true : v === 'false' ? false : v;
  }
  const r = rulesOptionsSchema.partial().strict().safeParse(out);
  if (!r.success)
    throw new UserError(
      `rules: ${r.error.issues.map((i) => `${i.path.join('.') || 'option'}: ${i.message}`).join('; ')}. /rules chart:readings lists them.`,
    );
  return r.data;
}
