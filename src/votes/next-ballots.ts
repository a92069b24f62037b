import { clip, LIMITS } from '../contracts/limits.js';
import type { GameView } from '../session/game-sessions.js';
import type { Ballot, Proposal } from './ballot.js';
import { isPlanAction } from './plan-action.js';
import { newBallot, openBallot, type VoteDesk } from './vote-desk.js';
import { voteSettings } from './vote-settings.js';
import { isVotedDecision } from './voters.js';

/**
 * The other proposals of a closed ballot that are still legal in the new position go to a
 * new ballot (without votes), so nobody has to file them again; the rest are named as
 * dropped. Runs under close's lock.
 */
export async function carryOver(
  desk: VoteDesk,
  view: GameView,
  taken: Ballot,
  winner: number | undefined,
): Promise<{ text: string; ballot?: Ballot }> {
  const others = taken.proposals.filter((p) => p.n !== winner);
  if (!others.length || !isVotedDecision(view)) return { text: others.length ? droppedText(taken, winner) : '' };
  const { kept, dropped } = stillLegal(view, others);
  const droppedList = dropped.map((p) => `#${p.n}`).join(', ');
  if (!kept.length) return { text: `\nNo other proposal is still legal${dropped.length ? ` (dropped: ${droppedList})` : ''}.` };
  const settings = voteSettings(view.doc);
  const ballot = await openBallot(desk, { ...newBallot(view.doc, settings, false, desk.clock.now()), proposals: kept }, settings);
  const text = `\n**Next ballot**, with the proposals still legal (vote again): ${kept.map((p) => `#${p.n} ${clip(p.text, 60)}`).join('; ')}${dropped.length ? `. Dropped, no longer legal: ${droppedList}` : ''}.`;
  return { text, ballot };
}

/** The proposals the rules still allow in this position, numbered afresh and described anew, and the rest. */
function stillLegal(view: GameView, proposals: readonly Proposal[]): { kept: Proposal[]; dropped: Proposal[] } {
  const kept: Proposal[] = [];
  const dropped: Proposal[] = [];
  for (const p of proposals) {
    // A plan was drafted for the position it was filed on: after another decision it is proposed afresh.
    if (isPlanAction(p.action)) {
      dropped.push(p);
      continue;
    }
    try {
      view.def.engine.apply(structuredClone(view.doc.state), p.action);
      const described = view.def.describeProposal?.(view.doc.state, p.action);
      kept.push({ ...p, n: kept.length + 1, text: described ? clip(described.text, 300) : p.text });
    } catch {
      dropped.push(p);
    }
  }
  return { kept, dropped };
}

/** The words for the proposals of a closed ballot that did not win, when the decision now is another one. */
export function droppedText(taken: Ballot, winner: number | undefined): string {
  const others = taken.proposals.filter((p) => p.n !== winner);
  return others.length
    ? `\nThe other proposals (${others.map((p) => `#${p.n}`).join(', ')}) no longer apply: the decision now is a new one.`
    : '';
}

/** When the order just carried out leads to a fight-on-or-retreat decision, its short ballot opens at once (under close's lock). */
export async function openQuickBallot(desk: VoteDesk, view: GameView): Promise<Ballot | undefined> {
  if (!isVotedDecision(view) || !view.def.quickDecision?.(view.doc.state)) return undefined;
  const settings = voteSettings(view.doc);
  const now = desk.clock.now();
  const proposals: Proposal[] = view.prompt.choices.slice(0, LIMITS.choices).map((c, i) => ({
    n: i + 1,
    by: view.doc.createdBy,
    byName: 'the rules',
    action: c.action as never,
    text: c.label,
    at: now,
  }));
  return openBallot(desk, { ...newBallot(view.doc, settings, true, now), proposals }, settings);
}
