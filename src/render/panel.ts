import type { SKRSContext2D } from '@napi-rs/canvas';
import type { CounterView, PanelView, Scene } from '../contracts/scene.js';
import type { LoadedMap } from '../maps/game-map.js';
import { font } from './fonts.js';
import { drawLegend, legendColumns, legendEntries, ROW } from './legend.js';
import { textWidth } from './text-width.js';
import { theme } from './theme.js';

/**
 * The panel under the map: game state in a line or two, the figures, then the legend in
 * columns, so the image explains itself. It spans the map's width (a panel beside the map
 * took a quarter of the width Discord shows a picture at) and is drawn at a scale that
 * keeps its text the same size however wide the map is: about 11 px in a 550 px preview.
 */

/** The panel is laid out at this width, then scaled to the map's. */
const LOGICAL_WIDTH = 720;
const PAD = 12;
const TITLE_LINE = 24;
const TEXT_LINE = 19;

interface StripText {
  title: string[];
  lines: string[];
}

function panelScale(width: number): number {
  return width / LOGICAL_WIDTH;
}

function stripText(ctx: SKRSContext2D, map: LoadedMap, scene: Scene): StripText {
  const panel: PanelView = scene.panel ?? { title: map.data.title, lines: [] };
  const inner = LOGICAL_WIDTH - 2 * PAD;
  ctx.font = font(19, { bold: true });
  const title = wrap(ctx, panel.title, inner);
  ctx.font = font(15);
  const score = (panel.score ?? []).map(([k, v]) => `${k} ${v}`).join('  ·  ');
  const lines = [panel.lines.join('  ·  '), score, ...rosterLines(scene)].filter(Boolean).flatMap((l) => wrap(ctx, l, inner));
  return { title, lines };
}

/** At most this many stacks are listed unit by unit. */
const ROSTER_STACKS = 4;

/**
 * Every unit of the stacks the picture is about (where the move arrow ends, battles, the hex
 * asked about): a stack shows only its top counter, so the panel names them all, with their
 * strength and whether they are reduced.
 */
export function rosterLines(scene: Scene): string[] {
  const h = scene.highlights;
  const hexes = [...new Set([...(h?.path?.length ? [h.path.at(-1)!] : []), ...(h?.combat ?? []), ...(h?.selected ?? [])])];
  const lines: string[] = [];
  for (const hex of hexes) {
    const stack = scene.stacks?.find((st) => st.hex === hex);
    if (!stack) continue;
    const own = unitsText(stack.counters);
    const other = stack.opposing?.length ? ` vs ${unitsText(stack.opposing)}` : '';
    if (own || other) lines.push(`${hex}: ${own}${other}`);
    if (lines.length === ROSTER_STACKS) break;
  }
  return lines;
}

/** "7 Pz 6-4, 6 Pz 5-4 (reduced)"; counters face down to the viewer (fog of war) as "+2 unseen". */
export function unitsText(counters: readonly CounterView[]): string {
  const unit = (c: CounterView) => `${c.label || c.size || '?'} ${c.strength}${c.reduced ? ' (reduced)' : ''}`;
  const hidden = counters.filter((c) => c.hidden).length;
  const shown = counters.filter((c) => !c.hidden).map(unit);
  return [...shown, ...(hidden ? [`+${hidden} unseen`] : [])].join(', ');
}

function legendRows(ctx: SKRSContext2D, map: LoadedMap, scene: Scene, markers: boolean): number {
  const entries = legendEntries(map, scene, markers);
  return Math.ceil(entries.length / legendColumns(ctx, entries, LOGICAL_WIDTH - 2 * PAD));
}

/** The panel's height under a map `width` px wide (text and legend never cut). */
export function panelHeight(ctx: SKRSContext2D, map: LoadedMap, scene: Scene, width: number, markers = false): number {
  const t = stripText(ctx, map, scene);
  const logical = PAD + t.title.length * TITLE_LINE + t.lines.length * TEXT_LINE + 8 + legendRows(ctx, map, scene, markers) * ROW + PAD;
  return Math.ceil(logical * panelScale(width));
}

/**
 * Draw the panel from `y` down, `width` px wide. `markers`: the map shows stacks as markers
 * (the legend says what their figures are).
 */
export function drawPanel(
  ctx: SKRSContext2D,
  map: LoadedMap,
  scene: Scene,
  y: number,
  width: number,
  height: number,
  markers = false,
): void {
  ctx.fillStyle = theme.panel.fill;
  ctx.fillRect(0, y, width, height);
  const k = panelScale(width);
  ctx.save();
  ctx.translate(0, y);
  ctx.scale(k, k);
  const text = stripText(ctx, map, scene);
  let row = PAD;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  ctx.fillStyle = theme.panel.accent;
  ctx.font = font(19, { bold: true });
  for (const line of text.title) {
    ctx.fillText(line, PAD, row);
    row += TITLE_LINE;
  }
  ctx.fillStyle = theme.panel.text;
  ctx.font = font(15);
  for (const line of text.lines) {
    ctx.fillText(line, PAD, row);
    row += TEXT_LINE;
  }
  drawLegend(ctx, legendEntries(map, scene, markers), PAD, row + 8, LOGICAL_WIDTH - 2 * PAD);
  ctx.restore();
}

function wrap(ctx: SKRSContext2D, text: string, width: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    const next = line ? `${line} ${w}` : w;
    if (line && textWidth(ctx, next) > width) {
      lines.push(line);
      line = w;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
