/** The charts as text for /rules (a reconstruction: docs/games/drive-on-moscow.md and docs/drive-on-moscow-charts.md say how it was made). */
import type { DomCharts } from './charts.js';

export const DOM_CHART_IDS = ['crt', 'turns', 'terrain', 'units'] as const;

export function chartText(c: DomCharts, id: string): string {
  const recon = '(reconstruction; an owner may load the printed values with DOM_CHARTS_OVERRIDE)';
  switch (id) {
    case 'turns':
      return [
        `**Drive on Moscow: Turn Record Track** ${recon}`,
        ...c.turns.map(
          (t) =>
            `GT${t.turn} ${t.label}: MF ${t.mf[0]}/${t.mf[1]}, Air ${t.air[0]}/${t.air[1]}, reinforcements ${
              Object.entries(t.reinforcements)
                .map(([k, n]) => `${n} ${k}`)
                .join(', ') || 'none'
            }`,
        ),
        'Withdrawals: one 4-8 infantry division on GT5, GT6 and GT7; the cavalry division on GT7 (9.3).',
      ].join('\n');
    case 'terrain':
      return [
        '**Drive on Moscow: terrain (10.8-10.12, 11.11-11.18)**',
        'Clear, forest: 1 MP. Marsh: 1 MP; mech units other than cavalry may not enter or attack it; no mobile assault into it.',
        'River hexside: +1 MP; 1L if every attacker crosses one. Reservoir hexside: no movement, combat, ZOC or German supply across.',
        'Forest: 1L for Soviet defenders against a mobile assault. City: 2L for any defender, no concentric bonus; Soviet AS/DR become AL1; German DR becomes AS or Bloodbath; panzers attack with their defense.',
        'Fortification (Soviet): 1L for Soviet defenders; panzers attack with their defense. Town: no effect on combat.',
      ].join('\n');
    case 'units': {
      const g = c.german.units;
      const kinds = new Map<string, number>();
      for (const u of g)
        kinds.set(
          `${u.type} ${u.full.join('-')}${u.reduced ? `/${u.reduced.join('-')}` : ''}`,
          (kinds.get(`${u.type} ${u.full.join('-')}${u.reduced ? `/${u.reduced.join('-')}` : ''}`) ?? 0) + 1,
        );
      return [
        `**Drive on Moscow: counter mix** ${recon}`,
        `German: ${[...kinds].map(([k, n]) => `${n} ${k}`).join(', ')}; ${c.kg.count} KG (panzer ${c.kg.panzer.join('-')}, PG ${c.kg.pg.join('-')}).`,
        ...Object.entries(c.soviet.types).map(
          ([t, s]) => `${t} veteran faces: ${s.faces.map(([f, n]) => `${n}× ${f.join('-')}`).join(', ')}`,
        ),
        `Guards: ${Object.entries(c.soviet.guards)
          .map(([t, s]) => `${s.count} ${t} ${s.full.join('-')}/${s.reduced.join('-')}`)
          .join(', ')}.`,
      ].join('\n');
    }
    default:
      return [
        `**Drive on Moscow: Combat Results Table** ${recon}`,
        `die | ${c.crt.columns.join(' | ')}`,
        ...c.crt.rows.map((r, i) => `${i + 1} | ${r.join(' | ')}`),
        'Above 5:1: DE without a roll; below 1:3: AL1 without a roll (11.9). Shifts apply before the limits (11.21).',
      ].join('\n');
  }
}
