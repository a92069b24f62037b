/**
 * An owner's chart override file for the games whose charts are one validated document: the
 * file named by an environment variable replaces whole sections of the shipped charts. Read
 * once at start-up by `configure`, never by a rules engine.
 */
import { readFileSync } from 'node:fs';
import type { z } from 'zod';

export interface ShippedCharts<C> {
  /** The game's name, for the errors. */
  game: string;
  /** The environment variable that names the override file. */
  variable: string;
  schema: z.ZodType<C>;
  /** The shipped charts as written (before parsing), and their source note. */
  data: object;
  source: string;
}

/** The shipped charts with whole sections replaced by an owner's override (same shape). */
export function withOverride<C>(shipped: ShippedCharts<C>, override: unknown): C {
  if (typeof override !== 'object' || override === null || Array.isArray(override)) throw new Error('the override must be a JSON object');
  return shipped.schema.parse({
    ...shipped.data,
    ...override,
    source: `override file (${Object.keys(override).join(', ')}); otherwise ${shipped.source}`,
  });
}

/** The charts named by the game's variable, else undefined; the error names the path. */
export function overrideFromEnvironment<C>(shipped: ShippedCharts<C>, env: Readonly<Record<string, string | undefined>>): C | undefined {
  const path = env[shipped.variable];
  if (!path) return undefined;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new Error(`cannot read the ${shipped.game} charts override ${path}: ${(e as Error).message}`);
  }
  try {
    return withOverride(shipped, JSON.parse(text));
  } catch (e) {
    throw new Error(`the ${shipped.game} charts override ${path} is not valid: ${(e as Error).message}`);
  }
}
