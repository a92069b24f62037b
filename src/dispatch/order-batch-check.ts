import { UserError } from '../contracts/errors.js';
import { clip } from '../contracts/limits.js';
import type { Member } from '../contracts/reply.js';
import type { ArrowView } from '../contracts/scene.js';
import type { GameDef } from '../games/game-def.js';
import type { GameView } from '../session/game-sessions.js';
import type { BatchLine } from '../session/order-batch.js';
import { actRefusal, asker, formationRefusal } from '../session/permissions.js';
import { proposalArrow } from '../votes/preview.js';
import { lineWhere, type ParsedBatch } from './order-lines.js';

/**
 * A batch checked against the rules before anything is carried out, and without showing a
 * die: each line is turned into the game's action on the position the lines before it leave
 * and tried on a copy (the engine is pure). A line whose result depends on dice (a battle,
 * a force-generation roll) or on the bot's answer is itself checked, but the position after
 * it is unknown until it is played: the lines after it are tried on the position without it
 * and marked "checked when reached", since a refusal there may change once the dice fall.
 */
export interface LineCheck {
  line: BatchLine;
  /** `checked`: legal on the position it will meet; `reached`: that position depends on dice, checked again when reached. */
  status: 'checked' | 'reached';
  /** What the line does, in the game's words (its path and MP cost, say). */
  text: string;
  /** Its numbered arrow on the picture, when it moves something. */
  arrow?: ArrowView;
  /** The line rolls dice or lets the bot answer: what comes after it is known only when it has been played. */
  uncertain?: boolean;
  /** For a `reached` line: why it would be refused on the position as far as it is known now. */
  doubt?: string;
  /** The game's own question before it (what would be lost); the batch's confirmation answers it. */
  warning?: string;
}

export interface BatchCheck {
  lines: LineCheck[];
  /** The first line refused on a position known for certain: the whole batch is refused. */
  refusal?: string;
}

/** The action a line gives on `state`, as the slash command would; a refusal (rule or input) is a UserError. */
export function lineAction(view: GameView, state: unknown, line: BatchLine, userId: string): { act: unknown; confirm?: string } {
  const { def } = view;
  const order = def.orders.find((o) => o.command === line.command && o.subcommand === line.subcommand);
  if (!order?.run) throw new UserError(`${def.name} has no /${line.command}${line.subcommand ? ` ${line.subcommand}` : ''} order.`);
  const outcome = order.run(state, line.options, asker(view, userId));
  if ('answer' in outcome) throw new UserError('that order only answers and changes nothing; leave it out of a batch.');
  return { act: outcome.act, ...(outcome.confirm ? { confirm: outcome.confirm.text } : {}) };
}

/** Whether the game's bot answers in this state (it may roll dice or search: unknown until played). */
function botAnswers(def: GameDef, state: unknown): boolean {
  if (!def.autoPlay) return false;
  return def.botActs ? def.botActs(state) : def.autoPlay(state) !== undefined;
}

export function checkBatch(view: GameView, user: Member, parsed: ParsedBatch): BatchCheck {
  const { def, doc } = view;
  // The position as far as it is known for certain; after a line with dice, the one it is tried on.
  let known: unknown = doc.state;
  let blocker: number | undefined;
  const lines: LineCheck[] = [];
  for (const line of parsed.lines) {
    const where = lineWhere(line);
    try {
      const { act, confirm } = lineAction(view, known, line, user.id);
      const docThen = { ...doc, state: known };
      const refusal = actRefusal(docThen, user, def.engine.prompt(known)) ?? formationRefusal(docThen, def, user, act);
      if (refusal) throw new UserError(refusal);
      const applied = def.engine.apply(structuredClone(known), act);
      const rolls = applied.events.some((e) => e.dice?.length);
      const uncertain = rolls || botAnswers(def, applied.state) || def.engine.result(applied.state) !== undefined;
      const described = def.describeProposal?.(known, act);
      const arrow = proposalArrow({ ...view, doc: docThen }, def.scene(known, []), {
        n: line.n,
        by: user.id,
        byName: user.name,
        action: act as never,
        text: '',
        at: 0,
      });
      lines.push({
        line,
        status: blocker === undefined ? 'checked' : 'reached',
        text: described?.text ?? line.text,
        ...(arrow ? { arrow: { ...arrow, label: arrow.label?.replace(/^#/, '') ?? String(line.n) } } : {}),
        ...(uncertain ? { uncertain } : {}),
        // The game's own question holds for a line on a known position only.
        ...(confirm && blocker === undefined ? { warning: confirm } : {}),
      });
      // The position after a line with dice is not known: the lines after it are tried without it.
      if (uncertain) blocker ??= line.n;
      else known = applied.state;
    } catch (err) {
      if (!(err instanceof UserError)) throw err;
      if (blocker === undefined) return { lines, refusal: `${where} is refused: ${err.message}` };
      const arrow = writtenArrow(line);
      lines.push({ line, status: 'reached', text: line.text, doubt: err.message, ...(arrow ? { arrow } : {}) });
    }
  }
  return { lines };
}

/**
 * The arrow of a line that cannot be tried yet (it follows a battle, say): the hexes its
 * options name, in the order written (`force:2245 path:2344,2444`), drawn straight, its
 * number marked as waiting. Nothing is drawn for a line that names fewer than two hexes.
 */
function writtenArrow(line: BatchLine): ArrowView | undefined {
  const hexes = Object.values(line.options).flatMap((v) =>
    typeof v === 'string' && /^\d{4}(\s*,\s*\d{4})*$/.test(v.trim()) ? v.split(',').map((h) => h.trim()) : [],
  );
  return hexes.length >= 2 ? { path: hexes, label: `${line.n}?`, colour: line.n - 1 } : undefined;
}

/** The check as players read it: one line per order (as many as fit), what is checked and what waits for the dice. */
export function checkText(check: BatchCheck, budget: number): string {
  const out: string[] = [];
  let used = 0;
  let left = 0;
  for (const c of check.lines) {
    const mark = c.status === 'checked' ? '✓' : '⏳';
    const notes = [
      c.uncertain ? 'dice decide what follows' : '',
      c.doubt ? `checked when reached; as things stand: ${clip(c.doubt, 70)}` : '',
      c.status === 'reached' && !c.doubt ? 'checked when reached' : '',
      c.warning ? clip(c.warning, 120) : '',
    ].filter(Boolean);
    const text = `${mark} **${c.line.n}.** ${clip(c.text, 110)}${notes.length ? ` (${notes.join('; ')})` : ''}`;
    if (used + text.length + 1 > budget) {
      left += 1;
      continue;
    }
    out.push(text);
    used += text.length + 1;
  }
  if (left) out.push(`… and ${left} more (the picture numbers every order; /orders status lists them)`);
  return out.join('\n');
}

/**
 * The arrows of a batch for one picture: a line that goes on from where the line before it
 * ended (a force moving on after a battle, a path given hex by hex) extends that arrow, so
 * each force reads as one numbered arrow ("3-9") rather than a pile of one-hex steps.
 */
export function batchArrows(check: BatchCheck): ArrowView[] {
  const out: { arrow: ArrowView; first: number; last: number; waits: boolean }[] = [];
  for (const c of check.lines) {
    if (!c.arrow) continue;
    const prev = out.at(-1);
    const waits = c.status === 'reached';
    if (prev && prev.last === c.line.n - 1 && prev.arrow.path.at(-1) === c.arrow.path[0]) {
      prev.arrow = {
        ...prev.arrow,
        path: [...prev.arrow.path, ...c.arrow.path.slice(1)],
        ...(c.arrow.marked ? { marked: [...(prev.arrow.marked ?? []), ...c.arrow.marked] } : {}),
      };
      prev.last = c.line.n;
      prev.waits ||= waits;
      continue;
    }
    out.push({ arrow: c.arrow, first: c.line.n, last: c.line.n, waits });
  }
  return out.map(({ arrow, first, last, waits }) => (first === last ? arrow : { ...arrow, label: `${first}-${last}${waits ? '?' : ''}` }));
}
