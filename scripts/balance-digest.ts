/**
 * A fingerprint of the scripted German's play: each policy plays seeds 1..N and the SHA-256
 * of every action list is printed. A speed-up of the policies or the engine must leave it
 * unchanged (the balance report's games stay the same games).
 *
 *   npm run balance:digest -- [--games 6] [--policy NAME] [--scenario historical|clenched-fist]
 */
import { createHash } from 'node:crypto';
import { playGame, SCENARIO_POLICIES } from '../src/games/operation-typhoon/autoplay/index.js';
import { typhoonEngine } from '../src/games/operation-typhoon/index.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const games = Number(arg('games') ?? 6);
const only = arg('policy');
const scenario = (arg('scenario') ?? 'historical') as 'historical' | 'clenched-fist';
const POLICIES = SCENARIO_POLICIES[scenario];
const engine = typhoonEngine();
for (const name of only ? [only] : Object.keys(POLICIES)) {
  const hash = createHash('sha256');
  const c0 = process.cpuUsage();
  for (let seed = 1; seed <= games; seed++) {
    const g = playGame(engine, POLICIES[name]!, seed, scenario);
    hash.update(JSON.stringify(g.actions));
  }
  const ms = (process.cpuUsage(c0).user + process.cpuUsage(c0).system) / 1000 / games;
  console.log(`${name} ${scenario} seeds 1-${games}: ${hash.digest('hex').slice(0, 16)} (${ms.toFixed(0)} ms CPU a game)`);
}
