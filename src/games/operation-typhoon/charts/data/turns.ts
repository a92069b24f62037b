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
  { label: 'Oct I', dates: '30 Sep - 8 Oct 1941', weeks: 1, luftwaffeCas: 2, mech: 15, foot: 8, why: 'dry weather, fresh offensive, Luftflotte 2 at full strength; tuned by the balance harness (docs/balance-report.md) from 12/6: with 12 the Vyazma ring rarely closed by turn 2 (28% of games passed 4.2), with 14 about 57%, with 15 about 75%; infantry 8 so that the rear reaches the new front for 4.3 (with 6, 1% passed turn 3). Historically 2nd Panzer Group ran some 17 hexes from Glukhov to Orel by 3 Oct' },
  { label: 'Oct II', dates: '9 - 15 Oct 1941', weeks: 1, luftwaffeCas: 2, mech: 8, foot: 5, why: 'first snow and rain on 7 Oct begin to slow the roads (tuned: 8 with turn 1 at 15 gives a 4.2 pass rate of about 75%, inside the design target of 55-80%; 9 gave 81%, 7 only 27%)' },
  { label: 'Oct III', dates: '16 - 22 Oct 1941', weeks: 1, luftwaffeCas: 1, mech: 7, foot: 4, why: 'autumn rains, the Rasputitsa sets in' },
  { label: 'Oct IV', dates: '23 - 29 Oct 1941', weeks: 1, luftwaffeCas: 1, mech: 5, foot: 3, why: 'deep mud, fuel and supply shortfalls' },
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
