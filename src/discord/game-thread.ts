import { ChannelType, type REST, Routes } from 'discord.js';

/** Threads stay open a week without messages, the longest Discord allows. */
const ARCHIVE_AFTER_MINUTES = 10080;

/** Open a public thread in the channel for a new game; its id becomes the game's channel. */
export async function openGameThread(rest: REST, channelId: string, name: string): Promise<string> {
  const thread = (await rest.post(Routes.threads(channelId), {
    body: { name: name.slice(0, 100), type: ChannelType.PublicThread, auto_archive_duration: ARCHIVE_AFTER_MINUTES },
  })) as { id: string };
  return thread.id;
}
