import 'dotenv/config';
import { fileURLToPath } from 'node:url';
import { REST, Routes, ShardingManager } from 'discord.js';
import { readDiscordEnv } from './discord/config.js';

/**
 * V8 collects garbage on the thread that made it instead of on helper threads. The render
 * workers already keep every core busy under load, and the helpers cost about a tenth more
 * CPU per order than they saved (`npm run bench`, 50 busy channels): `npm start` and
 * `npm run start:prod` pass the same flag.
 */
const GC_FLAGS = ['--single-threaded-gc'];

/**
 * `npm run start:sharded`: one process per group of shards under discord.js's
 * ShardingManager. Every shard must see the same games, so the Redis store is required; a
 * guild's interactions all reach one shard, so each channel is still served in order.
 */
async function main(): Promise<void> {
  const env = readDiscordEnv();
  if (!env.KEYV_URL?.startsWith('redis')) {
    console.error('start:sharded needs KEYV_URL=redis://...: shards in separate processes cannot share a SQLite file safely.');
    process.exit(2);
  }
  const totalShards = env.SHARD_COUNT ?? (await recommendedShards(env.DISCORD_TOKEN, env.DISCORD_API_URL));
  // From source each shard runs main.ts under tsx; after `npm run build`, main.js under plain node.
  const built = import.meta.url.endsWith('.js');
  const manager = new ShardingManager(fileURLToPath(new URL(built ? './main.js' : './main.ts', import.meta.url)), {
    token: env.DISCORD_TOKEN,
    totalShards,
    mode: 'process',
    // One thread collects garbage: see GC_FLAGS.
    execArgv: built ? GC_FLAGS : [...GC_FLAGS, '--import', 'tsx'],
  });
  manager.on('shardCreate', (shard) => console.log(`Shard ${shard.id} of ${totalShards} starting.`));
  await manager.spawn({ timeout: 60_000 });
  console.log(`All ${totalShards} shards are up.`);
  const stop = () => {
    for (const shard of manager.shards.values()) shard.kill();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** Discord's recommended shard count, asked of the same API the bot uses. */
async function recommendedShards(token: string, apiUrl?: string): Promise<number> {
  const rest = new REST(apiUrl ? { api: apiUrl } : {}).setToken(token);
  const info = (await rest.get(Routes.gatewayBot())) as { shards: number };
  return Math.max(1, info.shards);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
