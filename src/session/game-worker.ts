import { INSTALLED_GAMES } from '../games/installed.js';
import { GameRegistry } from '../games/registry.js';
import { serveJobs } from '../render/worker-pool.js';
import { type GameJob, quietLookup, runGameJob } from './game-jobs.js';

/**
 * A game thread: bot turns and import checks, on the installed games configured from the
 * same environment as the bot's (a worker starts with a copy of it).
 */
const lookup = quietLookup(new GameRegistry(INSTALLED_GAMES, process.env));
serveJobs((job: GameJob) => ({ result: runGameJob(job, lookup) }));
