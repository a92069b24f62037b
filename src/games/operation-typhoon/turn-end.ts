/**
 * The end of Phase I: the Victory Check Phase (4.x), the German Regroup Phase (10.10) and
 * the next turn (5.3). The Germans have no drawn games: after turn 8 without Moscow they lose.
 */
import { plural } from '../../contracts/text.js';
import { turnSpec } from './charts/index.js';
import type { Play } from './context.js';
import { frontGaps, holdsMoscow, sovietWestOf29, victoryPoints } from './control.js';

export const LAST_TURN = 8;

export function endPhase(play: Play): void {
  const s = play.s;
  s.airAvailable = 0; // 9.1: air units go back to the pool at the end of Phase I
  s.airWith = [];
  victoryCheck(play);
  if (s.result) {
    s.phase = 'over';
    return;
  }
  const spec = turnSpec(play.charts, s.turn);
  if (spec.regroup) {
    // 10.10: reduced units flip back to full strength on turns 1-5.
    const flipped = Object.keys(s.units).filter((id) => s.units[id]!.steps === 1);
    for (const id of flipped) play.unitToChange(id).steps = 2;
    play.event('regroup', `German regroup: ${plural(flipped.length, 'reduced unit')} back to full strength.`, {
      rule: '10.10',
    });
  }
  if (s.turn < LAST_TURN) turnSummary(play);
  if (s.turn >= LAST_TURN) {
    s.result = { winner: 'soviet', reason: '4.1: turn 8 is over and Moscow still stands' };
    s.phase = 'over';
    play.event('defeat', 'The last turn is over without Moscow: the Germans lose.', { rule: '4.1' });
    return;
  }
  startTurn(play, s.turn + 1);
}

export function startTurn(play: Play, turn: number): void {
  const s = play.s;
  s.turn = turn;
  s.phase = 'movement';
  s.done = [];
  s.active = null;
  const spec = turnSpec(play.charts, turn);
  s.airAvailable = spec.luftwaffeCas; // 9.1
  s.airWith = [];
  if (s.ready) s.ready = [];
  if (s.airUsed) s.airUsed = [];
  play.event(
    'turn',
    `Turn ${turn} (${spec.label}, ${spec.dates}): mechanized ${spec.mp.mechanized} MP, non-mechanized ${spec.mp.nonMechanized} MP, Luftwaffe ${spec.luftwaffeCas}.`,
    { rule: '5.3' },
  );
}

/** Where the campaign stands after a turn, and what the next victory check will ask (4.2-4.5). */
function turnSummary(play: Play): void {
  const s = play.s;
  const vp = victoryPoints(play);
  const historical = s.scenario === 'historical';
  const next = s.turn + 1;
  const upcoming = turnSpec(play.charts, next).victoryCheck;
  let need: string;
  if (upcoming === 'pocket' && historical)
    need = `turn ${next} ends with the pocket check: 200 pocket hexes (4.2), ${s.pocketTally} so far`;
  else if (upcoming === 'front-integrity')
    need = `turn ${next} ends with the front integrity check (4.3): ${frontGaps(play).length} front hexes unwatched now`;
  else if (upcoming === 'vp' && historical)
    need = `turn ${next} ends with the VP check (4.4): 16 VP (${vp} now) and no Soviet hex west of column 29 (${sovietWestOf29(play).length} now)`;
  else need = `take a Moscow hex to win (4.5); ${plural(LAST_TURN - s.turn, 'turn')} left`;
  play.event(
    'summary',
    `End of turn ${s.turn}: ${s.taken.length} hexes taken in all, pocket tally ${s.pocketTally}, ${vp} VP, ${s.destroyed.length} guards or airborne units destroyed for good. Next: ${need}.`,
    { rule: '5.0' },
  );
}

/** 4.2-4.5, 13.4. */
function victoryCheck(play: Play): void {
  const s = play.s;
  const historical = s.scenario === 'historical';
  if (holdsMoscow(play)) {
    s.result = { winner: 'german', reason: '4.5: German forces control a Moscow hex' };
    play.event('victory', 'German forces hold Moscow: the Germans win.', { rule: '4.5', hexes: play.index.moscow });
    return;
  }
  const check = turnSpec(play.charts, s.turn).victoryCheck;
  if (check === 'pocket' && historical) {
    const ok = s.pocketTally >= 200;
    play.event('victory-check', `Turn 2 pocket check: ${s.pocketTally} pocket hexes (200 needed): ${ok ? 'passed' : 'failed'}.`, {
      rule: '4.2',
    });
    if (!ok) s.result = { winner: 'soviet', reason: `4.2: only ${s.pocketTally} pocket hexes by turn 2 (200 needed)` };
  } else if (check === 'front-integrity') {
    const gaps = frontGaps(play);
    play.event(
      'victory-check',
      gaps.length === 0
        ? 'Turn 3 front integrity: every front hex is held or watched.'
        : `Turn 3 front integrity fails: ${gaps.length} front hex${gaps.length === 1 ? '' : 'es'} neither occupied nor in German ZOC (${gaps.slice(0, 8).join(', ')}${gaps.length > 8 ? ', ...' : ''}).`,
      { rule: '4.3', hexes: gaps.slice(0, 20) },
    );
    if (gaps.length > 0)
      s.result = { winner: 'soviet', reason: `4.3: the front has ${plural(gaps.length, 'unwatched hex', 'unwatched hexes')}` };
  } else if (check === 'vp' && historical) {
    const vp = victoryPoints(play);
    const west = sovietWestOf29(play);
    const ok = vp >= 16 && west.length === 0;
    play.event(
      'victory-check',
      `Turn 4 check: ${vp} VP (16 needed), ${west.length} Soviet hexes west of column 29: ${ok ? 'passed' : 'failed'}.`,
      { rule: '4.4', hexes: west.slice(0, 20) },
    );
    if (!ok)
      s.result = {
        winner: 'soviet',
        reason: vp < 16 ? `4.4: ${vp} VP on turn 4 (16 needed)` : `4.4: the Soviets still hold ${west.length} hexes west of column 29`,
      };
  }
}
