/**
 * A picture of the generated Drive on Moscow map with everything the rules place on it:
 * terrain, rivers and the reservoir, the initial front line, the Forward Zone / Reserve
 * Front boundary, the sheet join, cities and towns, fortifications and the six Soviet
 * supply sources. The bot's own renderer draws the terrain, rivers, places and
 * fortifications; this one also draws the set-up lines and sources.
 *
 *   npx tsx scripts/generate-dom-map/preview.ts [out.png]
 */

import { readFileSync } from 'node:fs';
import { hexsideHexes } from '../../src/kernel/hexside.js';
import { parseMap } from '../../src/maps/game-map.js';
import { hexsideKm, useExtent } from '../generate-typhoon-map/projection.js';
import { previewCanvas, savePreview } from '../map-generator/preview.js';
import { DOM_EXTENT, type DomFeatures, FEATURES_PATH, OUTPUT_PATH } from './build.js';

useExtent(DOM_EXTENT);
const out = process.argv.find((a) => a.endsWith('.png')) ?? 'docs/pictures/drive-on-moscow-map.png';
const map = parseMap(JSON.parse(readFileSync(OUTPUT_PATH, 'utf8')));
const features = JSON.parse(readFileSync(FEATURES_PATH, 'utf8')) as DomFeatures;
const reserve = new Set(features.reserve);
const reservoirs = new Set(features.reservoirs);

const preview = previewCanvas(map, 2.2);
const { g, height, px, cr, centre } = preview;

const FILL: Record<string, string> = { clear: '#efe8cf', forest: '#8dbb78', marsh: '#9fcfc4' };
for (const id of map.ids) {
  const h = map.hex(id)!;
  const natural = h.terrain === 'fortification' ? features.fortifications[id]! : h.terrain;
  preview.hexPath(id);
  g.fillStyle = h.water ? '#5b9bd5' : FILL[natural]!;
  g.fill();
  if (h.control === 'german') {
    g.fillStyle = 'rgba(60,60,60,0.12)';
    g.fill();
  } else if (!reserve.has(id)) {
    g.fillStyle = 'rgba(220,40,40,0.10)';
    g.fill();
  }
  g.strokeStyle = 'rgba(0,0,0,0.15)';
  g.lineWidth = 0.6;
  g.stroke();
}

function line(a: string, b: string, colour: string, w: number, dash: number[] = []) {
  const [p, q] = hexsideKm(a, b).map(px);
  g.strokeStyle = colour;
  g.lineWidth = w;
  g.setLineDash(dash);
  g.beginPath();
  g.moveTo(p!.x, p!.y);
  g.lineTo(q!.x, q!.y);
  g.stroke();
  g.setLineDash([]);
}

g.lineCap = 'round';
for (const r of map.data.rivers) {
  const [a, b] = hexsideHexes(r.side);
  line(a, b, reservoirs.has(r.side) ? '#0a2a8a' : '#1f5fbf', reservoirs.has(r.side) ? 5 : r.major ? 3 : 1.6);
}
for (const id of map.ids) {
  for (const n of map.neighbours(id)) {
    if (n < id) continue;
    const a = map.hex(id)!.control;
    const b = map.hex(n)!.control;
    if (a !== b) line(id, n, '#d01010', 3.2);
    else if (a === 'soviet' && reserve.has(id) !== reserve.has(n)) line(id, n, '#7a1fa2', 2.4, [6, 4]);
    if (cr(id).row < features.southFromRow !== cr(n).row < features.southFromRow && cr(id).col === cr(n).col)
      line(id, n, 'rgba(0,0,0,0.5)', 1.2, [2, 3]);
  }
}

for (const id of Object.keys(features.fortifications)) {
  const c = centre(id);
  g.strokeStyle = '#5a3a1a';
  g.lineWidth = 2;
  g.beginPath();
  for (let i = -2; i <= 2; i++) {
    g.moveTo(c.x - 9, c.y + i * 3);
    g.lineTo(c.x + 9, c.y + i * 3 - 4);
  }
  g.stroke();
}
for (const id of features.supplySources) {
  const c = centre(id);
  g.fillStyle = '#c00000';
  g.beginPath();
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? 10 : 4;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    i ? g.lineTo(c.x + r * Math.cos(a), c.y + r * Math.sin(a)) : g.moveTo(c.x + r * Math.cos(a), c.y + r * Math.sin(a));
  }
  g.closePath();
  g.fill();
}
g.font = '11px DejaVu Sans, sans-serif';
for (const id of map.ids) {
  const h = map.hex(id)!;
  const c = centre(id);
  if (h.place) {
    g.fillStyle = h.place.kind === 'town' ? '#000' : '#b00000';
    const r = h.place.kind === 'town' ? 3 : 5;
    g.fillRect(c.x - r, c.y - r, 2 * r, 2 * r);
    g.fillText(`${h.place.name} ${id}`, c.x + 6, c.y - 5);
  } else if (cr(id).col % 5 === 0 && cr(id).row % 5 === 0) {
    g.fillStyle = 'rgba(0,0,0,0.55)';
    g.font = '9px DejaVu Sans, sans-serif';
    g.fillText(id, c.x - 11, c.y + 11);
    g.font = '11px DejaVu Sans, sans-serif';
  }
}
g.font = 'bold 13px DejaVu Sans, sans-serif';
g.fillStyle = '#000';
const legend = [
  'Drive on Moscow (reconstruction): red line = initial front line; purple dashes = Forward Zone / Reserve Front boundary;',
  'dotted = sheet join (south sheet from row 28); dark blue = Moscow Sea reservoir; hatching = fortification; red star = Soviet supply source',
];
legend.forEach((t, i) => {
  g.fillText(t, 8, height - 26 + i * 15);
});
await savePreview(preview, out);
