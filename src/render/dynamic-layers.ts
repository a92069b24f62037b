/**
 * Layers that change with the game, each in its own module: control and the front line,
 * outlined regions, battles, highlights, counters, arrows, and labels written again on top.
 */
export { clearOf, drawArrows } from './arrows.js';
export { type AttackMark, drawBattles, layoutBattles, type OddsTag } from './battle-layer.js';
export { drawControl, drawControlFlags } from './control-layer.js';
export { drawStacks } from './counter-stacks.js';
export { drawCoveredLabels, type StackBoxes } from './covered-labels.js';
export { drawHighlights } from './highlights.js';
export { previewWidth } from './preview-width.js';
export { drawRegions } from './region-layer.js';
