import { type CacheFactory, Options, type SweeperOptions } from 'discord.js';

/** How much of Discord the bot keeps in memory (DISCORD_CACHE_* in .env.example). */
export interface CacheSettings {
  /** Members kept per server (the bot's own always): each interaction brings its member anew. */
  members: number;
  /** Users kept in all. */
  users: number;
  /** How often the sweepers drop members and users kept (seconds). */
  sweepSeconds: number;
}

export const DEFAULT_CACHE: CacheSettings = { members: 200, users: 1000, sweepSeconds: 3600 };

/**
 * discord.js keeps what the gateway sends for as long as the process lives; a bot on many
 * servers would grow without end. The bot needs only its servers and their roles (the voting
 * role is checked against them) and channels (which discord.js cannot limit); the member and
 * user who act arrive with each interaction, so those caches are capped and swept, and what
 * the bot never reads (messages, presences, reactions, emojis, stickers, voice, invites,
 * bans, events) is not kept at all.
 */
export function cacheOptions(settings: CacheSettings = DEFAULT_CACHE): { makeCache: CacheFactory; sweepers: SweeperOptions } {
  const interval = settings.sweepSeconds;
  return {
    makeCache: Options.cacheWithLimits({
      ...Options.DefaultMakeCacheSettings,
      MessageManager: 0,
      GuildMessageManager: 0,
      DMMessageManager: 0,
      PresenceManager: 0,
      ReactionManager: 0,
      ReactionUserManager: 0,
      GuildEmojiManager: 0,
      BaseGuildEmojiManager: 0,
      GuildStickerManager: 0,
      VoiceStateManager: 0,
      StageInstanceManager: 0,
      GuildInviteManager: 0,
      GuildBanManager: 0,
      GuildScheduledEventManager: 0,
      AutoModerationRuleManager: 0,
      ThreadMemberManager: 0,
      GuildMemberManager: { maxSize: settings.members, keepOverLimit: (m) => m.id === m.client.user.id },
      UserManager: { maxSize: settings.users, keepOverLimit: (u) => u.id === u.client.user.id },
    }),
    sweepers: {
      ...Options.DefaultSweeperSettings,
      guildMembers: { interval, filter: () => (m) => m.id !== m.client.user.id },
      users: { interval, filter: () => (u) => u.id !== u.client.user.id },
    },
  };
}
