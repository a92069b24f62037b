import { once } from 'node:events';
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { setChannelPoster } from '../app/channel-poster.js';
import { closeRenderPool } from '../render/render-pool.js';
import { closeSessions, configureSessions, type GameSessions } from '../session/index.js';
import type { GameStore } from '../store/game-store.js';
import { configureVotes, stopVotes, type VoteClock } from '../votes/index.js';
import { handleInteraction } from './handle-interaction.js';
import { redactingLog } from './redacting-log.js';
import { restPoster } from './rest-poster.js';

export interface DiscordBotOptions {
  token: string;
  store: GameStore;
  /** REST API base (tests: the fake Discord); the gateway URL comes from its /gateway/bot. */
  apiUrl?: string;
  deferAfterMs?: number;
  /** Ballot deadlines' clock (tests drive it by hand). */
  voteClock?: VoteClock;
  /** Where log lines go (stderr by default); the token is redacted from them. */
  write?: (line: string) => void;
}

export interface DiscordBot {
  client: Client;
  sessions: GameSessions;
  stop(): Promise<void>;
}

/**
 * Connect to Discord and referee every channel's game: slash commands, buttons and
 * autocomplete go to the shared command layer; games are kept in the given store. Only the
 * Guilds intent: slash commands need no privileged intents.
 */
export async function startDiscordBot(options: DiscordBotOptions): Promise<DiscordBot> {
  const log = redactingLog([options.token], options.write);
  // No order may arrive before the store can take it.
  await options.store.waitUntilReady();
  const client = new Client({ intents: [GatewayIntentBits.Guilds], ...(options.apiUrl ? { rest: { api: options.apiUrl } } : {}) });
  const sessions = configureSessions(options.store);
  setChannelPoster(restPoster(client.rest));
  const ballots = configureVotes(options.voteClock);
  const handlerOptions = { deferAfterMs: options.deferAfterMs ?? 1500, log };
  client.on(Events.InteractionCreate, (interaction) => void handleInteraction(interaction, handlerOptions));
  client.on(Events.Error, (err) => log('Discord client error', err));
  client.on(Events.ShardError, (err, shard) => log(`gateway error on shard ${shard}`, err));
  const ready = once(client, Events.ClientReady);
  try {
    await client.login(options.token);
    await ready;
  } catch (err) {
    await client.destroy();
    setChannelPoster(undefined);
    throw new Error(log.redact(`Could not log in to Discord: ${err instanceof Error ? err.message : String(err)}`));
  }
  const resumed = await ballots.resume();
  if (resumed) log(`Resumed ${resumed} open ballot(s).`);
  log(
    `Logged in as ${client.user?.tag ?? 'the bot'}${client.shard ? ` (shards ${client.shard.ids.join(', ')} of ${client.shard.count})` : ''}.`,
  );
  return {
    client,
    sessions,
    async stop() {
      stopVotes();
      await client.destroy();
      setChannelPoster(undefined);
      await closeSessions(sessions);
      await closeRenderPool();
    },
  };
}
