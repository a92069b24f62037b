/**
 * Deep merge of an owner's partial chart override over the reconstruction. Objects merge key
 * by key. Lists of units merge by `id`, turns by `turn`, force-table rows by `roll`, so an
 * override names only what it changes (and may add units). Whole tables replace: the CRT rows
 * (their range is part of the table), the breakout bands and each force entry. A top-level
 * "$replace": ["soviet", ...] replaces the named lists outright instead of merging them.
 */

import { ChartsError } from './schema.js';

const ARRAY_KEYS = ['id', 'turn', 'roll'] as const;
/** Dotted paths (array indexes left out) whose value an override replaces whole. */
const REPLACE_PATHS = new Set([
  'crt.rows',
  'breakout.bands',
  'forceGeneration.lines.open.rows.force',
  'forceGeneration.lines.town.rows.force',
  'forceGeneration.lines.city.rows.force',
]);
export const REPLACE_DIRECTIVE = '$replace';

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function keyOf(items: unknown[]): (typeof ARRAY_KEYS)[number] | undefined {
  return ARRAY_KEYS.find((k) => items.length > 0 && items.every((i) => isPlainObject(i) && k in i));
}

function mergeArray(base: unknown[], over: unknown[], path: string, replace: Set<string>): unknown[] {
  const key = keyOf(base);
  if (!key || !over.every((i) => isPlainObject(i) && key in i)) return over;
  const result = [...base];
  for (const item of over as Record<string, unknown>[]) {
    const at = result.findIndex((b) => (b as Record<string, unknown>)[key] === item[key]);
    if (at >= 0) result[at] = mergeAt(result[at], item, path, replace);
    else result.push(item);
  }
  return result;
}

function mergeAt(base: unknown, over: unknown, path: string, replace: Set<string>): unknown {
  if (over === undefined) return base;
  if (replace.has(path)) return over;
  if (Array.isArray(base) && Array.isArray(over)) return mergeArray(base, over, path, replace);
  if (isPlainObject(base) && isPlainObject(over)) {
    const out: Record<string, unknown> = { ...base };
    for (const [k, v] of Object.entries(over)) out[k] = mergeAt(base[k], v, path ? `${path}.${k}` : k, replace);
    // A changed value must not keep claiming the reconstruction's source.
    if (typeof base.source === 'string' && !('source' in over) && Object.keys(over).length > 0) {
      out.source = `override file (${Object.keys(over).join(', ')}); otherwise ${base.source}`;
    }
    return out;
  }
  return over;
}

/** The override merged over `base`; a non-object override is passed through for the schema to reject. */
export function mergeOverride(base: unknown, override: unknown): unknown {
  if (!isPlainObject(override)) return override;
  const { [REPLACE_DIRECTIVE]: directive, ...rest } = override;
  const replace = new Set(REPLACE_PATHS);
  if (directive !== undefined) {
    if (!Array.isArray(directive) || !directive.every((p) => typeof p === 'string')) {
      throw new ChartsError([`${REPLACE_DIRECTIVE}: a list of chart paths to replace whole, e.g. ["soviet", "german"]`]);
    }
    for (const p of directive) replace.add(p);
  }
  return mergeAt(base, rest, '', replace);
}
