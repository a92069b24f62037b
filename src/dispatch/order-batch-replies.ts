import { clip, fitText, LIMITS } from '../contracts/limits.js';
import type { Reply, ReplyButton } from '../contracts/reply.js';
import { plural } from '../contracts/text.js';
import type { GameEvent } from '../games/engine.js';
import type { ActOutcome, GameView } from '../session/game-sessions.js';
import type { OrderBatch, Standing } from '../session/order-batch.js';
import { dieText } from '../session/present.js';
import { choiceButtons, gameImage } from '../session/replies.js';
import { arrowsImage } from '../votes/preview.js';
import { type BatchCheck, batchArrows, checkText } from './order-batch-check.js';

/**
 * What a batch of orders looks like to players: its picture, the replies while it runs,
 * its buttons (`orders:<gameId>:<batchId>:<op>`) and the standing instruction's answers.
 */

/** Room in a reply for the lines carried out; the heading and what comes next share the rest. */
const RUN_TEXT_BUDGET = 1200;

/** One order (or one answer to a decision) the batch carried out. */
export interface Ran {
  /** "3." for a line, "3 ↳" for a decision answered after it. */
  label: string;
  outcome: ActOutcome;
}

export async function runReply(
  view: GameView | undefined,
  batch: OrderBatch,
  ran: Ran[],
  opts: { prelude?: string; before?: GameEvent[] },
): Promise<Reply> {
  const total = batch.lines.length;
  const atDecision = batch.status === 'paused' && view?.def.quickDecision?.(view.doc.state) === true;
  const where = atDecision
    ? `paused at the rules' question after line ${batch.lines[Math.max(0, batch.next - 1)]!.n}`
    : `${batch.status === 'paused' ? 'paused before' : 'stopped at'} line ${batch.lines[batch.next]?.n ?? total}`;
  const head =
    batch.status === 'done'
      ? `**Orders from ${batch.by.name}: all ${plural(total, 'order')} carried out.**`
      : `**Orders from ${batch.by.name}: ${batch.next} of ${total} carried out**, ${where}: ${batch.waiting ?? ''}`;
  const before = opts.before?.length ? opts.before.map((e) => `• ${e.text}`).join('\n') : '';
  const events = [...(opts.before ?? []), ...ran.flatMap((r) => [...r.outcome.events, ...(r.outcome.bot?.events ?? [])])];
  const parts = [opts.prelude ?? '', before, ranText(ran, RUN_TEXT_BUDGET), head];
  let buttons: ReplyButton[] = [];
  if (view && view.doc.status === 'active') {
    if (batch.status === 'paused' && !batch.voted) buttons = [...decisionButtons(batch, view), ...resumeButtons(batch)];
    else if (batch.status !== 'paused') {
      parts.push(`**Next:** ${view.prompt.text}`);
      buttons = choiceButtons(view.doc, view.prompt);
    }
  } else if (view) parts.push(`**Game over.** ${view.doc.outcome ?? ''}`);
  const image = view ? await gameImage(view, events, 'zoom') : undefined;
  return {
    content: fitText(parts.filter(Boolean).join('\n'), '(every die in /game log)'),
    files: image ? [image] : [],
    buttons: buttons.slice(0, LIMITS.choices),
  };
}

export async function batchPicture(view: GameView, check: BatchCheck, suffix: string) {
  const arrows = batchArrows(check);
  return arrowsImage(
    view,
    arrows,
    { arrow: 'Order (its number at the head)', marked: 'Soviet hex it would enter' },
    undefined,
    `-orders-${suffix}`,
  );
}

export function buttonId(batch: OrderBatch, op: string): string {
  return `orders:${batch.gameId}:${batch.id}:${op}`;
}

/** Carry out and Cancel, under orders that wait for confirmation. */
export function confirmButtons(batch: OrderBatch): ReplyButton[] {
  return [
    { customId: buttonId(batch, 'go'), label: `Carry out ${plural(batch.lines.length, 'order')}`, style: 'primary' },
    { customId: buttonId(batch, 'cancel'), label: 'Cancel', style: 'secondary' },
  ];
}

/** Orders given, checked and drawn: what they will do, waiting for Carry out. */
export async function proposedReply(view: GameView, by: string, batch: OrderBatch, check: BatchCheck): Promise<Reply> {
  const image = await batchPicture(view, check, batch.id);
  const uncertain = check.lines.some((c) => c.status === 'reached');
  const content = [
    `**Orders from ${by}**: ${plural(batch.lines.length, 'order')}, checked against the rules on version ${view.doc.version}; nothing is carried out yet.`,
    checkText(check, 1300),
    batch.standing ? `Battles: ${standingText(batch.standing)}.` : '',
    uncertain
      ? '⏳ lines come after dice (a battle, a force-generation roll): they are tried on the position without those and checked again when reached.'
      : '',
    `**Carry out** gives them in order, pausing at any decision the rules give you${batch.standing && batch.standing.battles !== 'ask' ? ' that the standing instruction does not answer' : ''}.`,
  ];
  return {
    content: fitText(content.filter(Boolean).join('\n'), '(/orders status lists every order)'),
    files: image ? [image] : [],
    buttons: confirmButtons(batch),
  };
}

export function resumeButtons(batch: OrderBatch): ReplyButton[] {
  const waitingDecision = batch.waiting !== undefined && !batch.waiting.includes('refused now');
  return [
    { customId: buttonId(batch, 'resume'), label: waitingDecision ? 'Go on (answered)' : 'Try again', style: 'secondary' },
    ...(waitingDecision
      ? []
      : [{ customId: buttonId(batch, 'skip'), label: `Skip line ${batch.lines[batch.next]?.n ?? ''}`, style: 'secondary' as const }]),
    { customId: buttonId(batch, 'stop'), label: 'Stop orders', style: 'danger' },
  ];
}

/** The rules' question, one button per answer that answers and goes on. */
function decisionButtons(batch: OrderBatch, view: GameView): ReplyButton[] {
  if (!view.def.quickDecision?.(view.doc.state)) return [];
  return view.prompt.choices.slice(0, 4).map((c, i) => ({
    customId: buttonId(batch, `c${i}v${view.doc.version}`),
    label: clip(`${c.label}, then go on`, LIMITS.buttonLabelChars),
    style: i === 0 ? 'primary' : 'secondary',
  }));
}

/**
 * The standing instruction's answer to a fight-on-or-retreat decision: the index of the
 * choice whose action is `another-round` or `retreat` (the vocabulary quick ballots use).
 * `decisions` answered since the line: the round just fought is decisions + 1.
 */
export function standingPick(standing: Standing | undefined, decisions: number, view: GameView): number | undefined {
  if (!standing || standing.battles === 'ask') return undefined;
  const fought = decisions + 1;
  const want = standing.battles === 'retreat' && fought >= (standing.after ?? 1) ? 'retreat' : 'another-round';
  const index = view.prompt.choices.findIndex((c) => (c.action as { type?: string }).type === want);
  if (index >= 0) return index;
  // Hits waiting to be placed (Operation Typhoon 10.6, manual allocation): a standing
  // instruction means "don't ask", so the bot places them.
  const hits = view.prompt.choices.findIndex((c) => {
    const a = c.action as { type?: string; unit?: string };
    return a.type === 'allocate' && a.unit === undefined;
  });
  return hits >= 0 ? hits : undefined;
}

/** Rounds a standing instruction counts: only another round is one; placing hits is not. */
export function countsAsRound(action: unknown): boolean {
  return (action as { type?: string }).type === 'another-round';
}

export function standingText(standing: Standing): string {
  if (standing.battles === 'ask') return 'ask at each decision';
  if (standing.battles === 'fight') return 'fight on while the rules allow';
  return `retreat after round ${standing.after ?? 1}`;
}

/** What was carried out: one line per order (its events in short, its dice counted), as many as fit. */
function ranText(ran: Ran[], budget: number): string {
  const lines = ran.map((r) => {
    const events = [...r.outcome.events, ...(r.outcome.bot?.events ?? [])];
    const text = events.map((e) => e.text).join(' ');
    const dice = events.flatMap((e) => e.dice ?? []);
    const shown = dice.length && dice.length <= 2 ? `\n${dice.map(dieText).join('\n')}` : '';
    const counted = dice.length > 2 ? ` 🎲 ${dice.reduce((n, d) => n + (d.rolls?.length ?? 1), 0)} dice` : '';
    return `${r.label} ${clip(text, 160)}${counted}${shown}`;
  });
  const out: string[] = [];
  let used = 0;
  for (const [i, l] of lines.entries()) {
    if (used + l.length + 1 > budget) {
      out.push(`… ${plural(lines.length - i, 'more order')} (/game log shows each with every die)`);
      break;
    }
    out.push(l);
    used += l.length + 1;
  }
  return out.join('\n');
}
