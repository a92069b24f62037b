/**
 * The map as flat arrays for path searches (the engine's reach of a force, the policies' cost
 * fields): each hex a number, its neighbours and the MP of each step in typed arrays. These
 * searches run thousands of times a game; strings, maps and per-step lookups made them most
 * of a game's time.
 * Fixed by the map and the charts, so built once per rules index.
 */
import { columnOf, type HexId } from '../../kernel/hex.js';
import type { RulesIndex } from './rules-index.js';
import type { TyphoonState } from './state.js';
import { stepCost } from './step-cost.js';

export class HexGraph {
  readonly ids: readonly HexId[];
  readonly size: number;
  /** Six slots per hex; -1 where a neighbour is off the map. */
  readonly neighbours: Int32Array;
  /** MP to step into hex `h` from its k-th neighbour, slot `h * 6 + k`, by mobility. */
  readonly enterCost: { mechanized: Int32Array; 'non-mechanized': Int32Array };
  /** MP to step from hex `h` into its k-th neighbour, slot `h * 6 + k`, by mobility (9.4). */
  readonly leaveCost: { mechanized: Int32Array; 'non-mechanized': Int32Array };
  readonly initiallySoviet: Uint8Array;
  /** 1 for the hexes of the Soviet supply edge (11.1). */
  readonly supplyEdge: Uint8Array;
  readonly column: Int32Array;
  /** The six neighbours in clockwise order, slot `h * 6 + k`; -1 off the map. */
  readonly ring: Int32Array;
  /** Hexes in the sector of each formation's stretch of front (7.3). */
  readonly sector: readonly (string | undefined)[];
  /** The hex number by the id's four digits read as a number ("1019" → 1019); -1 off the map. */
  readonly byDigits = new Int32Array(10_000).fill(-1);
  /** Each hex's id as a number: ordering these orders the ids as strings (all four digits). */
  readonly digits: Int32Array;

  constructor(index: RulesIndex) {
    this.ids = index.map.ids;
    this.size = this.ids.length;
    this.digits = new Int32Array(this.size);
    for (const [i, id] of this.ids.entries()) {
      const digits = fourDigits(id);
      if (digits < 0) throw new Error(`hex ids are four digits; the map has "${id}"`);
      this.byDigits[digits] = i;
      this.digits[i] = digits;
    }
    this.neighbours = new Int32Array(this.size * 6).fill(-1);
    const mech = new Int32Array(this.size * 6);
    const foot = new Int32Array(this.size * 6);
    const mechOut = new Int32Array(this.size * 6);
    const footOut = new Int32Array(this.size * 6);
    this.initiallySoviet = new Uint8Array(this.size);
    this.supplyEdge = new Uint8Array(this.size);
    this.column = new Int32Array(this.size);
    this.ring = new Int32Array(this.size * 6).fill(-1);
    const sector: (string | undefined)[] = [];
    for (let h = 0; h < this.size; h++) {
      const id = this.ids[h]!;
      if (index.initiallySoviet.has(id)) this.initiallySoviet[h] = 1;
      this.column[h] = columnOf(id);
      sector.push(index.map.hex(id)!.sector);
      index.map.neighbours(id).forEach((n, k) => {
        this.neighbours[h * 6 + k] = this.number(n)!;
        mech[h * 6 + k] = stepCost(index, 'mechanized', n, id);
        foot[h * 6 + k] = stepCost(index, 'non-mechanized', n, id);
        mechOut[h * 6 + k] = stepCost(index, 'mechanized', id, n);
        footOut[h * 6 + k] = stepCost(index, 'non-mechanized', id, n);
      });
    }
    for (let h = 0; h < this.size; h++)
      for (const [k, n] of index.map.grid.neighbours(this.ids[h]!).entries()) this.ring[h * 6 + k] = this.number(n.id) ?? -1;
    for (const id of index.supplyEdge) this.supplyEdge[this.number(id)!] = 1;
    for (const cost of [...mech, ...foot, ...mechOut, ...footOut])
      if (!Number.isInteger(cost)) throw new Error(`cost fields count whole MP; the charts give a step of ${cost}`);
    this.enterCost = { mechanized: mech, 'non-mechanized': foot };
    this.leaveCost = { mechanized: mechOut, 'non-mechanized': footOut };
    this.sector = sector;
  }

  /** Asked millions of times a balance run: the digits index an array rather than hashing the string. */
  number(id: HexId): number | undefined {
    const digits = fourDigits(id);
    const h = digits < 0 ? -1 : this.byDigits[digits]!;
    return h < 0 ? undefined : h;
  }
}

/** "1019" → 1019; -1 for anything but four decimal digits (any other id is off every map). */
function fourDigits(id: string): number {
  if (id.length !== 4) return -1;
  let n = 0;
  for (let i = 0; i < 4; i++) {
    const d = id.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

const graphs = new WeakMap<RulesIndex, HexGraph>();

export function graphOf(index: RulesIndex): HexGraph {
  let g = graphs.get(index);
  if (!g) graphs.set(index, (g = new HexGraph(index)));
  return g;
}

/** 1 for each Soviet hex, by hex number: one per list of taken hexes (a new list on every capture, 3.5). */
const masks = new WeakMap<readonly HexId[], Uint8Array>();

/** The mask of a new list of taken hexes, made from the list before it by the capture (Play.takeHexes). */
export function rememberSovietMask(list: readonly HexId[], mask: Uint8Array): void {
  masks.set(list, mask);
}
/** A position as the mask reads it (a `Play` is one); its own type so this module needs not import the play context. */
interface Position {
  readonly index: RulesIndex;
  readonly s: Pick<TyphoonState, 'taken'>;
}

export function sovietMask(play: Position): Uint8Array {
  let mask = masks.get(play.s.taken);
  if (!mask) {
    const graph = graphOf(play.index);
    mask = graph.initiallySoviet.slice();
    for (const t of play.s.taken) {
      const h = graph.number(t);
      if (h !== undefined) mask[h] = 0;
    }
    masks.set(play.s.taken, mask);
  }
  return mask;
}
