import { plural } from '../contracts/text.js';
import type { DieReport, GameEvent } from '../games/engine.js';
import type { GameDocument, LogLine } from '../store/game-document.js';
import type { BotTurn, GameView } from './game-sessions.js';
import { creatorName } from './permissions.js';

/** Text players read: kept short, because half of them are on phones. */

export function headline(doc: GameDocument, name: string): string {
  const who = doc.mode === 'solo' ? `solo, ${creatorName(doc)}` : `${doc.mode}, ${plural(doc.players.length, 'player')}`;
  return `**${name}** · game \`${doc.id}\` · version ${doc.version} · ${who}`;
}

/** `/game status`: who, where the game stands, what it waits for. */
export function statusText(view: GameView): string {
  const { doc, def, prompt } = view;
  const lines = [headline(doc, def.name), def.status(doc.state)];
  if (doc.status === 'active') lines.push(`**Next:** ${prompt.text}`);
  else lines.push(`**Over** (${doc.status}): ${doc.outcome ?? ''}`.trim(), seedReveal(doc));
  return lines.filter((l) => l.length > 0).join('\n');
}

/** One line per event, with every die as a number. */
export function eventsText(events: readonly GameEvent[]): string {
  return events.map((e) => [`• ${e.text}`, ...(e.dice ?? []).map(dieText)].join('\n')).join('\n');
}

/** Room for the bot's part of a reply, so the player's own events and the next step still fit. */
const BOT_TEXT_BUDGET = 1100;

/**
 * What the bot did: every line when it fits; otherwise every line with dice (its battles),
 * then other lines in order as room allows, and a count of the rest by kind.
 */
export function botTurnText(bot: BotTurn, budget = BOT_TEXT_BUDGET): string {
  const head = `**The bot played** (${plural(bot.actions, 'action')}${bot.unfinished ? ', stopping before the end of its turn' : ''}):`;
  const full = eventsText(bot.events);
  if (full.length <= budget)
    return `${head}
${full}`;
  const length = (e: GameEvent) => eventsText([e]).length + 1;
  const kept = new Set(bot.events.filter((e) => e.dice?.length));
  let used = [...kept].reduce((t, e) => t + length(e), 0);
  for (const e of bot.events) {
    if (kept.has(e) || used + length(e) > budget) continue;
    kept.add(e);
    used += length(e);
  }
  const left = new Map<string, number>();
  for (const e of bot.events) if (!kept.has(e)) left.set(e.kind, (left.get(e.kind) ?? 0) + 1);
  const rest = [...left].map(([kind, n]) => `${kind} ${n}`).join(', ');
  const omitted = bot.events.length - kept.size;
  return `${head}
${eventsText(bot.events.filter((e) => kept.has(e)))}${
  omitted
    ? `
• … ${omitted} more (${rest}): /game log`
    : ''
}`;
}

/** "6 Pz (CDR 7): 1 1 6 6 6 1 5 → 3 hits": every die, once; a modifier once, for each die when several. */
export function dieText(d: DieReport): string {
  const several = d.rolls && d.rolls.length > 1;
  const dice = several ? d.rolls!.join(' ') : String(d.roll);
  const sign = d.modifier ? `${d.modifier > 0 ? '+' : '−'}${Math.abs(d.modifier)}` : '';
  const mod = !d.modifier ? '' : several ? ` (${sign} each)` : ` ${sign}${d.modified !== undefined ? ` = ${d.modified}` : ''}`;
  return `  🎲 ${d.purpose}: ${dice}${mod} → ${d.result}`;
}

/**
 * Events for a reply with room for `budget` characters: in full when they fit; otherwise each
 * event's line with its dice counted ("🎲 14 dice: Dice button or /game log"), so a long
 * breakout reads as what happened while every die stays one press away.
 */
export function eventsTextWithin(events: readonly GameEvent[], budget: number): { text: string; diceHidden: boolean } {
  const full = eventsText(events);
  if (full.length <= budget) return { text: full, diceHidden: false };
  const text = events
    .map((e) => {
      const count = (e.dice ?? []).reduce((n, d) => n + (d.rolls?.length ?? 1), 0);
      return count ? `• ${e.text}\n  🎲 ${plural(count, 'die', 'dice')} (Dice button or /game log)` : `• ${e.text}`;
    })
    .join('\n');
  return { text, diceHidden: true };
}

/** `/game log`: the newest lines last; the caller trims from the top. */
export function logText(lines: readonly LogLine[]): string {
  return lines
    .map((l) => {
      const dice = (l.dice ?? []).map((d) => dieText(d as DieReport)).join('\n');
      return `\`v${l.version}\` ${l.text}${dice ? `\n${dice}` : ''}`;
    })
    .join('\n');
}

/** The first message of a game: what it is, how to play, the seed's fingerprint. */
export function newGameText(view: GameView): string {
  const { doc, def } = view;
  const seedLine = doc.settings.seedChosen
    ? `Seed ${doc.seed} was chosen at the start, so these dice are not secret.`
    : `Seed fingerprint (sha256): \`${doc.seedHash}\`. The seed is revealed when the game ends, so anyone can check the dice.`;
  return [
    `${headline(doc, def.name)} has started.`,
    def.status(doc.state),
    `**Next:** ${view.prompt.text}`,
    'Press a button below, or use the game commands; /game status shows where things stand and /game help lists everything.',
    seedLine,
  ].join('\n');
}

/** The seed (and nonce) revealed at the end, with the commitment published at the start, and any later dice secrets. */
export function seedReveal(doc: GameDocument): string {
  const first =
    doc.seedNonce === undefined
      ? `Seed: ${doc.seed} (its sha256 is \`${doc.seedHash}\`, as published at the start).`
      : `Seed: ${doc.seed}, nonce ${doc.seedNonce} (the sha256 of \`moscow-dice-v2:<nonce>:<seed>\` is \`${doc.seedHash}\`, as published at the start).`;
  const later = (doc.reseeds ?? []).map(
    (r) => `New dice from version ${r.atVersion}: seed ${r.seed}, nonce ${r.seedNonce} (sha256 \`${r.seedHash}\`).`,
  );
  return [first, ...later].join('\n');
}
