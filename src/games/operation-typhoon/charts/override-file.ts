/**
 * Reads an owner's chart override file (JSON, same shape as the charts, partial). The one
 * module here that touches the file system; the rules engine never imports it, the bot's
 * start-up code does and hands the result to the engine.
 */
import { readFileSync } from 'node:fs';
import { CHARTS, loadCharts } from './index.js';
import type { TyphoonCharts } from './types.js';

export const OVERRIDE_ENV = 'TYPHOON_CHARTS_OVERRIDE';

/** The charts with the override file at `path` merged in; throws with the path in the message. */
export function readChartsOverride(path: string): TyphoonCharts {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new Error(`cannot read the Operation Typhoon charts override ${path}: ${(e as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`the Operation Typhoon charts override ${path} is not valid JSON: ${(e as Error).message}`);
  }
  try {
    return loadCharts(json);
  } catch (e) {
    throw new Error(`${path}: ${(e as Error).message}`);
  }
}

/** The charts to play with: the override named by TYPHOON_CHARTS_OVERRIDE, else the shipped reconstruction. */
export function chartsFromEnvironment(env: Readonly<Record<string, string | undefined>>): TyphoonCharts {
  const path = env[OVERRIDE_ENV]?.trim();
  return path ? readChartsOverride(path) : CHARTS;
}
