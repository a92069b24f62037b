import type { SKRSContext2D } from '@napi-rs/canvas';
import type { CounterView, PanelView, Scene, SideId, SideLook } from '../contracts/scene.js';
import type { LoadedMap } from '../maps/game-map.js';
import type { Terrain } from '../maps/schema.js';
import { drawCounter } from './counters.js';
import { font } from './fonts.js';
import { boundaryLegend, supplyMark } from './map-marks.js';
import { germanSetupMark, sovietSetupMark, star } from './static-layer.js';
import { textWidth } from './text-width.js';
import { sideLooks, theme } from './theme.js';

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
const ROW = 21;
const SWATCH = 33;
const LEGEND_FONT = font(14, { condensed: true });

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

/** As many legend columns (up to four) as leave every label whole. */
function legendColumns(ctx: SKRSContext2D, entries: readonly LegendEntry[]): number {
  ctx.font = LEGEND_FONT;
  const widest = Math.max(0, ...entries.map((e) => textWidth(ctx, e.label)));
  const inner = LOGICAL_WIDTH - 2 * PAD;
  return Math.max(2, Math.min(4, Math.floor(inner / (widest + SWATCH + 10))));
}

function legendRows(ctx: SKRSContext2D, map: LoadedMap, scene: Scene, markers: boolean): number {
  const entries = legendEntries(map, scene, markers);
  return Math.ceil(entries.length / legendColumns(ctx, entries));
}

/** The panel's height under a map `width` px wide (text and legend never cut). */
export function panelHeight(ctx: SKRSContext2D, map: LoadedMap, scene: Scene, width: number, markers = false): number {
  const t = stripText(ctx, map, scene);
  const logical = PAD + t.title.length * TITLE_LINE + t.lines.length * TEXT_LINE + 8 + legendRows(ctx, map, scene, markers) * ROW + PAD;
  return Math.ceil(logical * panelScale(width));
}

/** Draw the panel from `y` down, `width` px wide. */
/** `markers`: the map shows stacks as markers (the legend says what their figures are). */
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
  drawLegend(ctx, map, scene, PAD, row + 8, LOGICAL_WIDTH - 2 * PAD, markers);
  ctx.restore();
}

export interface LegendEntry {
  label: string;
  draw: (ctx: SKRSContext2D, x: number, y: number) => void;
}

/** The legend's lines for this map and scene, in order: what each mark on the picture means. */
export function legendEntries(map: LoadedMap, scene: Scene, markers = false): LegendEntry[] {
  const present = new Set<Terrain>();
  let water = false;
  const kinds = new Set<string>();
  let capital = 'Capital';
  const setup = new Set<SideId>();
  for (const id of map.ids) {
    const h = map.hex(id)!;
    present.add(h.terrain);
    if (h.water) water = true;
    if (h.place) kinds.add(h.place.kind);
    if (h.place?.kind === 'capital') capital = h.place.name;
    if (h.setup) setup.add(h.setup);
  }
  const swatch =
    (fill: string, mark?: (ctx: SKRSContext2D, x: number, y: number) => void) => (ctx: SKRSContext2D, x: number, y: number) => {
      ctx.fillStyle = fill;
      ctx.fillRect(x, y + 2, 26, 14);
      ctx.strokeStyle = '#111';
      ctx.lineWidth = 1;
      ctx.strokeRect(x, y + 2, 26, 14);
      mark?.(ctx, x, y);
    };
  const line = (colour: string, width: number, outline?: string) => (ctx: SKRSContext2D, x: number, y: number) => {
    if (outline) {
      ctx.strokeStyle = outline;
      ctx.lineWidth = width + 3;
      ctx.beginPath();
      ctx.moveTo(x, y + 9);
      ctx.lineTo(x + 26, y + 9);
      ctx.stroke();
    }
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.beginPath();
    ctx.moveTo(x, y + 9);
    ctx.lineTo(x + 26, y + 9);
    ctx.stroke();
  };
  // A side's hexes as the map shows them: its wash, and its hatching if it has one, over clear terrain.
  const heldEntry = (look: SideLook): LegendEntry => ({
    label: `${look.name}-held${look.hatch ? ' (hatched)' : ''}`,
    draw: swatch(theme.terrain.clear, (ctx, x, y) => {
      ctx.fillStyle = look.wash;
      ctx.fillRect(x, y + 2, 26, 14);
      if (!look.hatch) return;
      ctx.strokeStyle = look.hatch;
      ctx.lineWidth = 1.2;
      ctx.beginPath();
      for (let i = -14; i < 26; i += 6) {
        ctx.moveTo(x + Math.max(0, i), y + 16 - Math.max(0, -i));
        ctx.lineTo(x + Math.min(26, i + 14), y + 2 + Math.max(0, i + 14 - 26));
      }
      ctx.stroke();
    }),
  });
  const entries: LegendEntry[] = [];
  const terrainNames: Record<Terrain, string> = { clear: 'Clear', forest: 'Forest', marsh: 'Marsh', fortification: 'Fortification' };
  for (const t of ['clear', 'forest', 'marsh', 'fortification'] as const) {
    if (!present.has(t)) continue;
    entries.push({
      label: terrainNames[t],
      draw: swatch(theme.terrain[t], (ctx, x, y) => {
        if (t === 'forest') {
          ctx.fillStyle = theme.forestMark;
          for (const dx of [6, 13, 20]) {
            ctx.beginPath();
            ctx.moveTo(x + dx, y + 5);
            ctx.lineTo(x + dx + 3, y + 12);
            ctx.lineTo(x + dx - 3, y + 12);
            ctx.fill();
          }
        } else if (t === 'marsh') {
          ctx.strokeStyle = theme.marshMark;
          ctx.beginPath();
          ctx.moveTo(x + 5, y + 12);
          ctx.lineTo(x + 21, y + 12);
          ctx.moveTo(x + 13, y + 12);
          ctx.lineTo(x + 13, y + 6);
          ctx.stroke();
        } else if (t === 'fortification') {
          ctx.strokeStyle = theme.fortMark;
          ctx.lineWidth = 2;
          ctx.strokeRect(x + 4, y + 5, 18, 8);
        }
      }),
    });
  }
  if (water) entries.push({ label: 'Lake', draw: swatch(theme.water) });
  if (map.data.rivers.length) entries.push({ label: 'River hexside', draw: line(theme.riverMajor, 4) });
  if (map.data.rails.length) entries.push({ label: 'Railroad', draw: line(theme.rail, 2) });
  if (kinds.has('town'))
    entries.push({
      label: 'Town',
      draw: (ctx, x, y) => {
        ctx.fillStyle = theme.town;
        ctx.fillRect(x + 9, y + 5, 8, 8);
      },
    });
  if (kinds.has('city'))
    entries.push({
      label: 'City',
      draw: (ctx, x, y) => {
        ctx.fillStyle = theme.city;
        ctx.fillRect(x + 7, y + 3, 12, 12);
      },
    });
  if (kinds.has('capital')) {
    entries.push({
      label: capital,
      draw: (ctx, x, y) => {
        star(ctx, x + 13, y + 9, 9, 4);
        ctx.fillStyle = theme.city;
        ctx.fill();
      },
    });
  }
  const looks = sideLooks(scene);
  // Set-up hexes: each side's own mark, neither of them the capital's star.
  if (setup.has('german'))
    entries.push({ label: `${looks.german.name} set-up hex`, draw: (ctx, x, y) => germanSetupMark(ctx, x + 13, y + 9, 6) });
  if (setup.has('soviet'))
    entries.push({ label: `${looks.soviet.name} set-up hex`, draw: (ctx, x, y) => sovietSetupMark(ctx, x + 13, y + 9, 6) });
  if (scene.control?.style === 'area') {
    for (const side of ['german', 'soviet'] as const) entries.push(heldEntry(looks[side]));
    entries.push({ label: 'Front line', draw: line(theme.front, 4, theme.frontOutline) });
  } else if (scene.control?.style === 'marker') {
    entries.push({
      label: `City held (${looks.german.letter} / ${looks.soviet.letter})`,
      draw: (ctx, x, y) => {
        ctx.fillStyle = looks.german.fill;
        ctx.fillRect(x, y + 3, 12, 12);
        ctx.fillStyle = looks.soviet.fill;
        ctx.fillRect(x + 14, y + 3, 12, 12);
      },
    });
  }
  if (markers && scene.stacks?.length) {
    entries.push({
      label: 'Stack: total strength',
      draw: (ctx, x, y) => {
        ctx.beginPath();
        ctx.roundRect(x + 5, y, 17, 18, 3);
        ctx.fillStyle = '#5a5f66';
        ctx.fill();
        ctx.lineWidth = 1.2;
        ctx.strokeStyle = '#111111';
        ctx.stroke();
        ctx.fillStyle = '#ffffff';
        ctx.font = font(14, { bold: true, condensed: true });
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText('7', x + 13.5, y + 10);
      },
    });
  } else if (scene.stacks?.some((s) => s.counters.some((c) => c.reduced))) {
    entries.push({
      label: 'Reduced side',
      draw: (ctx, x, y) =>
        drawCounter(
          ctx,
          { label: '', colour: '#888888', text: '#ffffff', symbol: 'infantry', strength: '', reduced: true },
          x + 5,
          y,
          17,
          true,
        ),
    });
  }
  if (scene.highlights?.path?.length) entries.push({ label: 'Move', draw: line(theme.path, 4, theme.pathOutline) });
  if (scene.reach)
    entries.push({
      label: 'Can reach (MP it costs)',
      draw: (ctx, x, y) => {
        ctx.fillStyle = theme.terrain.clear;
        ctx.fillRect(x, y + 2, 26, 14);
        ctx.fillStyle = theme.reach;
        ctx.fillRect(x, y + 2, 26, 14);
        ctx.strokeStyle = theme.pathOutline;
        ctx.lineWidth = 3;
        ctx.strokeRect(x, y + 2, 26, 14);
        ctx.strokeStyle = theme.reachEdge;
        ctx.lineWidth = 1.2;
        ctx.strokeRect(x, y + 2, 26, 14);
        ctx.fillStyle = theme.reachPlate;
        ctx.fillRect(x + 8, y + 5, 10, 9);
        ctx.fillStyle = '#1d1a14';
        ctx.font = font(9, { bold: true, condensed: true });
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText('3', x + 13, y + 10);
      },
    });
  for (const b of scene.boundaries ?? []) entries.push({ label: b.label, draw: boundaryLegend });
  for (const m of scene.marks ?? [])
    entries.push({ label: m.label, draw: (ctx, x, y) => supplyMark(ctx, x + 13, y + 9, 7, looks[m.side]) });
  for (const label of new Set((scene.regions ?? []).map((r) => r.label)))
    entries.push({
      label,
      draw: (ctx, x, y) => {
        ctx.strokeStyle = theme.region;
        ctx.lineWidth = 3;
        ctx.setLineDash([6, 4]);
        ctx.strokeRect(x + 2, y + 3, 22, 12);
        ctx.setLineDash([]);
      },
    });
  if (scene.arrows?.length) {
    const colours = [...new Set(scene.arrows.map((a) => theme.arrows[(a.colour ?? 0) % theme.arrows.length]!))].slice(0, 3);
    entries.push({
      label: scene.arrowLegend?.arrow ?? 'Arrow',
      draw: (ctx, x, y) => {
        for (const [i, c] of colours.entries()) line(c, 3, theme.pathOutline)(ctx, x, y - 4 + i * 5);
      },
    });
    if (scene.arrows.some((a) => a.marked?.length)) {
      entries.push({
        label: scene.arrowLegend?.marked ?? 'Marked hex',
        draw: (ctx, x, y) => {
          ctx.setLineDash([5, 3]);
          ctx.lineWidth = 3;
          ctx.strokeStyle = colours[0]!;
          ctx.strokeRect(x + 4, y + 2, 18, 14);
          ctx.setLineDash([]);
        },
      });
    }
  }
  if (scene.battles?.length) {
    entries.push({
      label: 'Attack (1 = resolved first)',
      draw: (ctx, x, y) => {
        ctx.lineWidth = 4;
        ctx.strokeStyle = theme.pathOutline;
        ctx.beginPath();
        ctx.moveTo(x + 1, y + 9);
        ctx.lineTo(x + 12, y + 9);
        ctx.stroke();
        ctx.beginPath();
        ctx.moveTo(x + 27, y + 9);
        ctx.lineTo(x + 18, y + 3);
        ctx.lineTo(x + 18, y + 15);
        ctx.closePath();
        ctx.fillStyle = theme.combat;
        ctx.fill();
        ctx.lineWidth = 1;
        ctx.stroke();
        ctx.beginPath();
        ctx.arc(x + 12, y + 9, 8, 0, Math.PI * 2);
        ctx.fill();
        ctx.stroke();
        ctx.fillStyle = '#ffffff';
        ctx.font = font(11, { bold: true, condensed: true });
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText('1', x + 12, y + 9.5);
      },
    });
    if (scene.battles.some((b) => b.current))
      entries.push({
        label: 'Battle being resolved',
        draw: (ctx, x, y) => {
          ctx.beginPath();
          ctx.arc(x + 12, y + 9, 8, 0, Math.PI * 2);
          ctx.fillStyle = theme.selected;
          ctx.fill();
          ctx.lineWidth = 1;
          ctx.strokeStyle = theme.pathOutline;
          ctx.stroke();
        },
      });
    entries.push({
      label: 'Odds column',
      draw: (ctx, x, y) => {
        ctx.fillStyle = '#ffffff';
        ctx.fillRect(x, y + 2, 27, 15);
        ctx.strokeStyle = theme.combat;
        ctx.lineWidth = 1.5;
        ctx.strokeRect(x, y + 2, 27, 15);
        ctx.fillStyle = '#1d1a14';
        ctx.font = font(11, { bold: true, condensed: true });
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText('3:1', x + 13.5, y + 10);
      },
    });
  }
  if (scene.highlights?.combat?.length) {
    entries.push({
      label: 'Battle',
      draw: (ctx, x, y) => {
        ctx.strokeStyle = theme.combat;
        ctx.lineWidth = 3;
        ctx.strokeRect(x + 4, y + 2, 18, 14);
        // The crossed mark of a battle fought (not the capital's star).
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.moveTo(x + 9, y + 5);
        ctx.lineTo(x + 17, y + 13);
        ctx.moveTo(x + 17, y + 5);
        ctx.lineTo(x + 9, y + 13);
        ctx.stroke();
      },
    });
  }
  return entries;
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

/** The legend in columns, filled down then across. */
function drawLegend(ctx: SKRSContext2D, map: LoadedMap, scene: Scene, x: number, y: number, width: number, markers: boolean): void {
  const entries = legendEntries(map, scene, markers);
  const columns = legendColumns(ctx, entries);
  const rows = Math.ceil(entries.length / columns);
  const column = width / columns;
  for (const [i, e] of entries.entries()) {
    const cx = x + Math.floor(i / rows) * column;
    const cy = y + (i % rows) * ROW;
    ctx.save();
    e.draw(ctx, cx, cy);
    ctx.restore();
    ctx.fillStyle = theme.panel.text;
    ctx.font = LEGEND_FONT;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    ctx.fillText(clipToWidth(ctx, e.label, column - SWATCH - 4), cx + SWATCH, cy + 1);
  }
}

function clipToWidth(ctx: SKRSContext2D, text: string, width: number): string {
  if (textWidth(ctx, text) <= width) return text;
  let t = text;
  while (t.length > 1 && textWidth(ctx, `${t}…`) > width) t = t.slice(0, -1);
  return `${t}…`;
}
