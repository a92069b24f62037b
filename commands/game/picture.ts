import { fitText, LIMITS } from '../../src/contracts/limits.js';
import type { Reply } from '../../src/contracts/reply.js';
import type { GameView } from '../../src/session/game-sessions.js';
import { gameImage } from '../../src/session/replies.js';

/** The reply with the game's picture; `viewer`: for that member alone (their own stacks in full), otherwise for the channel. */
export async function withImage(reply: Reply, view: GameView, kind: 'zoom' | 'full', viewer?: string): Promise<Reply> {
  const file = await gameImage(view, [], kind, LIMITS.uploadBytes, viewer);
  return file
    ? { ...reply, files: [file] }
    : { ...reply, content: fitText(`${reply.content}\n(The map picture is too large to send; /game map tries again.)`) };
}
