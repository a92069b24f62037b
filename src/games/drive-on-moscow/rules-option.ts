/**
 * /game new rules:"...": the readings a player switches (the fog of war, 11.6).
 */
import { z } from 'zod';

/** The readings rules:"..." takes: `fog:on` (the default for new games) or `fog:off` (an open map). */
const domRulesSchema = z.strictObject({ fog: z.enum(['on', 'off']).optional() });

/** "fog:off" → { fog: 'off' }; a reading it does not know is refused with the ones it does. */
export function parseDomRules(text: string | undefined): z.infer<typeof domRulesSchema> {
  const out: Record<string, string> = {};
  for (const part of (text ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    const [k, v] = part.split(/[:=]/).map((x) => x.trim().toLowerCase());
    if (!k || v === undefined) throw new Error(`"${part}" is not name:value (Drive on Moscow takes fog:on or fog:off)`);
    out[k] = v;
  }
  const r = domRulesSchema.safeParse(out);
  if (!r.success) throw new Error(`Drive on Moscow takes rules:"fog:on" or rules:"fog:off", not "${text}"`);
  return r.data;
}
