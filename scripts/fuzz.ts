import { parseArgs } from 'node:util';
import { fuzzGames } from './fuzz/fuzz-games.js';

/** `npm run fuzz [-- --games N --seed S]`: whole games of sensible, random and illegal orders, invariants after each. */
const { values } = parseArgs({ options: { games: { type: 'string', default: '200' }, seed: { type: 'string', default: '1' } } });
const stats = fuzzGames(Number(values.games), Number(values.seed));
console.log(
  `${stats.games} games, ${stats.actions} accepted orders, ${stats.refused} refused, ${stats.violations.length} invariant violations, ${(stats.ms / 1000).toFixed(1)} s (${Math.round(stats.actions / (stats.ms / 1000))} orders/s)`,
);
for (const v of stats.violations.slice(0, 20)) console.log(`- ${v}`);
process.exit(stats.violations.length ? 1 : 0);
