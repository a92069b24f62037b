import { type Direction, type GridSpec, type HexId, isLowColumn, parseHexId } from '../kernel/hex.js';

const SQRT3 = Math.sqrt(3);

export interface Point {
  x: number;
  y: number;
}

/** Corner angles (degrees, y down) bounding each flat-topped hexside. */
const SIDE_CORNERS: Record<Direction, [number, number]> = {
  N: [240, 300],
  NE: [300, 0],
  SE: [0, 60],
  S: [60, 120],
  SW: [120, 180],
  NW: [180, 240],
};

/**
 * Pixel geometry of a flat-topped printed grid at one hex size. `size` is the centre to
 * corner radius; the map's first column and row sit one margin in from the origin.
 */
export class HexLayout {
  readonly width: number;
  readonly height: number;
  /** Centres by hex id: a picture asks for each several times (visibility, paths, labels). */
  private readonly centres = new Map<HexId, Readonly<Point>>();

  constructor(
    readonly spec: GridSpec,
    readonly size: number,
    readonly columns: readonly [number, number],
    readonly rows: readonly [number, number],
  ) {
    const cols = columns[1] - columns[0] + 1;
    const rowCount = rows[1] - rows[0] + 1;
    this.width = Math.ceil(size * (1.5 * (cols - 1) + 2));
    this.height = Math.ceil(size * SQRT3 * (rowCount + 0.5));
  }

  centerOf(col: number, row: number): Point {
    const low = isLowColumn(col, this.spec) ? 0.5 : 0;
    return {
      x: this.size * (1 + 1.5 * (col - this.columns[0])),
      y: this.size * SQRT3 * (0.5 + row - this.rows[0] + low),
    };
  }

  center(id: HexId): Readonly<Point> {
    let c = this.centres.get(id);
    if (!c) {
      const o = parseHexId(id);
      if (!o) throw new RangeError(`not a hex id: ${id}`);
      c = this.centerOf(o.col, o.row);
      this.centres.set(id, c);
    }
    return c;
  }

  corner(c: Readonly<Point>, angleDeg: number, scale = 1): Point {
    const a = (angleDeg * Math.PI) / 180;
    return { x: c.x + this.size * scale * Math.cos(a), y: c.y + this.size * scale * Math.sin(a) };
  }

  corners(id: HexId, scale = 1): Point[] {
    const c = this.center(id);
    return [0, 60, 120, 180, 240, 300].map((a) => this.corner(c, a, scale));
  }

  /** The two end points of the side of `id` facing `dir`. */
  side(id: HexId, dir: Direction): [Point, Point] {
    const c = this.center(id);
    const [a, b] = SIDE_CORNERS[dir];
    return [this.corner(c, a), this.corner(c, b)];
  }
}
