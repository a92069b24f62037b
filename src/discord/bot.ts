import { once } from 'node:events';
import { Client, Events, GatewayIntentBits, ShardClientUtil } from 'discord.js';
import { createDispatcher } from '../../commands/index.js';
import type { Limits } from '../dispatch/limits.js';
import { closeServices, createServices, type Services } from '../dispatch/services.js';
import { INSTALLED_GAMES } from '../games/installed.js';
import { GameRegistry } from '../games/registry.js';
import { closeRenderPool } from '../render/render-pool.js';
import type { GameSessions } from '../session/game-sessions.js';
import { closeGameWork } from '../session/game-work.js';
import type { GameStore } from '../store/game-store.js';
import type { VoteClock } from '../votes/clock.js';
import { type CacheSettings, cacheOptions } from './cache.js';
import { handleInteraction } from './handle-interaction.js';
import { PromptBoard } from './prompt-board.js';
import { type LogLevel, redactingLog } from './redacting-log.js';
import { editComponents, restPoster } from './rest-poster.js';

export interface DiscordBotOptions {
  token: string;
  store: GameStore;
  /** REST API base (tests: the fake Discord); the gateway URL comes from its /gateway/bot. */
  apiUrl?: string;
  deferAfterMs?: number;
  /** Ballot deadlines' clock (tests drive it by hand). */
  voteClock?: VoteClock;
  /** The games it plays; default: the installed games, configured from the environment. */
  games?: GameRegistry;
  /** Where log lines go (stderr by default): JSON, one a line, the token redacted. */
  write?: (line: string) => void;
  /** The least severe log level written (LOG_LEVEL); default info. */
  logLevel?: LogLevel;
  /** Member and user cache limits and sweeps (DISCORD_CACHE_*); default DEFAULT_CACHE. */
  cache?: CacheSettings;
  /** Rate limits and caps (the entry point passes the environment's); absent: none. */
  limits?: Limits;
  /** The rate limits' clock in ms (tests drive it by hand); default the system clock. */
  limitClock?: () => number;
  /** Where `/game import` may fetch attachments from; default Discord's CDN (tests: the fake's). */
  attachmentOrigins?: readonly string[];
}

export interface DiscordBot {
  client: Client;
  services: Services;
  sessions: GameSessions;
  stop(): Promise<void>;
}

/**
 * Connect to Discord and referee every channel's game: slash commands, buttons and
 * autocomplete go to the shared command layer; games are kept in the given store. Only the
 * Guilds intent: slash commands need no privileged intents.
 */
export async function startDiscordBot(options: DiscordBotOptions): Promise<DiscordBot> {
  const log = redactingLog([options.token], options.write, options.logLevel);
  // No order may arrive before the store can take it.
  await options.store.waitUntilReady();
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    ...cacheOptions(options.cache),
    ...(options.apiUrl ? { rest: { api: options.apiUrl } } : {}),
  });
  // Superseded prompts lose their buttons; a failed edit is logged and changes nothing else.
  const board = new PromptBoard(
    {
      get: (key) => options.store.keyv.get(key),
      set: (key, value, ttlMs) => options.store.batches.commit({ set: [{ key, value, ttlMs }] }),
    },
    (channelId, messageId, components) => editComponents(client.rest, channelId, messageId, components),
    (err, context) => log.logger.warn({ err, ...context }, 'could not take the buttons off an earlier prompt'),
  );
  const services = createServices({
    store: options.store,
    games: options.games ?? new GameRegistry(INSTALLED_GAMES, process.env),
    post: restPoster(client.rest, (channelId, messageId, reply) => board.posted(channelId, messageId, reply)),
    ...(options.voteClock ? { clock: options.voteClock } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.limitClock ? { limitClock: options.limitClock } : {}),
    ...(options.attachmentOrigins ? { attachmentOrigins: options.attachmentOrigins } : {}),
  });
  // Server-side failures go to the log with what they happened in, not only to the player.
  const dispatcher = createDispatcher(services, {
    report: (level, err, context) =>
      log.logger[level]({ err, ...context }, level === 'warn' ? 'the game store did not answer a command' : 'a command failed'),
  });
  const handlerOptions = { dispatcher, deferAfterMs: options.deferAfterMs ?? 1500, log, board };
  client.on(Events.InteractionCreate, (interaction) => void handleInteraction(interaction, handlerOptions));
  client.on(Events.Error, (err) => log.logger.error({ err }, 'Discord client error'));
  client.on(Events.ShardError, (err, shard) => log.logger.error({ err, shard }, 'gateway error'));
  const ready = once(client, Events.ClientReady);
  try {
    await client.login(options.token);
    await ready;
  } catch (err) {
    await client.destroy();
    services.votes.stop();
    throw new Error(log.redact(`Could not log in to Discord: ${err instanceof Error ? err.message : String(err)}`));
  }
  // A shard re-arms only its own servers' ballots (direct messages go to shard 0).
  const shard = client.shard;
  const resumed = await services.votes.resume((guildId) =>
    shard ? shard.ids.includes(guildId ? ShardClientUtil.shardIdForGuildId(guildId, shard.count) : 0) : true,
  );
  if (resumed) log(`Resumed ${resumed} open ballot(s).`);
  log(
    `Logged in as ${client.user?.tag ?? 'the bot'}${client.shard ? ` (shards ${client.shard.ids.join(', ')} of ${client.shard.count})` : ''}.`,
  );
  return {
    client,
    services,
    sessions: services.sessions,
    async stop() {
      await client.destroy();
      await closeServices(services);
      await closeRenderPool();
      await closeGameWork();
    },
  };
}
