import { z } from 'zod';
import { DEFAULT_LIMITS, type Limits } from '../dispatch/limits.js';
import { type CacheSettings, DEFAULT_CACHE } from './cache.js';

/**
 * The environment the Discord bot reads, checked at start-up so a typo fails with a clear
 * message instead of a half-working bot. See .env.example.
 */
const blankIsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const snowflake = z.string().regex(/^\d{17,20}$/, 'a Discord id (17 to 20 digits)');
/** A count limit: a whole number from 0 (no limit) to 100,000. */
const count = (fallback: number) => z.preprocess(blankIsUnset, z.coerce.number().int().min(0).max(100_000).default(fallback));
/** A window: whole seconds from 1 to a day. */
const seconds = (fallback: number) => z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(86_400).default(fallback));
const flag = (fallback: boolean) =>
  z.preprocess(
    blankIsUnset,
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'true or false' })
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  );

export const discordEnvSchema = z.object({
  DISCORD_TOKEN: z.string().min(20, 'DISCORD_TOKEN looks too short to be a bot token'),
  /** Only for tests and proxies: where the REST API lives (discord.js `rest.api`). */
  DISCORD_API_URL: z.preprocess(blankIsUnset, z.url().optional()),
  /** deploy-commands: a guild to deploy to (instant); without it, commands are global. */
  DISCORD_GUILD_ID: z.preprocess(blankIsUnset, snowflake.optional()),
  /** Seconds a command may run before the bot acknowledges it ("thinking…"); Discord allows 3. */
  DISCORD_DEFER_AFTER_MS: z.preprocess(blankIsUnset, z.coerce.number().int().min(100).max(2500).default(1500)),
  /** start:sharded: how many shards (default: Discord's recommendation). */
  SHARD_COUNT: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(1000).optional()),
  DATA_FILE: z.preprocess(blankIsUnset, z.string().optional()),
  KEYV_URL: z.preprocess(blankIsUnset, z.string().optional()),
  /** Slash commands and button presses per member per LIMIT_COMMANDS_SECONDS (0: no limit). */
  LIMIT_COMMANDS: count(DEFAULT_LIMITS.commands.count),
  LIMIT_COMMANDS_SECONDS: seconds(DEFAULT_LIMITS.commands.seconds),
  /** Games a member starts or imports per LIMIT_NEW_GAMES_SECONDS (0: no limit). */
  LIMIT_NEW_GAMES: count(DEFAULT_LIMITS.newGames.count),
  LIMIT_NEW_GAMES_SECONDS: seconds(DEFAULT_LIMITS.newGames.seconds),
  /** Active games a member may have started on one server (0: no cap). */
  LIMIT_GAMES_PER_MEMBER: count(DEFAULT_LIMITS.gamesPerMember),
  /** Active games one server may have (0: no cap). */
  LIMIT_GAMES_PER_SERVER: count(DEFAULT_LIMITS.gamesPerServer),
  /** Members with Manage Channels are not held to LIMIT_GAMES_PER_MEMBER. */
  LIMIT_MANAGERS_EXEMPT: flag(DEFAULT_LIMITS.managersExempt),
  /** Orders of one kind (and take-backs) a game may have since its last die roll (0: no cap). */
  LIMIT_FREE_ORDERS: count(DEFAULT_LIMITS.freeOrders),
  /** The least severe log level written: fatal, error, warn, info (default), debug, trace or silent. */
  LOG_LEVEL: z.preprocess(
    blankIsUnset,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { message: 'a log level (info, warn, error...)' })
      .default('info'),
  ),
  /** Members kept in memory per server (the bot's own always): each interaction brings its member. */
  DISCORD_CACHE_MEMBERS: count(DEFAULT_CACHE.members),
  /** Users kept in memory in all. */
  DISCORD_CACHE_USERS: count(DEFAULT_CACHE.users),
  /** Seconds between sweeps of the member and user caches. */
  DISCORD_SWEEP_SECONDS: seconds(DEFAULT_CACHE.sweepSeconds),
});
export type DiscordEnv = z.infer<typeof discordEnvSchema>;

/** The checked environment, or an error listing each bad variable (never their values). */
export function readDiscordEnv(env: NodeJS.ProcessEnv = process.env): DiscordEnv {
  const parsed = discordEnvSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  throw new Error(`Bad Discord settings in the environment:\n${lines.join('\n')}`);
}

/** The cache limits the checked environment sets. */
export function cacheOf(env: DiscordEnv): CacheSettings {
  return { members: env.DISCORD_CACHE_MEMBERS, users: env.DISCORD_CACHE_USERS, sweepSeconds: env.DISCORD_SWEEP_SECONDS };
}

/** The limits the checked environment sets, as the dispatcher takes them (a 0 count leaves that limit out). */
export function limitsOf(env: DiscordEnv): Limits {
  return {
    ...(env.LIMIT_COMMANDS ? { commands: { count: env.LIMIT_COMMANDS, seconds: env.LIMIT_COMMANDS_SECONDS } } : {}),
    ...(env.LIMIT_NEW_GAMES ? { newGames: { count: env.LIMIT_NEW_GAMES, seconds: env.LIMIT_NEW_GAMES_SECONDS } } : {}),
    ...(env.LIMIT_GAMES_PER_MEMBER ? { gamesPerMember: env.LIMIT_GAMES_PER_MEMBER } : {}),
    ...(env.LIMIT_GAMES_PER_SERVER ? { gamesPerServer: env.LIMIT_GAMES_PER_SERVER } : {}),
    managersExempt: env.LIMIT_MANAGERS_EXEMPT,
    ...(env.LIMIT_FREE_ORDERS ? { freeOrders: env.LIMIT_FREE_ORDERS } : {}),
  };
}
