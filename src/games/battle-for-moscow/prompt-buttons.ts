/**
 * The buttons a Battle for Moscow prompt offers: the engine's decisions, thinned to fit.
 */
import type { HexId } from '../../kernel/hex.js';
import type { ActionChoice, Prompt } from '../engine.js';
import { bfmEngine } from './index.js';
import type { BfmAction, BfmState } from './state.js';

/**
 * Buttons for the prompt: every decision the engine lists, except that an unit coming back
 * as a replacement is offered in one hex (the one nearest Moscow); /replace names any other.
 */
export function bfmPrompt(s: BfmState): Prompt<BfmAction> {
  const p = bfmEngine().prompt(s);
  return { ...p, choices: usefulChoices(p.choices) };
}

const MAX_BUTTONS = 25;

function usefulChoices(choices: ActionChoice<BfmAction>[]): ActionChoice<BfmAction>[] {
  const { bm } = bfmEngine();
  const distance = (h: HexId) => bm.map.grid.distance(h, bm.moscow);
  const nearest = new Map<string, ActionChoice<BfmAction>>();
  for (const c of choices) {
    const a = c.action;
    if (a.type !== 'replace' || a.hex === undefined) continue;
    const best = nearest.get(a.unit)?.action;
    if (!best || (best.type === 'replace' && best.hex !== undefined && distance(a.hex) < distance(best.hex))) nearest.set(a.unit, c);
  }
  const kept = choices.filter((c) => c.action.type !== 'replace' || c.action.hex === undefined || nearest.get(c.action.unit) === c);
  if (kept.length <= MAX_BUTTONS) return kept;
  // Never crowd out ending the phase.
  const end = kept.filter((c) => c.action.type === 'end-phase');
  return [...kept.filter((c) => c.action.type !== 'end-phase').slice(0, MAX_BUTTONS - end.length), ...end];
}
