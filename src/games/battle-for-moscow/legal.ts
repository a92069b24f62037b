/**
 * Every legal action of the current decision: the one source of truth for bots, fuzzers,
 * autocomplete, buttons and vote ballots. `apply` accepts exactly these (battles may name
 * their attackers in any order).
 */
import type { Board } from './board.js';
import { committed, isCombatPhase, survivingAttackers } from './combat.js';
import { UNITS } from './data/units.js';
import { destinationCosts, isMovementPhase, moveProblem } from './movement.js';
import { isReplacementPhase, replacementChoices } from './replacements.js';
import { type BfmAction, otherSide, phaseSide } from './state.js';

export function legalActionsOn(b: Board): BfmAction[] {
  const s = b.s;
  const out: BfmAction[] = [];
  if (s.phase === 'over') return out;
  if (s.phase === 'setup') {
    const germans = UNITS.filter((u) => u.side === 'german').map((u) => u.id);
    for (let i = 0; i < germans.length; i++)
      for (let j = i + 1; j < germans.length; j++) out.push({ type: 'setup-swap', a: germans[i]!, b: germans[j]! });
    out.push({ type: 'setup-done' });
    return out;
  }
  if (isReplacementPhase(s.phase)) {
    for (const r of replacementChoices(b))
      out.push(r.hex === undefined ? { type: 'replace', unit: r.unit } : { type: 'replace', unit: r.unit, hex: r.hex });
    out.push({ type: 'end-phase' });
    return out;
  }
  if (isMovementPhase(s.phase)) {
    const movers = s.displaced !== null ? [s.displaced] : b.onMap(phaseSide(s.phase)!);
    for (const unit of movers) for (const to of destinationCosts(b, unit).keys()) out.push({ type: 'move', unit, to });
    if (s.displaced === null) out.push({ type: 'end-phase' });
    return out;
  }
  if (isCombatPhase(s.phase) && s.combat) {
    const c = s.combat;
    const current = c.current;
    if (current) {
      if (current.step === 'attacker-loss') for (const unit of survivingAttackers(b)) out.push({ type: 'take-loss', unit });
      else if (current.step === 'retreat') for (const to of current.retreatOptions) out.push({ type: 'retreat', to });
      else {
        for (const unit of survivingAttackers(b)) out.push({ type: 'advance', unit });
        out.push({ type: 'hold' });
      }
      return out;
    }
    if (c.declaring) out.push(...declarations(b));
    for (const x of c.battles) if (!x.resolved) out.push({ type: 'resolve', defender: x.defender });
    if (c.battles.length === 0) out.push({ type: 'end-phase' });
  }
  return out;
}

/** Every battle that may be announced now: each unattacked enemy unit against every non-empty set of free adjacent attackers. */
function declarations(b: Board): BfmAction[] {
  const out: BfmAction[] = [];
  const side = phaseSide(b.s.phase)!;
  const busy = committed(b);
  const attacked = new Set(b.s.combat!.battles.map((x) => x.defender));
  for (const defender of b.onMap(otherSide(side))) {
    if (attacked.has(defender)) continue;
    const around = new Set(b.map.neighbours(b.hexOf(defender)!));
    const free = b.onMap(side).filter((u) => !busy.has(u) && around.has(b.hexOf(u)!));
    for (let mask = 1; mask < 1 << free.length; mask++) {
      out.push({ type: 'declare', defender, attackers: free.filter((_, i) => mask & (1 << i)) });
    }
  }
  return out;
}

/** Whether the player has anything to do in this phase besides ending it. */
export function anyActionBesidesEnd(b: Board): boolean {
  const s = b.s;
  if (isReplacementPhase(s.phase)) return replacementChoices(b).length > 0;
  if (isMovementPhase(s.phase)) {
    return b.onMap(phaseSide(s.phase)!).some((u) => !moveProblem(b, u) && destinationCosts(b, u).size > 0);
  }
  if (isCombatPhase(s.phase)) {
    const side = phaseSide(s.phase)!;
    const enemyZoc = b.zoc(otherSide(side));
    // Attackers must be adjacent to an enemy unit: that is, in its zone of control.
    return b.onMap(side).some((u) => enemyZoc.has(b.hexOf(u)!));
  }
  return s.phase === 'setup';
}
