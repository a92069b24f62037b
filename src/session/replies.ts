import { z } from 'zod';
import { clip, fitText, LIMITS } from '../contracts/limits.js';
import type { Reply, ReplyButton, ReplyEmbed, ReplyFile } from '../contracts/reply.js';
import type { Scene, View } from '../contracts/scene.js';
import type { GameEvent, Prompt } from '../games/engine.js';
import type { GameDef } from '../games/game-def.js';
import type { HexId } from '../kernel/hex.js';
import { columnOf, formatHexId, rowOf } from '../kernel/hex.js';
import { type LoadedMap, loadMap } from '../maps/game-map.js';
import { DEFAULT_ZOOM_RADIUS, zoomHolds } from '../render/render-map.js';
import type { GameDocument } from '../store/game-document.js';
import type { ActOutcome, GameView } from './game-sessions.js';
import { mapImage } from './map-image.js';
import { moveButton } from './move-button.js';
import { botTurnText, eventsTextWithin, seedReveal, statusText } from './present.js';
import { sealedButton } from './sealed-button.js';
import { fogHidesPlayers, sceneFor } from './sight.js';

/**
 * Replies built from a game: text within Discord's limits, a map picture zoomed to the
 * action, and one button per choice the game offers now.
 */

const BUTTON_PREFIX = 'game';

/** "game:<gameId>:<version>:<choice>": everything needed to act, so buttons survive restarts. */
export function choiceButtonId(doc: GameDocument, index: number): string {
  return `${BUTTON_PREFIX}:${doc.id}:${doc.version}:${index}`;
}

const buttonIdSchema = z
  .string()
  .max(LIMITS.customIdChars)
  .regex(/^game:[a-z0-9]{8}:\d{1,9}:\d{1,2}$/)
  .transform((id) => {
    const [, gameId, version, index] = id.split(':');
    return { gameId: gameId!, version: Number(version), index: Number(index) };
  });

/** The parts of a choice button's id, or undefined when it is not one (untrusted input). */
export function parseChoiceButton(customId: string): { gameId: string; version: number; index: number } | undefined {
  const parsed = buttonIdSchema.safeParse(customId);
  return parsed.success ? parsed.data : undefined;
}

const lookIdSchema = /^game:([a-z0-9]{8}):(\d{1,9}):(status|map|dice|mine)$/;

/** `mine`: the presser's own stacks in full, when the channel's picture keeps them under the fog of war. */
export type Look = 'status' | 'map' | 'dice' | 'mine';

/** A look button (`game:<gameId>:<version>:status|map|dice|mine`): shows, changes nothing. */
export function parseLookButton(customId: string): { gameId: string; version: number; look: Look } | undefined {
  const m = lookIdSchema.exec(customId);
  return m ? { gameId: m[1]!, version: Number(m[2]), look: m[3] as Look } : undefined;
}

/**
 * One button per choice. A choice that ends the turn comes last and never sits on the first
 * two buttons, where a battle's "another round" and "retreat" were a moment ago: when too few
 * choices come before it, Status and Map (which change nothing) fill those places.
 */
export function choiceButtons(doc: GameDocument, prompt: Prompt<unknown>, def?: GameDef): ReplyButton[] {
  if (doc.status !== 'active') return [];
  const indexed = prompt.choices.slice(0, LIMITS.choices).map((c, i) => ({ c, i }));
  const first = indexed.filter(({ c }) => !c.endsTurn);
  const ending = indexed.filter(({ c }) => c.endsTurn);
  // A secret choice due now: its private menu comes first.
  const sealed = def ? sealedButton(doc, def) : undefined;
  const buttons: ReplyButton[] = sealed ? [sealed] : [];
  buttons.push(
    ...first.map(({ c, i }, slot) => ({
      customId: choiceButtonId(doc, i),
      label: clip(c.label, LIMITS.buttonLabelChars),
      style: slot === 0 && !sealed ? ('primary' as const) : ('secondary' as const),
    })),
  );
  // Pick, don't type: the move menus, when the game has a move order and something may move.
  const move = def ? moveButton(doc, def) : undefined;
  if (move) buttons.push(move);
  if (ending.length) {
    const looks: ReplyButton[] = [
      { customId: `${BUTTON_PREFIX}:${doc.id}:${doc.version}:status`, label: 'Status', style: 'secondary' },
      { customId: `${BUTTON_PREFIX}:${doc.id}:${doc.version}:map`, label: 'Full map', style: 'secondary' },
    ];
    buttons.push(...looks.slice(0, Math.max(0, 2 - buttons.length)));
    for (const { c, i } of ending)
      buttons.push({
        customId: choiceButtonId(doc, i),
        label: clip(c.label, LIMITS.buttonLabelChars),
        style: c.confirm ? 'danger' : 'secondary',
      });
  }
  return buttons.slice(0, LIMITS.choices);
}

/** After an accepted action: what happened (dice as numbers), what comes next, the map, the buttons. */
export async function actingReply(outcome: ActOutcome, heading?: string): Promise<Reply> {
  const { doc, prompt, events, bot } = outcome;
  // A long report (a breakout's dozens of dice) reads as what happened; its dice are a press away.
  const own = eventsTextWithin(events, EVENTS_BUDGET);
  const parts = [heading, own.text, bot ? botTurnText(bot) : undefined];
  if (doc.status === 'active') parts.push(`**Next:** ${prompt.text}`);
  else parts.push(`**Game over.** ${doc.outcome ?? ''}`.trim(), seedReveal(doc));
  if (prompt.choices.length > LIMITS.choices && doc.status === 'active')
    parts.push(`(${prompt.choices.length - LIMITS.choices} more choices: use the game's commands.)`);
  const content = fitText(parts.filter((p): p is string => !!p && p.length > 0).join('\n'));
  const file = await gameImage(outcome, [...events, ...(bot?.events ?? [])], 'zoom');
  const dice: ReplyButton[] = own.diceHidden
    ? [{ customId: `${BUTTON_PREFIX}:${doc.id}:${doc.version}:dice`, label: 'Dice', style: 'secondary' }]
    : [];
  return {
    content,
    files: file ? [file] : [],
    buttons: [...choiceButtons(doc, prompt, outcome.def), ...dice, ...myStacksButton(outcome)].slice(0, LIMITS.choices),
    ...(doc.status === 'active' ? {} : { embed: resultCard(outcome, file?.name) }),
  };
}

/**
 * "My stacks": when the channel's picture keeps a player's own side under the fog of war
 * (two seated sides), the presser's own stacks in full, in a picture only they see.
 */
export function myStacksButton(view: GameView): ReplyButton[] {
  if (view.doc.status !== 'active' || !fogHidesPlayers(view)) return [];
  return [{ customId: `${BUTTON_PREFIX}:${view.doc.id}:${view.doc.version}:mine`, label: 'My stacks', style: 'secondary' }];
}

/** The end of a game as a card: who won and why, in the winner's colour, the final map as its picture. */
export function resultCard(view: GameView, image?: string): ReplyEmbed {
  const { doc, def, result } = view;
  const look = result ? def.scene(doc.state).sides?.[result.winner] : undefined;
  const colour = /^#([0-9a-f]{6})$/i.exec(look?.fill ?? '')?.[1];
  return {
    title: `${def.name}: game over${look ? ` · ${look.name} victory` : ''}`,
    description: def.status(doc.state),
    ...(colour ? { colour: Number.parseInt(colour, 16) } : {}),
    fields: [{ name: 'Result', value: doc.outcome ?? doc.status }],
    ...(image ? { image } : {}),
    footer: `game ${doc.id} · version ${doc.version} · the dice seed is revealed: /game export, then npm run verify`,
  };
}

/** Room for the events of one order in a reply; the heading, the next step and the bot's part share the rest. */
const EVENTS_BUDGET = 1300;

export async function statusReply(view: GameView): Promise<Reply> {
  return { content: fitText(statusText(view)), buttons: choiceButtons(view.doc, view.prompt, view.def) };
}

/**
 * The game's map: zoomed to the hexes the events concern, or the full map. When a picture
 * would exceed the upload limit, smaller views are tried; none at all is a last resort.
 */
export async function gameImage(
  view: GameView,
  events: readonly GameEvent[],
  kind: 'zoom' | 'full',
  maxBytes: number = LIMITS.uploadBytes,
  viewer?: string,
): Promise<ReplyFile | undefined> {
  const { doc, def } = view;
  // An undo's hexes are the session's (where the position changed); every other event is the game's to read.
  const undone = events.filter((e) => e.kind === 'undo').flatMap((e) => e.hexes ?? []);
  const own = events.filter((e) => e.kind !== 'undo');
  const hexes = undone.length ? undone : def.zoomHexes ? def.zoomHexes(own, doc.state) : own.flatMap((e) => e.hexes ?? []);
  // Drawn for everyone in the channel, or for `viewer` alone (a private picture: fog of war).
  return sceneImage(view, sceneFor(view, events, viewer), hexes, kind, maxBytes, viewer === undefined ? '' : '-own');
}

/**
 * A picture of `scene` on the game's map, zoomed to frame `hexes` (or the full map). When a
 * picture would exceed the upload limit, smaller views are tried; none at all is a last resort.
 */
export async function sceneImage(
  view: GameView,
  scene: Scene,
  hexes: readonly HexId[],
  kind: 'zoom' | 'full',
  maxBytes: number = LIMITS.uploadBytes,
  suffix = '',
): Promise<ReplyFile | undefined> {
  const { doc, def } = view;
  const map = loadMap(def.mapFile);
  const name = `${def.id}-${doc.id}-v${doc.version}${suffix}`;
  const views: View[] = [];
  // The action's hexes, and whatever else the scene asks a close-up to hold (every announced battle).
  const onMap = [...new Set([...hexes, ...(kind === 'zoom' ? (scene.focus ?? []) : [])])].filter((h) => map.has(h));
  if (kind === 'zoom' && onMap.length > 0) {
    const { center, radius } = frame(map, onMap);
    views.push(
      { kind: 'zoom', center, radius },
      { kind: 'zoom', center, radius: DEFAULT_ZOOM_RADIUS },
      { kind: 'zoom', center, radius: 2 },
    );
  } else {
    const middle = middleHex(map, map.ids);
    views.push({ kind: 'full' }, { kind: 'zoom', center: middle, radius: DEFAULT_ZOOM_RADIUS });
  }
  for (const v of views) {
    const file = await mapImage(map, scene, v, v.kind === 'full' ? `${name}-map` : name);
    if (file.data.length <= maxBytes) return file;
  }
  return undefined;
}

/** The widest zoom window `frame` makes; hexes spread wider than this need the full map. */
export const MAX_ZOOM_RADIUS = 10;

/**
 * A window holding every hex of the action whole, centred on it: the smallest radius from
 * the default up whose picture (clamped to the map's edges, as drawn) shows them all, or the
 * widest there is.
 */
export function frame(map: LoadedMap, hexes: readonly HexId[]): { center: HexId; radius: number } {
  const center = middleHex(map, hexes);
  for (let radius = DEFAULT_ZOOM_RADIUS; radius < MAX_ZOOM_RADIUS; radius++)
    if (zoomHolds(map, center, radius, hexes)) return { center, radius };
  return { center, radius: MAX_ZOOM_RADIUS };
}

/** The map hex nearest the middle of the given hexes. */
function middleHex(map: LoadedMap, hexes: readonly HexId[]): HexId {
  const cols = hexes.map(columnOf);
  const rows = hexes.map(rowOf);
  const mid = (xs: number[]) => Math.round((Math.min(...xs) + Math.max(...xs)) / 2);
  const target = formatHexId({ col: mid(cols), row: mid(rows) });
  if (map.has(target)) return target;
  let best = hexes[0] ?? map.ids[0]!;
  let bestDistance = Infinity;
  for (const id of map.ids) {
    const d = map.grid.distance(target, id);
    if (d < bestDistance) {
      best = id;
      bestDistance = d;
    }
  }
  return best;
}
