/**
 * The charts as /rules shows them: a reconstruction, said so on every chart.
 */
import type { FtbCharts } from './charts.js';
import { READINGS } from './readings.js';

export const FTB_CHART_IDS = ['turns', 'crt', 'terrain', 'counters', 'chits', 'readings'] as const;

export function chartText(charts: FtbCharts, id: string): string {
  const head = 'Fight! Typhoon Blitz (reconstruction: the printed charts are not in the rules text; owners can load theirs)';
  switch (id) {
    case 'turns':
      return [
        `${head}: turn track (5.0, 14.1)`,
        ...charts.turns.rows.map(
          (r) =>
            `T${r.turn} ${r.dates}: ${r.turn >= 3 && r.turn <= 5 ? 'mud' : r.turn === 6 || r.turn === 7 ? 'frost' : r.turn >= 8 ? 'snow' : 'clear'}; chits Soviet ${r.suCom}, Axis ${r.gerCom}; reinforcements Soviet ${r.suReinf}, Axis ${r.gerReinf}`,
        ),
        charts.turns.note,
      ].join('\n');
    case 'crt':
      return [
        `${head}: CRT (10.4), die down, odds across`,
        `die | ${charts.crt.columns.join(' | ')}`,
        ...charts.crt.rows.map((r, i) => `${i + 1} | ${r.join(' | ')}`),
        charts.crt.note,
      ].join('\n');
    case 'terrain':
      return [
        `${head}: terrain (TEC, 9.2, 10.3)`,
        'clear 1 MP, 0 shifts, mech advance 2 · light forest mech 2 / other 1, 1 shift · deep forest 3/2, 2 shifts · swamp 3/2, 1 shift · major city 1, 2 shifts · town +1 shift on its terrain · lake: no entry',
        'river hexside +1 MP, attack halved (total rounded down) · major river: all MP, only from the start hex, never EZOC to EZOC; attack halved · road 1 MP a hex, strategic 1/2 · EZOC +2 to leave, +2 to enter (Soviet in snow +1)',
        'mud/frost/snow: clear counts as light forest; mud and frost +1 shift to the defender; snow 2 shifts to the Soviet; mud and snow: no road effect',
      ].join('\n');
    case 'counters':
      return [
        `${head}: counters (attack-defence-MA for mechanized, combat-MA for others; reduced in brackets)`,
        ...Object.entries(charts.unitTypes.types).map(
          ([t, v]) =>
            `${t} (${v.side}${v.mech ? ', mech' : ''}${v.hq ? `, HQ range ${v.hq}` : ''}): ${v.full.join('-')}${v.reduced ? ` (${v.reduced.join('-')})` : ', one step'}`,
        ),
        charts.unitTypes.note,
      ].join('\n');
    case 'chits':
      return [
        `${head}: command chits (2.23)`,
        `Axis: ${charts.chits.axis.join(', ')}`,
        `Soviet: ${charts.chits.soviet.join(', ')}`,
        'SUPPLY: always in the cup',
        charts.chits.note,
      ].join('\n');
    case 'readings':
      return [
        'Readings of the machine-translated rules this bot plays by (/game new rules options choose the others):',
        ...READINGS.map((r) => `${r.id} ${r.rule}: ${r.reading}`),
      ].join('\n');
    default:
      return `No chart "${id}". Charts: ${FTB_CHART_IDS.join(', ')}.`;
  }
}
