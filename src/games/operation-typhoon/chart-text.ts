/**
 * The charts as monospaced tables for /rules: what a player would read off the map sheet.
 * The values are the reconstruction (or an owner's override), and every table says so.
 */
import { plural } from '../../contracts/text.js';
import type { TyphoonCharts } from './charts/index.js';
import { describeForce } from './force-generation.js';

export const CHART_IDS = ['turns', 'movement', 'terrain', 'crt', 'forces', 'breakout', 'oob'] as const;
export type ChartId = (typeof CHART_IDS)[number];

export const CHART_NAMES: Record<ChartId, string> = {
  turns: 'Game Turn Record Track',
  movement: 'German Movement Points Table',
  terrain: 'Terrain Effects Chart',
  crt: 'Combat Results Table',
  forces: 'Soviet Defending Force Generation Table',
  breakout: 'Soviet Breakout Force Generation Table',
  oob: 'German order of battle',
};

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

const hits = (h: number) => (h === 0 ? '-' : plural(h, 'hit'));
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export function chartText(charts: TyphoonCharts, id: ChartId): string {
  const head = `**${CHART_NAMES[id]}** (reconstruction: the printed chart is not public; docs/typhoon-charts.md gives every source)`;
  let body: string;
  switch (id) {
    case 'turns':
      body = table([
        ['Turn', 'Dates', 'Luftwaffe', 'Soviet mod', 'Check'],
        ...charts.turns.map((t) => [
          `${t.turn} ${t.label}`,
          t.dates,
          String(t.luftwaffeCas),
          signed(t.forceModifier),
          t.victoryCheck ?? (t.turn === 5 ? 'mud (12.1)' : ''),
        ]),
      ]);
      break;
    case 'movement':
      body = table([
        ['Turn', 'Mechanized', 'Non-mech'],
        ...charts.turns.map((t) => [`${t.turn} ${t.label}`, String(t.mp.mechanized), String(t.mp.nonMechanized)]),
      ]);
      break;
    case 'terrain': {
      const t = charts.terrain.terrain;
      body = table([
        ['Terrain', 'MP mech/foot', 'Ger mech', 'Ger foot', 'Sov ground', 'Sov art'],
        ...(['clear', 'forest', 'marsh', 'town', 'city', 'capital'] as const).map((k) => [
          k === 'capital' ? 'Moscow' : k,
          t[k].mp ? `${t[k].mp!.mechanized}/${t[k].mp!.nonMechanized}` : 'as hex',
          signed(t[k].fire.germanMechanized),
          signed(t[k].fire.germanNonMechanized),
          signed(t[k].fire.sovietGround),
          signed(t[k].fire.sovietArtillery),
        ]),
        [
          'river side',
          `+${charts.terrain.river.mp.mechanized}/+${charts.terrain.river.mp.nonMechanized}`,
          '',
          '',
          `+${charts.terrain.river.defenderFirstRound} round 1`,
          '',
        ],
      ]);
      break;
    }
    case 'crt':
      body = table([
        ['Roll', 'German fire', 'Soviet fire'],
        ...charts.crt.rows.map((r) => [String(r.roll), hits(r.german), hits(r.soviet)]),
      ]);
      break;
    case 'forces': {
      const l = charts.forceGeneration.lines;
      body = table([
        ['Roll', l.open.label, l.town.label, l.city.label],
        ...l.open.rows.map((r, i) => [
          String(r.roll),
          describeForce(r.force),
          describeForce(l.town.rows[i]?.force ?? null),
          describeForce(l.city.rows[i]?.force ?? null),
        ]),
      ]);
      body += `\nModifiers: turn (see turns), +${charts.forceGeneration.moscowModifier} Moscow hex, +${charts.forceGeneration.clenchedFistModifier} Clenched Fist.`;
      break;
    }
    case 'breakout':
      body = table([
        ['Pocket hexes', '1', '2', '3', '4', '5', '6'],
        ...charts.breakout.bands.map((b) => [`${b.minHexes}${b.maxHexes ? `-${b.maxHexes}` : '+'}`, ...b.units.map(String)]),
      ]);
      body += `\nModifier: +${charts.forceGeneration.clenchedFistModifier} Clenched Fist (13.5); a roll above 6 reads the 6 column.`;
      break;
    case 'oob': {
      const rows = charts.formations.map((f) => {
        const units = charts.german.filter((u) => u.formation === f.id);
        return [f.name, String(units.length), units.map((u) => `${u.label} ${u.cdr.full}/${u.cdr.reduced}`).join(', ')];
      });
      body = rows.map((r) => `${r[0]} (${r[1]}): ${r[2]}`).join('\n');
      return `${head}\n${body}`;
    }
  }
  return `${head}\n\`\`\`\n${body}\n\`\`\``;
}
