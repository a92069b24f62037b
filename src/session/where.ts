import type { Where } from './game-sessions.js';

/**
 * The channel and, when the front end supplies one, the server a command came from. Read
 * structurally so a front end can add `guildId` to what it sends without a shared type change.
 */
export function whereOf(source: { channelId: string }): Where {
  const guildId = 'guildId' in source && typeof source.guildId === 'string' && source.guildId ? source.guildId : undefined;
  return guildId ? { channelId: source.channelId, guildId } : { channelId: source.channelId };
}
