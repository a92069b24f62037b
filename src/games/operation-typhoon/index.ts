/**
 * Operation Typhoon (World at War #65): the solitaire game. The engine is built from the
 * map and the charts; `typhoonEngine()` gives the one built from the shipped data.
 */
import { loadMap } from '../../maps/game-map.js';
import { CHARTS, type TyphoonCharts } from './charts/index.js';
import { createTyphoonEngine, type TyphoonEngine } from './engine.js';

let shipped: TyphoonEngine | undefined;

/** The engine on the shipped map and charts (or on charts overridden by an owner of the printed game). */
export function typhoonEngine(charts: TyphoonCharts = CHARTS): TyphoonEngine {
  if (charts !== CHARTS) return createTyphoonEngine({ map: loadMap('operation-typhoon'), charts });
  shipped ??= createTyphoonEngine({ map: loadMap('operation-typhoon'), charts: CHARTS });
  return shipped;
}

export { createTyphoonEngine, movableStacks, prompt, type TyphoonEngine } from './engine.js';
export { destinations, stepCost, allowance } from './movement.js';
export { typhoonScene, focusHexes } from './scene.js';
export { typhoonActionSchema, typhoonOptionsSchema, type TyphoonAction, type TyphoonOptions, type TyphoonState } from './state.js';
export { Play, RulesIndex, type TyphoonRules } from './context.js';
export { victoryPoints, findPockets, frontGaps } from './control.js';
