import { type REST, Routes } from 'discord.js';
import type { Reply } from '../contracts/reply.js';
import { messagePayload } from './message-payload.js';

/**
 * Posts unsolicited messages (a ballot's result, a game in a new thread) through the REST API;
 * `onPosted` hears of each (the prompt board takes the buttons off the previous prompt).
 */
export function restPoster(
  rest: REST,
  onPosted?: (channelId: string, messageId: string, reply: Reply) => Promise<void>,
): (channelId: string, reply: Reply) => Promise<void> {
  return async (channelId, reply) => {
    const id = await postMessage(rest, channelId, reply);
    void onPosted?.(channelId, id, reply).catch(() => undefined);
  };
}

/** Post a message in a channel; resolves with its id. */
export async function postMessage(rest: REST, channelId: string, reply: Reply): Promise<string> {
  const sent = (await rest.post(Routes.channelMessages(channelId), messageRequest(reply))) as { id: string };
  return sent.id;
}

/** Replace a message's components (the prompt board takes superseded buttons away). */
export async function editComponents(rest: REST, channelId: string, messageId: string, components: unknown[]): Promise<void> {
  await rest.patch(Routes.channelMessage(channelId, messageId), { body: { components, allowed_mentions: { parse: [] } } });
}

export function messageRequest(reply: Reply): { body: unknown; files: { name: string; data: Buffer }[] } {
  const payload = messagePayload({ ...reply, ephemeral: false });
  return {
    body: {
      content: payload.content,
      components: payload.components.map((row) => row.toJSON()),
      embeds: payload.embeds.map((e) => e.toJSON()),
      allowed_mentions: payload.allowedMentions,
      attachments: (reply.files ?? []).map((f, id) => ({ id, filename: f.name, ...(f.description ? { description: f.description } : {}) })),
    },
    files: (reply.files ?? []).map((f) => ({ name: f.name, data: f.data })),
  };
}
