import { type REST, Routes } from 'discord.js';
import type { Reply } from '../contracts/reply.js';
import { messagePayload } from './message-payload.js';

/** Posts unsolicited messages (a ballot's result, a game in a new thread) through the REST API. */
export function restPoster(rest: REST): (channelId: string, reply: Reply) => Promise<void> {
  return async (channelId, reply) => {
    await rest.post(Routes.channelMessages(channelId), messageRequest(reply));
  };
}

export function messageRequest(reply: Reply): { body: unknown; files: { name: string; data: Buffer }[] } {
  const payload = messagePayload({ ...reply, ephemeral: false });
  return {
    body: {
      content: payload.content,
      components: payload.components.map((row) => row.toJSON()),
      allowed_mentions: payload.allowedMentions,
      attachments: (reply.files ?? []).map((f, id) => ({ id, filename: f.name, ...(f.description ? { description: f.description } : {}) })),
    },
    files: (reply.files ?? []).map((f) => ({ name: f.name, data: f.data })),
  };
}
