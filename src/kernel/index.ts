export * from './dice.js';
export * from './floodfill.js';
export * from './hex.js';
export * from './hexside.js';
export * from './pathfinding.js';
