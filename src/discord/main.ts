import { createGameStore } from '../store/game-store.js';
import { describeStore, storeConfigFromEnv } from '../store/keyv-factory.js';
import { startDiscordBot } from './bot.js';
import { cacheOf, limitsOf, readDiscordEnv } from './config.js';

/**
 * `npm start` with DISCORD_TOKEN set: check the environment, open the store, connect, and
 * close both cleanly on SIGINT/SIGTERM (an acknowledged action is already saved).
 */
export async function runDiscordBot(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const settings = readDiscordEnv(env);
  const storeConfig = storeConfigFromEnv(env);
  console.log(`Connecting to Discord; games are kept in ${describeStore(storeConfig)}.`);
  const bot = await startDiscordBot({
    token: settings.DISCORD_TOKEN,
    store: createGameStore(storeConfig),
    apiUrl: settings.DISCORD_API_URL,
    deferAfterMs: settings.DISCORD_DEFER_AFTER_MS,
    limits: limitsOf(settings),
    cache: cacheOf(settings),
    logLevel: settings.LOG_LEVEL,
    write: (line) => console.log(line),
  });
  const shutdown = async (signal: string) => {
    console.log(`${signal}: disconnecting.`);
    await bot.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}
