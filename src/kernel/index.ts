export * from './hex.js';
export * from './hexside.js';
export * from './pathfinding.js';
export * from './floodfill.js';
export * from './dice.js';
