import type { Reply } from '../contracts/reply.js';

/**
 * Messages nobody asked for in that moment: a ballot closing on its deadline, a game
 * resumed after a restart. Discord sends them to the channel; the console prints them.
 */
export interface ChannelPoster {
  post(channelId: string, reply: Reply): Promise<void>;
}

let poster: ChannelPoster | undefined;

/** The front end in use sets where unsolicited messages go (at start-up). */
export function setChannelPoster(p: ChannelPoster | undefined): void {
  poster = p;
}

/** Post to a channel through the front end in use; false when none is connected. */
export async function postToChannel(channelId: string, reply: Reply): Promise<boolean> {
  if (!poster) return false;
  await poster.post(channelId, reply);
  return true;
}
