import { UserError } from '../contracts/errors.js';
import { clip } from '../contracts/limits.js';
import type { OptionValue } from '../contracts/reply.js';
import type { GameDef } from '../games/game-def.js';
import { BATCH_MAX_LINES, type BatchLine, type Standing } from '../session/order-batch.js';
import { checkedOptions, orderOf } from './game-orders.js';
import { tokenize } from './tokenize.js';

/**
 * The text of a batch of orders: one order per line, written as its slash command would be
 * (`move force:1413 to:1611`, the slash optional), lines also separated by `;` (a Discord
 * text option holds one line), `#` starting a comment to the end of its line. One line may set a standing
 * instruction for battles: `battles: ask`, `battles: fight` or `battles: retreat after round 2`.
 * Each line is checked against the game's own order definitions here (its command, its
 * options and their types); the rules are checked against the position elsewhere.
 */
export interface ParsedBatch {
  lines: BatchLine[];
  standing?: Standing;
}

/** The longest text taken: enough for a whole turn of long lines. */
export const BATCH_MAX_CHARS = 20_000;

export function parseBatch(def: GameDef, text: string): ParsedBatch {
  if (text.length > BATCH_MAX_CHARS)
    throw new UserError(`Those orders are ${text.length} characters long; a batch takes at most ${BATCH_MAX_CHARS}.`);
  const lines: BatchLine[] = [];
  let standing: Standing | undefined;
  // A text of one line (Discord's text: option) names its orders by number; a file, by its lines.
  const file = /\n/.test(text.trim());
  for (const { text: raw, at: lineNo } of splitLines(text)) {
    const at = file ? lineNo : undefined;
    const line = raw.trim();
    if (!line) continue;
    const instruction = /^battles?\s*:\s*(.*)$/i.exec(line);
    if (instruction) {
      if (standing) throw new UserError('Give one standing instruction for battles (battles: ...), not two.');
      standing = standingOf(def, instruction[1]!.trim());
      continue;
    }
    const n = lines.length + 1;
    if (n > BATCH_MAX_LINES) throw new UserError(`A batch takes at most ${BATCH_MAX_LINES} orders; give the rest in another.`);
    try {
      lines.push({ n, ...(at ? { at } : {}), text: clip(line, 400), ...orderLine(def, line) });
    } catch (err) {
      if (err instanceof UserError) throw new UserError(`${lineWhere({ at, n, text: line })}: ${err.message}`);
      throw err;
    }
  }
  if (lines.length === 0)
    throw new UserError('There are no orders in that text: one order per line (or separated by ;), e.g. move force:1413 to:1611.');
  return { lines, ...(standing ? { standing } : {}) };
}

/** "Line 12 (“move force:1413 to:1611”)": where a refusal's order stands in the text as given. */
export function lineWhere(line: { at?: number; n?: number; text: string }): string {
  return `Line ${line.at ?? line.n} (“${clip(line.text, 80)}”)`;
}

/**
 * The orders of a text with the line each stands on: lines, and within a line the parts
 * between `;` outside quotes. A `#` outside quotes starts a comment to the end of its line,
 * whatever the comment holds (a `;` in it splits nothing).
 */
function splitLines(text: string): { text: string; at: number }[] {
  const out: { text: string; at: number }[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    let current = '';
    let quote = false;
    for (const ch of line) {
      if (ch === '"') quote = !quote;
      if (ch === '#' && !quote) break;
      if (ch === ';' && !quote) {
        out.push({ text: current, at: i + 1 });
        current = '';
      } else current += ch;
    }
    out.push({ text: current, at: i + 1 });
  });
  return out;
}

/** `battles: ask | fight | retreat | retreat after round N`. */
function standingOf(def: GameDef, words: string): Standing {
  if (!def.quickDecision)
    throw new UserError(`${def.name} has no fight-on-or-retreat decision for a standing instruction (battles: ...) to answer.`);
  const w = words.toLowerCase().replace(/\s+/g, ' ');
  if (w === 'ask') return { battles: 'ask' };
  if (w === 'fight' || w === 'fight on') return { battles: 'fight' };
  const m = /^retreat(?: after(?: round)? (\d{1,2}))?$/.exec(w);
  if (m) return { battles: 'retreat', after: m[1] ? Number(m[1]) : 1 };
  throw new UserError(
    `“battles: ${clip(words, 40)}” is not an instruction: write battles: ask, battles: fight or battles: retreat after round 2.`,
  );
}

/** One order line: its command and subcommand as the game declares them, its options checked. */
function orderLine(def: GameDef, line: string): Pick<BatchLine, 'command' | 'subcommand' | 'options'> {
  const tokens = tokenize(line.replace(/^\//, ''));
  const command = tokens.shift()!.toLowerCase();
  if (command === 'orders') throw new UserError('/orders inside a batch gives nothing; write the orders themselves.');
  const forCommand = def.orders.filter((o) => o.command === command);
  if (!forCommand.length) {
    const known = [...new Set(def.orders.filter((o) => o.run).map((o) => o.command))].join(', ');
    throw new UserError(`${def.name} has no /${command}. Its orders: ${known}.`);
  }
  const subcommand = forCommand.some((o) => o.subcommand !== undefined) ? tokens.shift()?.toLowerCase() : undefined;
  const order = orderOf(def, { command, ...(subcommand ? { subcommand } : {}) });
  if (!order.run) throw new UserError(`${order.usage} changes nothing in a game; leave it out of a batch.`);
  const values: Record<string, OptionValue> = {};
  for (const token of tokens) {
    const colon = token.indexOf(':');
    if (colon <= 0) throw new UserError(`options are written name:value; “${clip(token, 40)}” is not. Write it ${order.usage}.`);
    const name = token.slice(0, colon);
    const raw = token.slice(colon + 1);
    if (name in values) throw new UserError(`option ${name}: is given twice.`);
    const spec = (order.options ?? []).find((o) => o.name === name);
    values[name] = spec?.type === 'integer' ? integerOf(name, raw) : spec?.type === 'boolean' ? booleanOf(name, raw) : raw;
  }
  // The same check as the slash command's: unknown options, types, limits and choices.
  const options = checkedOptions(def, order, values);
  return { command, ...(subcommand ? { subcommand } : {}), options };
}

function integerOf(name: string, raw: string): number {
  const n = Number(raw);
  if (raw === '' || !Number.isInteger(n)) throw new UserError(`option ${name}: takes a whole number, not “${clip(raw, 20)}”.`);
  return n;
}

function booleanOf(name: string, raw: string): boolean {
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new UserError(`option ${name}: takes true or false, not “${clip(raw, 20)}”.`);
}
