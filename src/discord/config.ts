import { z } from 'zod';

/**
 * The environment the Discord bot reads, checked at start-up so a typo fails with a clear
 * message instead of a half-working bot. See .env.example.
 */
const blankIsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const snowflake = z.string().regex(/^\d{17,20}$/, 'a Discord id (17 to 20 digits)');

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
});
export type DiscordEnv = z.infer<typeof discordEnvSchema>;

/** The checked environment, or an error listing each bad variable (never their values). */
export function readDiscordEnv(env: NodeJS.ProcessEnv = process.env): DiscordEnv {
  const parsed = discordEnvSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  throw new Error(`Bad Discord settings in the environment:\n${lines.join('\n')}`);
}
