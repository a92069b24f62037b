/**
 * A heuristic bot for either side, in readable rules of thumb. German: every stack drives for
 * the objective the operational plan gives it (plan.ts: shares of the mechanized for Moscow
 * and each city still lacking, garrisons for the cities taken), panzer stacks make mobile
 * assaults they are likely to win that open the way there and drive on with the MP left,
 * and prepared assaults go in where a retreat or elimination is likely, the battles first
 * (fight/move, 5.2) on GT1 and when a city it needs can be taken from where it stands. Soviet: hold the
 * line, bring reserves and reinforcements towards the threatened place with the fewest
 * defenders (Moscow first), convert Guards near Moscow, and attack only at good odds (or as
 * Stalin demands). On GT9 both attack the cities that decide the game at any odds. Each
 * candidate is checked by the engine; the first legal one is played.
 */
import type { HexId } from '../../kernel/hex.js';
import type { Applied } from '../engine.js';
import { battleChoices } from './battle-choices.js';
import { attacks, attackValue, OBJECTIVE_BONUS } from './bot-attacks.js';
import { germanMoves, objectives, sovietMoves } from './bot-moves.js';
import { DEFAULT_STYLE, type DomStyle } from './bot-style.js';
import { Ctx } from './context.js';
import type { DomEngine } from './engine.js';
import { Position } from './position.js';
import { oddsPreview } from './preview.js';
import { entryHexes } from './reinforcements.js';
import type { DomAction, DomState, Side } from './state.js';
import { conversionCandidates } from './turns.js';

export function botAction(engine: DomEngine, s: DomState, side: Side = s.side, style: DomStyle = DEFAULT_STYLE): DomAction | undefined {
  return botStep(engine, s, side, style)?.action;
}

/**
 * The bot's action and, when it was tried on the engine, what applying it gave: a caller that
 * plays it (the arena, the search's play-outs) need not apply it a second time.
 */
export function botStep(
  engine: DomEngine,
  s: DomState,
  side: Side = s.side,
  style: DomStyle = DEFAULT_STYLE,
): { action: DomAction; applied?: Applied<DomState> } | undefined {
  if (s.result) return undefined;
  for (const a of candidates(engine, s, side, style)) {
    try {
      return { action: a, applied: engine.apply(s, a) };
    } catch {
      // not legal now: try the next
    }
  }
  return { action: { type: 'end' } };
}

function* candidates(engine: DomEngine, s: DomState, side: Side, style: DomStyle): Generator<DomAction> {
  const board = engine.board;
  const bc = battleChoices(s);
  if (bc) {
    if (bc.side !== side) return;
    if (s.battle?.stage === 'air') yield { type: 'choose', option: bc.options.length > 1 ? '1' : 'none' };
    if (s.battle?.stage === 'bloodbath') yield { type: 'choose', option: 'bloodbath' };
    if (s.battle?.stage === 'losses') yield { type: 'choose', option: 'lose' };
    if (s.battle?.stage === 'retreat') yield { type: 'choose', option: 'retreat' };
    if (s.battle?.stage === 'german-dr') yield { type: 'choose', option: board.isTownOrCity(s.battle.target) ? 'lose1' : 'retreat' };
    yield { type: 'choose', option: 'all' };
    for (const o of bc.options) yield { type: 'choose', option: o.option };
    return;
  }
  if (s.side !== side) return;
  const p = new Position(board, engine.charts, s);
  switch (s.phase) {
    case 'order': {
      const order =
        style.order !== 'auto' ? style.order : side === 'german' && fightsFirst(engine, s, p, style) ? 'fight-move' : 'move-fight';
      // The offensive at the start of GT5: mud makes GT5 a poor turn anyway, GT6 gets the bonus.
      if (side === 'german' && s.turn === 5) yield { type: 'order', order, offensive: true };
      yield { type: 'order', order };
      return;
    }
    case 'replacement': {
      const mine = Object.values(s.units).filter((u) => u.side === 'german');
      for (const u of mine.filter((x) => x.steps === 1 && x.maxSteps === 2)) yield { type: 'replace', unit: u.id };
      const front = frontDistance(p);
      const far = [...mine].sort((a, b) => front(b.hex) - front(a.hex) || a.steps - b.steps);
      for (const u of far.filter((x) => x.type === 'cavalry')) yield { type: 'withdraw', unit: u.id };
      for (const u of far.filter((x) => x.type === 'infantry' || x.mech)) yield { type: 'withdraw', unit: u.id };
      return;
    }
    case 'reinforcement': {
      const c = new Ctx(board, engine.charts, s);
      const front = frontDistance(p);
      const hexes = entryHexes(c).sort((a, b) => front(a) - front(b) || (a < b ? -1 : 1));
      for (const t of Object.keys(s.arriving)) for (const h of hexes) yield { type: 'enter', unitType: t, hex: h };
      return;
    }
    case 'conversion': {
      const c = new Ctx(board, engine.charts, s);
      const moscow = board.moscow[0]!;
      for (const u of conversionCandidates(c).sort((a, b) => board.distance(a.hex, moscow) - board.distance(b.hex, moscow)))
        yield { type: 'convert', unit: u.id };
      return;
    }
    case 'movement':
      yield* side === 'german' ? germanMoves(engine, s, p, style) : sovietMoves(engine, s, p, style);
      return;
    case 'combat':
      yield* attacks(engine, s, p, side, style);
      return;
  }
}

/**
 * The German heuristic's phase order (5.2): fight first on GT1, when the whole army stands on
 * the front line it set up on (3.6) and the panzers exploit the holes the battles open; on
 * the other turns, when a Moscow hex or a city still lacking (4.1, 4.3) can be attacked from
 * where the units stand at the odds the style attacks at, counting fight/move's 1R. Otherwise
 * move first, so the stacks close up before the battles. The Soviets get no such bonus and
 * always move first.
 */
function fightsFirst(engine: DomEngine, s: DomState, p: Position, style: DomStyle): boolean {
  if (s.turn === 1) return true;
  const board = engine.board;
  const fighting: DomState = { ...s, order: 'fight-move' };
  for (const t of objectives(p, 'german')) {
    if (p.unitsAt(t, 'soviet').length === 0) continue;
    const ids = board
      .neighbours(t)
      .flatMap((h) => p.unitsAt(h, 'german'))
      .filter((u) => !board.isReservoir(u.hex, t))
      .map((u) => u.id);
    if (ids.length === 0) continue;
    try {
      const o = oddsPreview(board, fighting, t, ids, 'PA', 0, engine.charts);
      const win = attackValue(o.chances);
      if (win + OBJECTIVE_BONUS >= style.attack.german) return true;
    } catch {
      // no attack possible there
    }
  }
  return false;
}

/** Distance to the nearest German unit (the front), remembered per hex for the sorts that ask it. */
function frontDistance(p: Position): (hex: HexId) => number {
  const germans = [...p.byHex].filter(([, units]) => units.some((u) => u.side === 'german')).map(([h]) => h);
  const known = new Map<HexId, number>();
  return (hex) => {
    let best = known.get(hex);
    if (best === undefined) {
      best = 99;
      for (const h of germans) best = Math.min(best, p.board.distance(hex, h));
      known.set(hex, best);
    }
    return best;
  };
}
