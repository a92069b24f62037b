/**
 * The Game Turn Record Track and the German Movement Points Table (5.0, 9.1, 9.3, 12.x).
 * Dates: the offensive opened 30 Sep (Panzer Group 2) and 2 Oct (the rest); the Rasputitsa
 * halt ran from about the end of October to mid-November; the last turn reaches the Soviet
 * counteroffensive of 5 December.
 */
import type { TurnSpec } from '../types.js';

interface Row {
  label: string;
  dates: string;
  weeks: 1 | 2;
  luftwaffeCas: 0 | 1 | 2;
  mech: number;
  foot: number;
  why: string;
}

const ROWS: Row[] = [
  { label: 'Oct I', dates: '30 Sep - 8 Oct 1941', weeks: 1, luftwaffeCas: 2, mech: 18, foot: 9, why: 'dry weather, fresh offensive, Luftflotte 2 at full strength; tuned by the balance harness (docs/balance-report.md, docs/typhoon-charts.md): from 12/6 (the Vyazma ring rarely closed by turn 2, 28% of games passed 4.2) to 15/8 (75%), then to 18/9 with turns 2-4 so that turns 3-4 can be won at all (the column 28 line and the towns of 4.4); the 4.2 pass rate is held in 55-80% by the breakout table. Historically 2nd Panzer Group ran some 17 hexes from Glukhov to Orel by 3 Oct' },
  { label: 'Oct II', dates: '9 - 15 Oct 1941', weeks: 1, luftwaffeCas: 2, mech: 14, foot: 7, why: 'first snow and rain on 7 Oct begin to slow the roads, but the panzers still ran: 3rd Panzer Group reached Kalinin on 14 Oct (tuned: 14/7 after 18/9 lets the rear reach the new front for 4.3, turn 3 passed in 14 of 23 games against 9 of 22 with 12/6)' },
  { label: 'Oct III', dates: '16 - 22 Oct 1941', weeks: 1, luftwaffeCas: 1, mech: 14, foot: 7, why: 'autumn rains, the Rasputitsa sets in; tuned up from 7/4: with 7/4 and 5/3 the column 28 line (4.4) was never closed (median 271 Soviet hexes west of 29 after turn 4), with 14/7 and 12/6 it is closed in every game that reaches turn 4 (docs/typhoon-charts.md)' },
  { label: 'Oct IV', dates: '23 - 29 Oct 1941', weeks: 1, luftwaffeCas: 1, mech: 12, foot: 6, why: 'deep mud, fuel and supply shortfalls; tuned up from 5/3 with turn 3' },
  { label: 'Nov I-II', dates: '30 Oct - 12 Nov 1941', weeks: 2, luftwaffeCas: 0, mech: 3, foot: 2, why: 'Rasputitsa stand-down (12.1): mud, airfields unusable' },
  { label: 'Nov III', dates: '13 - 19 Nov 1941', weeks: 1, luftwaffeCas: 1, mech: 8, foot: 4, why: 'frost hardens the ground for the renewed offensive of 15 Nov' },
  { label: 'Nov IV', dates: '20 - 26 Nov 1941', weeks: 1, luftwaffeCas: 1, mech: 6, foot: 3, why: 'deep cold and exhaustion' },
  { label: 'Dec I', dates: '27 Nov - 3 Dec 1941', weeks: 1, luftwaffeCas: 0, mech: 4, foot: 2, why: 'extreme cold; Luftflotte 2 leaves for the Mediterranean' },
];

export const TURNS: TurnSpec[] = ROWS.map((r, i) => {
  const turn = i + 1;
  const victoryCheck = turn === 2 ? 'pocket' : turn === 3 ? 'front-integrity' : turn === 4 ? 'vp' : undefined;
  return {
    turn,
    label: r.label,
    dates: r.dates,
    weeks: r.weeks,
    luftwaffeCas: r.luftwaffeCas,
    mp: { mechanized: r.mech, nonMechanized: r.foot },
    forceModifier: turn >= 5 ? 2 : turn >= 3 ? 1 : 0,
    regroup: turn <= 5,
    ...(victoryCheck ? { victoryCheck } : {}),
    interArmyStacking: turn <= 4,
    firstRoundGermanBonus: turn === 6 ? 1 : 0,
    source:
      `rules: 8 turns, turn 5 two weeks (12.1), force modifier 8.1, regroup turns 1-5 (5.2, 10.10), ` +
      `victory checks 4.2/4.3 (errata 2.2)/4.4, inter-army stacking 7.3/12.2, turn 6 bonus 12.3; ` +
      `dates historical; Luftwaffe (0-2, 9.1) and MP (9.3) calibrated (initial): ${r.why}`,
  };
});
