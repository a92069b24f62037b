/**
 * The secret chit choice (6.1) as a private menu: the side to choose picks its chits (and,
 * for the Axis, whether to keep the Guderian chit in hand, 6.3); nobody else sees them. In
 * vote play the members' picks combine: the chits with the most votes, as many as are due.
 */
import type { MenuOption } from '../../contracts/reply.js';
import type { SealedChoice } from '../game-def.js';
import type { Board } from './board.js';
import type { FtbCharts } from './charts.js';
import { Ctx, sideName } from './context.js';
import type { FtbAction, FtbState } from './state.js';
import { activatedBy, chitsDue, GUDERIAN, hqOfChit, selectable, selecting } from './turns.js';

/** The menu option that keeps the Guderian chit in hand (6.3) instead of putting it in the cup. */
export const HOLD = 'hold:GUDERIAN';

/** What a chit does, in a few words, for its menu option. */
function chitNote(c: Ctx, chit: string): string {
  if (chit.endsWith('REINF')) return 'reinforcements from the Available Box (12.2)';
  if (chit === 'RESERVE' || chit === 'OKH') return 'activates units you pick (15.1)';
  const hq = c.unit(hqOfChit(chit) ?? '');
  if (hq?.where !== 'map') return 'its HQ is off the map: activates nothing (8.1)';
  const n = activatedBy(c, hq).length;
  return `activates ${hq.id} and ${n - 1} units in its range now (8.1)${chit === GUDERIAN ? '; may be held (6.3)' : ''}`;
}

export function chitChoice(board: Board, charts: FtbCharts, s: FtbState): SealedChoice<FtbAction> | undefined {
  if (s.result || s.phase !== 'select') return undefined;
  const c = new Ctx(board, charts, s);
  const side = selecting(c);
  if (!side) return undefined;
  const due = chitsDue(c, side);
  const chits = selectable(c, side);
  const canHold = side === 'german' && chits.includes(GUDERIAN) && !s.guderianDismissed;
  const options: MenuOption[] = chits.map((ch) => ({ label: ch, value: ch, description: chitNote(c, ch) }));
  if (canHold)
    options.push({ label: 'Keep GUDERIAN in hand (6.3)', value: HOLD, description: 'pick GUDERIAN too; it may interrupt a draw (7.3)' });
  // A menu holds 25 options at most: a longer list (an owner's charts) is typed with /chits.
  if (options.length > 25 || due < 1) return undefined;
  return {
    side,
    button: 'Choose chits…',
    title: `**Turn ${s.turn}: ${sideName(side)} command chits** (6.1): pick exactly ${due}${canHold ? ', and "Keep GUDERIAN in hand" to hold it (6.3)' : ''}. Only you see this menu and your picks; each chit is shown when drawn.`,
    placeholder: `Pick ${due} chits${canHold ? ' (+ hold Guderian)' : ''}`,
    options,
    min: due,
    max: due + (canHold ? 1 : 0),
    action: (values) => ({ type: 'chits', chits: values.filter((v) => v !== HOLD), ...(values.includes(HOLD) ? { hold: true } : {}) }),
    picks: (a) => (a.type === 'chits' ? [...a.chits, ...(a.hold ? [HOLD] : [])] : undefined),
    // Vote play: the `due` chits with the most votes; Guderian is held when more than half of
    // the members who chose asked for it and he is among those chits.
    combine: (ranked, ballots) => {
      const picked = ranked
        .filter((r) => r.value !== HOLD)
        .slice(0, due)
        .map((r) => r.value);
      const holdVotes = ranked.find((r) => r.value === HOLD)?.votes ?? 0;
      const hold = canHold && picked.includes(GUDERIAN) && holdVotes * 2 > ballots;
      return { type: 'chits', chits: picked, ...(hold ? { hold: true } : {}) };
    },
  };
}
