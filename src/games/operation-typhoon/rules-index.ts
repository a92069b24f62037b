/**
 * The fixed data a game is played with (map and charts) and the lookups built once from it.
 * Its own module so the hex graph and the step costs, which the play context uses, can read
 * it without importing the context back.
 */
import type { HexId } from '../../kernel/hex.js';
import type { LoadedMap } from '../../maps/game-map.js';
import type { GermanUnitSpec, SovietCounterSpec, TyphoonCharts } from './charts/index.js';

export interface TyphoonRules {
  map: LoadedMap;
  charts: TyphoonCharts;
}

/** Lookups built once per rules set. */
export class RulesIndex {
  readonly german = new Map<string, GermanUnitSpec>();
  readonly soviet = new Map<string, SovietCounterSpec>();
  /** Hexes Soviet at the start of play (east of the printed front line, 3.4). */
  readonly initiallySoviet = new Set<HexId>();
  /** The Soviet supply edge (11.0): the east map edge. */
  readonly supplyEdge: HexId[];
  readonly moscow: HexId[];

  constructor(readonly rules: TyphoonRules) {
    for (const u of rules.charts.german) this.german.set(u.id, u);
    for (const u of rules.charts.soviet) this.soviet.set(u.id, u);
    for (const id of rules.map.ids) if (rules.map.hex(id)!.control === 'soviet') this.initiallySoviet.add(id);
    this.supplyEdge = (rules.map.data.supplyEdges.soviet ?? ['E']).flatMap((e) => rules.map.edgeHexes(e));
    this.moscow = rules.map.ids.filter((id) => rules.map.hex(id)!.place?.kind === 'capital');
  }

  get map(): LoadedMap {
    return this.rules.map;
  }

  get charts(): TyphoonCharts {
    return this.rules.charts;
  }

  unit(id: string): GermanUnitSpec {
    const u = this.german.get(id);
    if (!u) throw new RangeError(`no German unit ${id}`);
    return u;
  }

  sovietUnit(id: string): SovietCounterSpec {
    const u = this.soviet.get(id);
    if (!u) throw new RangeError(`no Soviet unit ${id}`);
    return u;
  }
}
