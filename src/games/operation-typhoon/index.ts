/**
 * Operation Typhoon (World at War #65): the solitaire game. The engine is built from the
 * map and the charts; `typhoonEngine()` gives the one built from the shipped data.
 */
import { loadMap } from '../../maps/game-map.js';
import { CHARTS, type TyphoonCharts } from './charts/index.js';
import { createTyphoonEngine, type TyphoonEngine } from './engine.js';

let playing: TyphoonEngine | undefined;
let playingCharts: TyphoonCharts = CHARTS;

/**
 * The engine the bot plays with: the shipped map and charts, or the charts an owner of the
 * printed game put in an override file (set once at start-up with `useTyphoonCharts`).
 * Passing charts builds a separate engine on them.
 */
export function typhoonEngine(charts?: TyphoonCharts): TyphoonEngine {
  if (charts && charts !== playingCharts) return createTyphoonEngine({ map: loadMap('operation-typhoon'), charts });
  playing ??= createTyphoonEngine({ map: loadMap('operation-typhoon'), charts: playingCharts });
  return playing;
}

/** Play with these charts from now on (start-up only: games replay with the charts they were played with). */
export function useTyphoonCharts(charts: TyphoonCharts): void {
  if (charts === playingCharts) return;
  playingCharts = charts;
  playing = undefined;
}

export { Play, RulesIndex, type TyphoonRules } from './context.js';
export { findPockets, frontGaps, victoryPoints } from './control.js';
export { createTyphoonEngine, movableStacks, prompt, type TyphoonEngine } from './engine.js';
export { allowance, destinations, stepCost } from './movement.js';
export { focusHexes, typhoonScene } from './scene.js';
export { type TyphoonAction, type TyphoonOptions, type TyphoonState, typhoonActionSchema, typhoonOptionsSchema } from './state.js';
