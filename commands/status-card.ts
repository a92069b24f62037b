import type { Reply, ReplyButton, ReplyEmbed } from '../src/contracts/reply.js';
import type { Scene } from '../src/contracts/scene.js';
import type { GameView } from '../src/session/game-sessions.js';
import { headline, seedReveal } from '../src/session/present.js';
import { choiceButtons, gameImage, myStacksButton } from '../src/session/replies.js';

/**
 * `/game status` as a card: the headline as text, then the game's own status lines, what it
 * waits for and from whom, in the colour of the side to act, with a close-up of the action
 * as its picture. A Refresh button shows it again as it then stands, in the same message.
 */

const REFRESH = /^game:([a-z0-9]{8}):(\d{1,9}):refresh$/;

export function refreshButtonId(view: GameView): string {
  return `game:${view.doc.id}:${view.doc.version}:refresh`;
}

/** The parts of a Refresh button's id, or undefined when it is not one. */
export function parseRefreshButton(customId: string): { gameId: string } | undefined {
  const m = REFRESH.exec(customId);
  return m ? { gameId: m[1]! } : undefined;
}

/** "#5a5f66" as 0x5a5f66; anything else (a CSS name, rgba) as undefined, so the card keeps Discord's default. */
export function colourOf(css: string | undefined): number | undefined {
  const m = /^#([0-9a-f]{6})$/i.exec(css ?? '');
  return m ? Number.parseInt(m[1]!, 16) : undefined;
}

/** The card of a game as it stands; the picture is the reply's map file when there is one. */
export function statusCard(view: GameView, scene: Scene, image?: string): ReplyEmbed {
  const { doc, def, prompt } = view;
  const [first, ...rest] = def
    .status(doc.state)
    .split('\n')
    .filter((l) => l.trim().length > 0);
  const side = prompt.side ? scene.sides?.[prompt.side] : undefined;
  const fields: ReplyEmbed['fields'] = [];
  if (doc.status === 'active') {
    const who = [side?.name ?? prompt.side, prompt.formation].filter(Boolean).join(' · ');
    if (who) fields.push({ name: 'To act', value: who, inline: true });
    fields.push({ name: 'Players', value: doc.mode === 'solo' ? 'solo' : `${doc.mode}, ${doc.players.length}`, inline: true });
    fields.push({ name: 'Next', value: prompt.text });
  } else {
    fields.push({ name: `Over (${doc.status})`, value: doc.outcome ?? 'no result recorded' });
    fields.push({ name: 'Dice', value: seedReveal(doc) });
  }
  const colour = doc.status === 'active' ? colourOf(side?.fill) : undefined;
  return {
    title: `${def.name} · ${first ?? `version ${doc.version}`}`,
    ...(rest.length ? { description: rest.join('\n') } : {}),
    ...(colour !== undefined ? { colour } : {}),
    fields,
    ...(image ? { image } : {}),
    footer: `game ${doc.id} · version ${doc.version} · /game help for every command`,
  };
}

/** `/game status` (and its Refresh): the card with a close-up, the game's choice buttons and Refresh. */
export async function statusCardReply(view: GameView): Promise<Reply> {
  const file = await gameImage(view, [], 'zoom');
  const scene = view.def.scene(view.doc.state);
  const refresh: ReplyButton = { customId: refreshButtonId(view), label: 'Refresh', style: 'secondary' };
  return {
    content: headline(view.doc, view.def.name),
    embed: statusCard(view, scene, file?.name),
    ...(file ? { files: [file] } : {}),
    buttons: [...choiceButtons(view.doc, view.prompt, view.def), ...myStacksButton(view), refresh].slice(0, 20),
  };
}
