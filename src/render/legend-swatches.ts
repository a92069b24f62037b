import type { SKRSContext2D } from '@napi-rs/canvas';
import type { SideLook } from '../contracts/scene.js';
import type { Terrain } from '../maps/schema.js';
import { drawCounter } from './counters.js';
import { fillFigure } from './fonts.js';
import { theme } from './theme.js';

/**
 * The small pictures of the legend, each drawn in a cell 26 px wide and 18 px high whose top
 * left corner is (x, y): the same marks the map draws, at legend size.
 */
export type Swatch = (ctx: SKRSContext2D, x: number, y: number) => void;

/** A filled box with a thin outline, and a mark drawn over it. */
export function swatch(fill: string, mark?: Swatch): Swatch {
  return (ctx, x, y) => {
    ctx.fillStyle = fill;
    ctx.fillRect(x, y + 2, 26, 14);
    ctx.strokeStyle = '#111';
    ctx.lineWidth = 1;
    ctx.strokeRect(x, y + 2, 26, 14);
    mark?.(ctx, x, y);
  };
}

/** A short line across the cell, over an outline when it has one (a river, the front line, a move). */
export function line(colour: string, width: number, outline?: string): Swatch {
  return (ctx, x, y) => {
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
}

/** A terrain's colour with its printed mark: trees for forest, a reed for marsh, a box for fortification. */
export function terrainSwatch(t: Terrain): Swatch {
  return swatch(theme.terrain[t], (ctx, x, y) => {
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
  });
}

/** A side's hexes as the map shows them: its wash, and its hatching if it has one, over clear terrain. */
export function heldSwatch(look: SideLook): Swatch {
  return swatch(theme.terrain.clear, (ctx, x, y) => {
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
  });
}

/** A filled square `side` px wide at (dx, dy) in the cell: a town or a city. */
export function square(colour: string, dx: number, dy: number, side: number): Swatch {
  return (ctx, x, y) => {
    ctx.fillStyle = colour;
    ctx.fillRect(x + dx, y + dy, side, side);
  };
}

/** A key city held by either side: the two sides' colours side by side. */
export function cityHeldSwatch(german: SideLook, soviet: SideLook): Swatch {
  return (ctx, x, y) => {
    ctx.fillStyle = german.fill;
    ctx.fillRect(x, y + 3, 12, 12);
    ctx.fillStyle = soviet.fill;
    ctx.fillRect(x + 14, y + 3, 12, 12);
  };
}

/** A stack marker with its total strength. */
export const stackMarkerSwatch: Swatch = (ctx, x, y) => {
  ctx.beginPath();
  ctx.roundRect(x + 5, y, 17, 18, 3);
  ctx.fillStyle = '#5a5f66';
  ctx.fill();
  ctx.lineWidth = 1.2;
  ctx.strokeStyle = '#111111';
  ctx.stroke();
  fillFigure(ctx, '7', x + 13.5, y + 10, 14, '#ffffff');
};

/** A counter on its reduced side. */
export const reducedSwatch: Swatch = (ctx, x, y) =>
  drawCounter(ctx, { label: '', colour: '#888888', text: '#ffffff', symbol: 'infantry', strength: '', reduced: true }, x + 5, y, 17, true);

/** A reachable hex: the reach shading, its edge, and a cost plate. */
export const reachSwatch: Swatch = (ctx, x, y) => {
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
  fillFigure(ctx, '3', x + 13, y + 10, 9, '#1d1a14');
};

/** A region's dashed outline (a pocket). */
export const regionSwatch: Swatch = (ctx, x, y) => {
  ctx.strokeStyle = theme.region;
  ctx.lineWidth = 3;
  ctx.setLineDash([6, 4]);
  ctx.strokeRect(x + 2, y + 3, 22, 12);
  ctx.setLineDash([]);
};

/** Up to three arrows' colours, one line each, a little apart. */
export function arrowsSwatch(colours: readonly string[]): Swatch {
  return (ctx, x, y) => {
    for (const [i, c] of colours.entries()) line(c, 3, theme.pathOutline)(ctx, x, y - 4 + i * 5);
  };
}

/** The dashed ring an arrow puts on a hex it marks. */
export function markedHexSwatch(colour: string): Swatch {
  return (ctx, x, y) => {
    ctx.setLineDash([5, 3]);
    ctx.lineWidth = 3;
    ctx.strokeStyle = colour;
    ctx.strokeRect(x + 4, y + 2, 18, 14);
    ctx.setLineDash([]);
  };
}

/** An attack arrow with its number in the order of resolution. */
export const attackSwatch: Swatch = (ctx, x, y) => {
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
  fillFigure(ctx, '1', x + 12, y + 9.5, 11, '#ffffff');
};

/** The disc that marks the battle being resolved. */
export const currentBattleSwatch: Swatch = (ctx, x, y) => {
  ctx.beginPath();
  ctx.arc(x + 12, y + 9, 8, 0, Math.PI * 2);
  ctx.fillStyle = theme.selected;
  ctx.fill();
  ctx.lineWidth = 1;
  ctx.strokeStyle = theme.pathOutline;
  ctx.stroke();
};

/** An odds tag. */
export const oddsSwatch: Swatch = (ctx, x, y) => {
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(x, y + 2, 27, 15);
  ctx.strokeStyle = theme.combat;
  ctx.lineWidth = 1.5;
  ctx.strokeRect(x, y + 2, 27, 15);
  fillFigure(ctx, '3:1', x + 13.5, y + 10, 11, '#1d1a14');
};

/** A battle fought: its box and crossed mark. */
export const battleSwatch: Swatch = (ctx, x, y) => {
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
};
