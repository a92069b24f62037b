/**
 * Operation Typhoon (World at War #65): the solitaire game. The engine is built from the
 * map and the charts; `typhoonEngine()` gives the one built from the shipped data.
 */
import { loadMap } from '../../maps/game-map.js';
import { CHARTS, type TyphoonCharts } from './charts/index.js';
import { createTyphoonEngine, type TyphoonEngine } from './engine.js';

let shipped: TyphoonEngine | undefined;

/**
 * The engine on the shipped map and charts, or (given charts) a separate engine on those:
 * an owner's override charts, or the charts a stored game was played with.
 */
export function typhoonEngine(charts: TyphoonCharts = CHARTS): TyphoonEngine {
  if (charts !== CHARTS) return createTyphoonEngine({ map: loadMap('operation-typhoon'), charts });
  shipped ??= createTyphoonEngine({ map: loadMap('operation-typhoon'), charts });
  return shipped;
}

export { Play } from './context.js';
export { findPockets, frontGaps, victoryPoints } from './control.js';
export { createTyphoonEngine, type TyphoonEngine } from './engine.js';
export { movableStacks, prompt } from './engine-prompt.js';
export { allowance, destinations, stepCost } from './movement.js';
export { RulesIndex, type TyphoonRules } from './rules-index.js';
export { focusHexes, typhoonScene } from './scene.js';
export { type TyphoonAction, type TyphoonOptions, type TyphoonState, typhoonActionSchema, typhoonOptionsSchema } from './state.js';
