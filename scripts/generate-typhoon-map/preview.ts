/**
 * Throwaway preview of the generated map (not the product renderer): terrain fills, river
 * hexsides, the start line, sectors and places, with the source river lines and the front
 * polyline drawn faintly on top for comparison.
 *
 *   npx tsx scripts/generate-typhoon-map/preview.ts [out.png] [--raw]
 */

import { HexGrid } from '../../src/kernel/hex.js';
import { hexsideHexes } from '../../src/kernel/hexside.js';
import { loadMap } from '../../src/maps/game-map.js';
import { previewCanvas, savePreview } from '../map-generator/preview.js';
import { loadInputs } from './build.js';
import { hexCentreKm, hexsideKm, toGridKm } from './projection.js';

const out = process.argv.find((a) => a.endsWith('.png')) ?? '/tmp/typhoon-preview.png';
const raw = process.argv.includes('--raw');
const map = loadMap('operation-typhoon');
const inputs = loadInputs();
const grid = new HexGrid({ lowColumns: 'odd' });

const preview = previewCanvas(map, 2.4); // pixels per km
const { g, px, cr } = preview;

const FILL: Record<string, string> = { clear: '#efe8cf', forest: '#8dbb78', marsh: '#9fcfc4', fortification: '#999999' };
const sectorColour = new Map(map.data.sectors.map((s) => [s.id, s.colour]));
for (const id of map.ids) {
  const h = map.hex(id)!;
  const { col, row } = cr(id);
  preview.hexPath(id);
  g.fillStyle = h.water ? '#5b9bd5' : FILL[h.terrain]!;
  g.fill();
  if (h.control === 'soviet') {
    g.fillStyle = 'rgba(220,40,40,0.10)';
    g.fill();
  }
  g.strokeStyle = 'rgba(0,0,0,0.15)';
  g.lineWidth = 0.6;
  g.stroke();
  if (h.sector) {
    const c = px(hexCentreKm(col, row));
    g.beginPath();
    g.arc(c.x, c.y, 3.2, 0, Math.PI * 2);
    g.fillStyle = sectorColour.get(h.sector)!;
    g.fill();
  }
}

// Front line: hexsides between German and Soviet hexes.
g.strokeStyle = '#d01010';
g.lineWidth = 3;
for (const id of map.ids) {
  if (map.hex(id)!.control !== 'german') continue;
  for (const n of grid.neighbours(id)) {
    if (map.hex(n.id)?.control !== 'soviet') continue;
    const [p, q] = hexsideKm(id, n.id).map(px);
    g.beginPath();
    g.moveTo(p!.x, p!.y);
    g.lineTo(q!.x, q!.y);
    g.stroke();
  }
}

// Rivers.
g.lineCap = 'round';
for (const r of map.data.rivers) {
  const [a, b] = hexsideHexes(r.side);
  const [p, q] = hexsideKm(a, b).map(px);
  g.strokeStyle = '#1f5fbf';
  g.lineWidth = r.major ? 3.2 : 1.8;
  g.beginPath();
  g.moveTo(p!.x, p!.y);
  g.lineTo(q!.x, q!.y);
  g.stroke();
}

if (raw) {
  g.strokeStyle = 'rgba(0,0,120,0.45)';
  g.lineWidth = 0.8;
  for (const f of inputs.rivers.features) {
    for (const line of f.geometry.coordinates) {
      g.beginPath();
      line.forEach(([lon, lat], i) => {
        const p = px(toGridKm(lon, lat));
        if (i) g.lineTo(p.x, p.y);
        else g.moveTo(p.x, p.y);
      });
      g.stroke();
    }
  }
  g.strokeStyle = 'rgba(120,0,0,0.6)';
  g.beginPath();
  inputs.front.points.forEach((pt, i) => {
    const p = px(toGridKm(pt.lon, pt.lat));
    if (i) g.lineTo(p.x, p.y);
    else g.moveTo(p.x, p.y);
  });
  g.stroke();
}

// Places and a few hex ids.
g.font = '11px DejaVu Sans, sans-serif';
for (const id of map.ids) {
  const h = map.hex(id)!;
  const { col, row } = cr(id);
  const c = px(hexCentreKm(col, row));
  if (h.place) {
    g.fillStyle = '#000';
    const r = h.place.kind === 'town' ? 3 : 5;
    g.fillRect(c.x - r, c.y - r, 2 * r, 2 * r);
    g.fillStyle = h.place.kind === 'capital' ? '#b00000' : '#000';
    g.fillText(h.place.name, c.x + 6, c.y - 5);
  } else if (col % 5 === 0 && row % 5 === 0) {
    g.fillStyle = 'rgba(0,0,0,0.55)';
    g.font = '9px DejaVu Sans, sans-serif';
    g.fillText(id, c.x - 11, c.y + 11);
    g.font = '11px DejaVu Sans, sans-serif';
  }
}
for (const id of ['1733', '1315', '2613']) {
  const { col, row } = cr(id);
  const c = px(hexCentreKm(col, row));
  g.strokeStyle = '#ff00ff';
  g.lineWidth = 1.5;
  g.beginPath();
  g.arc(c.x, c.y, 8, 0, Math.PI * 2);
  g.stroke();
  g.fillStyle = '#ff00ff';
  g.fillText(id, c.x - 12, c.y + 20);
}

await savePreview(preview, out);
