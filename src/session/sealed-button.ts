import { UserError } from '../contracts/errors.js';
import { clip } from '../contracts/limits.js';
import type { ReplyButton } from '../contracts/reply.js';
import type { GameDef, SealedChoice } from '../games/game-def.js';
import type { GameDocument } from '../store/game-document.js';

/**
 * A secret choice's button and menu ids: `game:<gameId>:<version>:sealed` opens the private
 * menu, `game:<gameId>:<version>:sealed-pick` is the menu. Both carry the game and its
 * version, so they work after a restart and are refused once the game has moved on.
 */
const SEALED_ID = /^game:([a-z0-9]{8}):(\d{1,9}):(sealed|sealed-pick)$/;

export function sealedIds(doc: Pick<GameDocument, 'id' | 'version'>): { open: string; pick: string } {
  const base = `game:${doc.id}:${doc.version}`;
  return { open: `${base}:sealed`, pick: `${base}:sealed-pick` };
}

export function parseSealedId(customId: string): { gameId: string; version: number; step: 'open' | 'pick' } | undefined {
  const m = SEALED_ID.exec(customId);
  return m ? { gameId: m[1]!, version: Number(m[2]), step: m[3] === 'sealed' ? 'open' : 'pick' } : undefined;
}

/** The secret choice the game waits for now, if any (a game that cannot offer it returns none). */
export function sealedChoiceOf(doc: GameDocument, def: GameDef): SealedChoice | undefined {
  if (doc.status !== 'active' || !def.sealedChoice) return undefined;
  return def.sealedChoice(doc.state) as SealedChoice | undefined;
}

/** The button that opens the private menu of the secret choice due now. */
export function sealedButton(doc: GameDocument, def: GameDef): ReplyButton | undefined {
  const choice = sealedChoiceOf(doc, def);
  return choice ? { customId: sealedIds(doc).open, label: choice.button, style: 'primary' } : undefined;
}

/** A member's picks from a secret choice's menu, checked: options it offers, no repeats, as many as it takes. */
export function checkedPicks(choice: SealedChoice, values: readonly string[]): string[] {
  const offered = new Set(choice.options.map((o) => o.value));
  const picks = [...new Set(values)];
  if (picks.length !== values.length) throw new UserError('An option was picked twice; nothing was changed. Pick again.');
  const foreign = picks.filter((v) => !offered.has(v));
  if (foreign.length) throw new UserError(`${clip(foreign.join(', '), 60)} is not offered now; nothing was changed. Pick again.`);
  if (picks.length < choice.min || picks.length > choice.max)
    throw new UserError(
      `Pick ${choice.min === choice.max ? choice.min : `${choice.min} to ${choice.max}`} options (you picked ${picks.length}); nothing was changed.`,
    );
  return picks;
}
