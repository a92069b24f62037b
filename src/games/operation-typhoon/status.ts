/**
 * Operation Typhoon's phone-sized status: turn, VP, pockets and the next victory check.
 */
import { chartsNote, turnSpec } from './charts/index.js';
import { Play } from './context.js';
import { frontGaps, sovietWestOf29, victoryPoints } from './control.js';
import type { TyphoonEngine } from './engine.js';
import { typhoonEngine } from './index.js';
import type { TyphoonState } from './state.js';
import { LAST_TURN } from './turn-end.js';

/** Turn, VP, pockets and the next victory check: a few lines for a phone. */
export function typhoonStatus(s: TyphoonState, engine: TyphoonEngine = typhoonEngine()): string {
  const spec = turnSpec(engine.index.charts, s.turn);
  const play = new Play(engine.index, s);
  const lines = [
    `Turn ${s.turn}/8 · ${spec.label} (${spec.dates}) · ${s.scenario === 'clenched-fist' ? 'Clenched Fist' : 'historical'}${s.battleWin === 'all-eliminated' ? ' · 10.7 as written' : ''} · hits placed by ${s.allocation === 'manual' ? 'you' : 'the bot'} (10.6)`,
  ];
  lines.push(`VP ${victoryPoints(play)} · pocket hexes ${s.pocketTally} · hexes taken ${s.taken.length} · Luftwaffe ${s.airAvailable}`);
  const charts = chartsNote(engine.index.charts);
  if (charts) lines.push(`Charts: ${charts}`);
  if (s.phase !== 'over') lines.push(`**Next victory check:** ${nextCheck(play)}`);
  if (s.result) lines.push(`Result: ${s.result.winner === 'german' ? 'German' : 'Soviet'} victory (${s.result.reason})`);
  return lines.join('\n');
}

/**
 * 4.2-4.5: the next check this scenario makes, from the current turn on, its target and
 * where the game stands against it now (13.4: Clenched Fist skips the pocket and VP checks).
 */
export function nextCheck(play: Play): string {
  const s = play.s;
  const historical = s.scenario === 'historical';
  for (let turn = s.turn; turn <= LAST_TURN; turn++) {
    const check = turnSpec(play.charts, turn).victoryCheck;
    const when = turn === s.turn ? `end of this turn (${turn})` : `end of turn ${turn}`;
    if (check === 'pocket' && historical)
      return `${when}: 200 pocket hexes (4.2); ${s.pocketTally} so far, ${Math.max(0, 200 - s.pocketTally)} to go`;
    if (check === 'front-integrity') return `${when}: every front hex held or in German ZOC (4.3); ${frontGaps(play).length} unwatched now`;
    if (check === 'vp' && historical)
      return `${when}: 16 VP (${victoryPoints(play)} now) and no Soviet hex west of column 29 (${sovietWestOf29(play).length} now) (4.4)`;
  }
  return `hold a Moscow hex to win (4.5); turn 8 is the last`;
}
