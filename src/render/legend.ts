import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Scene, SideId, SideLook } from '../contracts/scene.js';
import type { LoadedMap } from '../maps/game-map.js';
import type { Terrain } from '../maps/schema.js';
import { font } from './fonts.js';
import {
  arrowsSwatch,
  attackSwatch,
  battleSwatch,
  cityHeldSwatch,
  currentBattleSwatch,
  heldSwatch,
  line,
  markedHexSwatch,
  oddsSwatch,
  reachSwatch,
  reducedSwatch,
  regionSwatch,
  type Swatch,
  square,
  stackMarkerSwatch,
  swatch,
  terrainSwatch,
} from './legend-swatches.js';
import { boundaryLegend, supplyMark } from './map-marks.js';
import { germanSetupMark, sovietSetupMark, star } from './static-layer.js';
import { textWidth } from './text-width.js';
import { sideLooks, theme } from './theme.js';

/** The height of one legend line. */
export const ROW = 21;
/** The room for the small picture left of each line's words. */
const SWATCH = 33;
const LEGEND_FONT = font(14, { condensed: true });

export interface LegendEntry {
  label: string;
  draw: Swatch;
}

type Looks = Record<SideId, SideLook>;

/** The legend's lines for this map and scene, in order: what each mark on the picture means. */
export function legendEntries(map: LoadedMap, scene: Scene, markers = false): LegendEntry[] {
  const looks = sideLooks(scene);
  return [
    ...printedEntries(map, looks),
    ...controlEntries(scene, looks),
    ...stackEntries(scene, markers),
    ...movementEntries(scene),
    ...markEntries(scene, looks),
    ...arrowEntries(scene),
    ...battleEntries(scene),
  ];
}

/** What the printed map holds, read once from its hexes. */
interface PrintedFeatures {
  terrain: Set<Terrain>;
  water: boolean;
  places: Set<string>;
  capital: string;
  setup: Set<SideId>;
}

function printedFeatures(map: LoadedMap): PrintedFeatures {
  const features: PrintedFeatures = { terrain: new Set(), water: false, places: new Set(), capital: 'Capital', setup: new Set() };
  for (const id of map.ids) {
    const h = map.hex(id)!;
    features.terrain.add(h.terrain);
    if (h.water) features.water = true;
    if (h.place) features.places.add(h.place.kind);
    if (h.place?.kind === 'capital') features.capital = h.place.name;
    if (h.setup) features.setup.add(h.setup);
  }
  return features;
}

const TERRAIN_NAMES: Record<Terrain, string> = { clear: 'Clear', forest: 'Forest', marsh: 'Marsh', fortification: 'Fortification' };

/** The printed map: terrain, water, rivers, rails, places and set-up hexes, those this map has. */
function printedEntries(map: LoadedMap, looks: Looks): LegendEntry[] {
  const { terrain, water, places, capital, setup } = printedFeatures(map);
  const entries: LegendEntry[] = [];
  for (const t of ['clear', 'forest', 'marsh', 'fortification'] as const)
    if (terrain.has(t)) entries.push({ label: TERRAIN_NAMES[t], draw: terrainSwatch(t) });
  if (water) entries.push({ label: 'Lake', draw: swatch(theme.water) });
  if (map.data.rivers.length) entries.push({ label: 'River hexside', draw: line(theme.riverMajor, 4) });
  if (map.data.rails.length) entries.push({ label: 'Railroad', draw: line(theme.rail, 2) });
  if (places.has('town')) entries.push({ label: 'Town', draw: square(theme.town, 9, 5, 8) });
  if (places.has('city')) entries.push({ label: 'City', draw: square(theme.city, 7, 3, 12) });
  if (places.has('capital'))
    entries.push({
      label: capital,
      draw: (ctx, x, y) => {
        star(ctx, x + 13, y + 9, 9, 4);
        ctx.fillStyle = theme.city;
        ctx.fill();
      },
    });
  // Set-up hexes: each side's own mark, neither of them the capital's star.
  if (setup.has('german'))
    entries.push({ label: `${looks.german.name} set-up hex`, draw: (ctx, x, y) => germanSetupMark(ctx, x + 13, y + 9, 6) });
  if (setup.has('soviet'))
    entries.push({ label: `${looks.soviet.name} set-up hex`, draw: (ctx, x, y) => sovietSetupMark(ctx, x + 13, y + 9, 6) });
  return entries;
}

/** Who holds what: each side's area and the front line, or the flags of key cities. */
function controlEntries(scene: Scene, looks: Looks): LegendEntry[] {
  if (scene.control?.style === 'area')
    return [
      ...(['german', 'soviet'] as const).map((side) => heldEntry(looks[side])),
      { label: 'Front line', draw: line(theme.front, 4, theme.frontOutline) },
    ];
  if (scene.control?.style === 'marker')
    return [{ label: `City held (${looks.german.letter} / ${looks.soviet.letter})`, draw: cityHeldSwatch(looks.german, looks.soviet) }];
  return [];
}

function heldEntry(look: SideLook): LegendEntry {
  return { label: `${look.name}-held${look.hatch ? ' (hatched)' : ''}`, draw: heldSwatch(look) };
}

/** How stacks are drawn: markers with their total strength, or counters of which some are reduced. */
function stackEntries(scene: Scene, markers: boolean): LegendEntry[] {
  if (markers && scene.stacks?.length) return [{ label: 'Stack: total strength', draw: stackMarkerSwatch }];
  if (scene.stacks?.some((s) => s.counters.some((c) => c.reduced))) return [{ label: 'Reduced side', draw: reducedSwatch }];
  return [];
}

/** A move just made, and where a force can go. */
function movementEntries(scene: Scene): LegendEntry[] {
  return [
    ...(scene.highlights?.path?.length ? [{ label: 'Move', draw: line(theme.path, 4, theme.pathOutline) }] : []),
    ...(scene.reach ? [{ label: 'Can reach (MP it costs)', draw: reachSwatch }] : []),
  ];
}

/** Lines and symbols the game asks for: printed boundaries, supply sources, outlined regions (one line a label). */
function markEntries(scene: Scene, looks: Looks): LegendEntry[] {
  return [
    ...(scene.boundaries ?? []).map((b) => ({ label: b.label, draw: boundaryLegend })),
    ...(scene.marks ?? []).map(
      (m): LegendEntry => ({ label: m.label, draw: (ctx, x, y) => supplyMark(ctx, x + 13, y + 9, 7, looks[m.side]) }),
    ),
    ...[...new Set((scene.regions ?? []).map((r) => r.label))].map((label) => ({ label, draw: regionSwatch })),
  ];
}

/** The arrows (a ballot's proposals, a batch of orders) in up to three of their colours, and the hexes they mark. */
function arrowEntries(scene: Scene): LegendEntry[] {
  if (!scene.arrows?.length) return [];
  const colours = [...new Set(scene.arrows.map((a) => theme.arrows[(a.colour ?? 0) % theme.arrows.length]!))].slice(0, 3);
  const entries: LegendEntry[] = [{ label: scene.arrowLegend?.arrow ?? 'Arrow', draw: arrowsSwatch(colours) }];
  if (scene.arrows.some((a) => a.marked?.length))
    entries.push({ label: scene.arrowLegend?.marked ?? 'Marked hex', draw: markedHexSwatch(colours[0]!) });
  return entries;
}

/** Battles announced (their order, the one being resolved, the odds) and battles fought. */
function battleEntries(scene: Scene): LegendEntry[] {
  const entries: LegendEntry[] = [];
  if (scene.battles?.length) {
    entries.push({ label: 'Attack (1 = resolved first)', draw: attackSwatch });
    if (scene.battles.some((b) => b.current)) entries.push({ label: 'Battle being resolved', draw: currentBattleSwatch });
    entries.push({ label: 'Odds column', draw: oddsSwatch });
  }
  if (scene.highlights?.combat?.length) entries.push({ label: 'Battle', draw: battleSwatch });
  return entries;
}

/** As many legend columns (up to four) as leave every label whole, in a legend `inner` px wide. */
export function legendColumns(ctx: SKRSContext2D, entries: readonly LegendEntry[], inner: number): number {
  ctx.font = LEGEND_FONT;
  const widest = Math.max(0, ...entries.map((e) => textWidth(ctx, e.label)));
  return Math.max(2, Math.min(4, Math.floor(inner / (widest + SWATCH + 10))));
}

/** The legend in columns, filled down then across. */
export function drawLegend(ctx: SKRSContext2D, entries: readonly LegendEntry[], x: number, y: number, width: number): void {
  const columns = legendColumns(ctx, entries, width);
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
