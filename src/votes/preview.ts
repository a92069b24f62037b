import { LIMITS } from '../contracts/limits.js';
import type { ReplyFile } from '../contracts/reply.js';
import type { ArrowView, Scene } from '../contracts/scene.js';
import type { HexId } from '../kernel/hex.js';
import { loadMap } from '../maps/game-map.js';
import type { GameView } from '../session/game-sessions.js';
import { frame, MAX_ZOOM_RADIUS, sceneImage } from '../session/replies.js';
import { sceneFor } from '../session/sight.js';
import type { Ballot, Proposal } from './ballot.js';
import { isPlanAction } from './plan-action.js';

/**
 * What a proposal draws on the map before anything is carried out: one numbered arrow per
 * proposal that moves something (its MP cost at the head, when the game's description names
 * one), and a dashed ring on each enemy hex the move would enter.
 */
export function proposalArrow(view: GameView, scene: Scene, proposal: Proposal): ArrowView | undefined {
  const described = view.def.describeProposal?.(view.doc.state, proposal.action);
  // The game's description of a move carries its path as the hexes of a 'moved' event.
  const path = [...(described?.events ?? [])].reverse().find((e) => (e.hexes?.length ?? 0) >= 2)?.hexes;
  if (!path) return undefined;
  const cost = /(\d+) MP\b/.exec(described!.text)?.[0];
  const control = scene.control?.style === 'area' ? scene.control.hexes : undefined;
  const marked = control ? path.slice(1).filter((h) => control[h] === 'soviet') : [];
  return { path, label: `#${proposal.n}${cost ? ` · ${cost}` : ''}`, colour: proposal.n - 1, ...(marked.length ? { marked } : {}) };
}

/**
 * The ballot's proposals on the current position. `focus` frames the picture on that
 * proposal (the one just filed); otherwise it frames all of them, or the full map when
 * they are too far apart or none moves anything.
 */
export async function ballotImage(view: GameView, ballot: Ballot, focus?: number): Promise<ReplyFile | undefined> {
  const base = sceneFor(view);
  // A plan (a batch of orders) is drawn on its own picture when filed, not among single orders.
  const drawn = ballot.proposals
    .filter((p) => !isPlanAction(p.action))
    .map((p) => ({ n: p.n, arrow: proposalArrow(view, base, p) }))
    .filter((d): d is { n: number; arrow: ArrowView } => d.arrow !== undefined);
  const focused = drawn.find((d) => d.n === focus)?.arrow;
  return arrowsImage(
    view,
    drawn.map((d) => d.arrow),
    { arrow: 'Proposal (#N at the head)', marked: 'Soviet hex it would enter' },
    focused?.path,
    focus === undefined ? '-ballot' : `-proposal-${focus}`,
  );
}

/**
 * Numbered arrows over the current position (a ballot's proposals, a batch of orders), framed
 * on `focus` or on all of them, or the full map when they are too far apart or none moves anything.
 */
export async function arrowsImage(
  view: GameView,
  arrows: ArrowView[],
  legend: NonNullable<Scene['arrowLegend']>,
  focus: HexId[] | undefined,
  suffix: string,
): Promise<ReplyFile | undefined> {
  const base = sceneFor(view);
  const scene: Scene = { ...base, arrows, arrowLegend: legend };
  let hexes: HexId[] = focus ?? arrows.flatMap((a) => a.path);
  // No arrow to frame: centre on what the game itself would show now (the moving force, a battle).
  if (hexes.length === 0) hexes = view.def.zoomHexes?.([], view.doc.state) ?? [];
  const map = loadMap(view.def.mapFile);
  const onMap = hexes.filter((h) => map.has(h));
  // Arrows spread wider than the largest zoom window would be cut off: show the whole map.
  const centre = onMap.length > 0 ? frame(map, onMap).center : undefined;
  const fits = centre !== undefined && Math.max(...onMap.map((h) => map.grid.distance(centre, h))) < MAX_ZOOM_RADIUS;
  return sceneImage(view, scene, onMap, fits ? 'zoom' : 'full', LIMITS.uploadBytes, suffix);
}
