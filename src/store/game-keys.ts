/** The keys a game is stored under (see GameStore). */
export function gameKey(id: string): string {
  return `game:${id}`;
}

export function channelKey(channelId: string): string {
  return `channel:${channelId}`;
}

export function summaryKey(id: string): string {
  return `summary:${id}`;
}

export function guildKey(where: { guildId?: string; channelId: string }): string {
  return where.guildId ? `guild:${where.guildId}` : `guild:@${where.channelId}`;
}
