/**
 * 4.2-4.4: the victory check that ends this turn, when the position already fails it: asked
 * before a turn end (alone, in team play, in a batch and on a vote plan's ballot) in the
 * check's words and numbers. Read from the position now, never from the turn end's dice: a
 * pocket still open may yet fall to a failed breakout (11.4), so its hexes count as if taken.
 */
import { plural } from '../../contracts/text.js';
import { turnSpec } from './charts/index.js';
import { Play } from './context.js';
import { findPockets, frontGaps, holdsMoscow, sovietWestOf29, victoryPoints } from './control.js';
import type { RulesIndex } from './rules-index.js';
import type { TyphoonState } from './state.js';

const LOSES = 'ending the turn now loses the game';

export function turnEndLoss(index: RulesIndex, s: TyphoonState): string | undefined {
  if (s.phase !== 'movement' || s.battle || s.result) return undefined;
  const play = new Play(index, s);
  // 4.5 comes first: a Moscow hex held wins whatever the check.
  if (holdsMoscow(play)) return undefined;
  const historical = s.scenario === 'historical';
  const check = turnSpec(index.charts, s.turn).victoryCheck;
  if (check === 'pocket' && historical) {
    const open = findPockets(play).reduce((n, p) => n + p.length, 0);
    if (s.pocketTally + open >= 200) return undefined;
    const pockets = open ? ` (and ${plural(open, 'hex', 'hexes')} in open pockets, if every breakout fails)` : '';
    return `4.2: ${s.pocketTally} of 200 pocket hexes${pockets}; ${LOSES}.`;
  }
  if (check === 'front-integrity') {
    const gaps = frontGaps(play);
    if (gaps.length === 0) return undefined;
    return `4.3: ${plural(gaps.length, 'front hex', 'front hexes')} neither held nor in German ZOC (${gaps.slice(0, 6).join(', ')}${gaps.length > 6 ? ', ...' : ''}); ${LOSES}.`;
  }
  if (check === 'vp' && historical) {
    // Pockets that fall at the turn's end may still bring the towns they hold.
    if (findPockets(play).length > 0) return undefined;
    const vp = victoryPoints(play);
    const west = sovietWestOf29(play).length;
    if (vp >= 16 && west === 0) return undefined;
    const short = [vp < 16 ? `${vp} of 16 VP` : '', west ? `${plural(west, 'Soviet hex', 'Soviet hexes')} west of column 29` : ''];
    return `4.4: ${short.filter(Boolean).join(', ')}; ${LOSES}.`;
  }
  return undefined;
}
