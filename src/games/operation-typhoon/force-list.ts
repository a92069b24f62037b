import { plural } from '../../contracts/text.js';
import type { HexId } from '../../kernel/hex.js';
import { allowance } from './movement.js';
import type { RulesIndex } from './rules-index.js';
import type { TyphoonState } from './state.js';

/**
 * A commander's army as a list (/force list): by formation, each stack with its hex, units
 * and steps, its MP (9.2) and whether it may still move this phase (9.11). The units of a
 * stack are those of one formation; a hex shared by two formations shows under each.
 */
export function forceList(index: RulesIndex, s: TyphoonState, formations?: readonly string[]): string {
  const wanted = index.charts.formations.filter((f) => !formations || formations.includes(f.id));
  const out: string[] = [`**Forces, turn ${s.turn}** · hex: units (steps) · MP · ▶ may move, ✓ moved, ⇢ moving now`];
  for (const f of wanted) {
    const units = Object.entries(s.units).filter(([id]) => index.unit(id).formation === f.id);
    if (!units.length) continue;
    const byHex = new Map<HexId, string[]>();
    for (const [id, u] of units) byHex.set(u.hex, [...(byHex.get(u.hex) ?? []), id]);
    let ready = 0;
    const lines = [...byHex]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([hex, ids]) => {
        const moving = s.active?.units.some((u) => ids.includes(u));
        const waiting = ids.filter((u) => !s.done.includes(u) && !s.active?.units.includes(u));
        if (waiting.length) ready += 1;
        const mark = moving ? '⇢' : waiting.length ? '▶' : '✓';
        const mp = moving
          ? `${s.active!.mp} MP left`
          : waiting.length
            ? [...new Set(waiting.map((u) => allowance(index, s.turn, index.unit(u).mobility)))].map((m) => `${m} MP`).join('/')
            : 'moved';
        const names = ids
          .sort((a, b) => index.unit(a).label.localeCompare(index.unit(b).label))
          .map((u) => `${index.unit(u).label} (${s.units[u]!.steps})`)
          .join(', ');
        return `${mark} ${hex}: ${names} · ${mp}`;
      });
    out.push(`**${f.id}** ${f.name}: ${plural(units.length, 'unit')} in ${plural(byHex.size, 'hex', 'hexes')}, ${ready} to move`, ...lines);
  }
  if (out.length === 1) out.push('No German units of those formations are on the map.');
  return out.join('\n');
}
