/**
 * How often Drive on Moscow's settled ambiguities (docs/games/drive-on-moscow.md, digest section 16) come into play
 * in bot games: a reading can only move the arena's numbers in the games where its situation
 * arises. Plays seeds with the chosen bot level on both sides and counts, per reading, the
 * situations where the other reading would have played differently.
 *
 *   npx tsx scripts/dom-readings.ts --level heuristic --games 20 [--seed 1]
 */
import { parseArgs } from 'node:util';
import { botStep } from '../src/games/drive-on-moscow/bot.js';
import { SHIPPED_CHARTS } from '../src/games/drive-on-moscow/charts.js';
import { domEngine } from '../src/games/drive-on-moscow/engine.js';
import { Position } from '../src/games/drive-on-moscow/position.js';
import { searchStep } from '../src/games/drive-on-moscow/search-bot.js';
import type { DomAction, DomState } from '../src/games/drive-on-moscow/state.js';

const { values } = parseArgs({
  options: {
    level: { type: 'string', default: 'heuristic' },
    games: { type: 'string', default: '20' },
    seed: { type: 'string', default: '1' },
  },
});
if (values.level !== 'heuristic' && values.level !== 'search') throw new Error('--level is heuristic or search');

const engine = domEngine(SHIPPED_CHARTS);
const board = engine.board;
const count = {
  games: 0,
  /** 5: a Bloodbath refused because it would leave no German step (a KG would count under the other reading). */
  bloodbathRefusedForSteps: 0,
  bloodbaths: 0,
  /** 10: a Guards unit lost for want of a unit of its exact type (an RB would do under the other reading). */
  guardsLost: 0,
  conversions: 0,
  /** 13: reinforcements entering a hex next to a German unit (GZOC; refused under the other reading). */
  entriesIntoGzoc: 0,
  entries: 0,
  /** 4: German attacks that include an out-of-supply unit (attack 0). */
  germanAttacksWithOosUnit: 0,
  germanAttacks: 0,
  /** 7: battles with two aircraft stacked on them. */
  battlesWithTwoAircraft: 0,
};

const step = (s: DomState, side: DomState['side']) => (values.level === 'search' ? searchStep(engine, s, side) : botStep(engine, s, side));
const first = Number(values.seed);
for (let seed = first; seed < first + Number(values.games); seed++) {
  let s = engine.setup({ seed });
  count.games++;
  for (let n = 0; !s.result && n < 20_000; n++) {
    const side = engine.prompt(s).side ?? s.side;
    const st = step(s, side);
    if (!st) break;
    const a: DomAction = st.action;
    if (a.type === 'attack') {
      if ((a.air ?? 0) >= 2) count.battlesWithTwoAircraft++;
      if (s.units[a.units[0]!]?.side === 'german') {
        count.germanAttacks++;
        const p = new Position(board, engine.charts, s);
        if (a.units.some((id) => !p.supplied(s.units[id]!))) count.germanAttacksWithOosUnit++;
      }
    }
    const applied = st.applied ?? engine.apply(s, a);
    for (const e of applied.events) {
      if (e.kind === 'converted' && e.text.includes('Bloodbath would leave no German step')) count.bloodbathRefusedForSteps++;
      if (e.kind === 'bloodbath') count.bloodbaths++;
      if (e.kind === 'guards-lost') count.guardsLost++;
      if (e.kind === 'guards') count.conversions++;
      if (e.kind === 'entered') {
        count.entries++;
        const hex = e.hexes?.[0];
        const p = new Position(board, engine.charts, applied.state);
        if (hex && board.neighbours(hex).some((x) => p.unitsAt(x, 'german').length > 0)) count.entriesIntoGzoc++;
      }
    }
    s = applied.state;
  }
}
console.log(JSON.stringify({ level: values.level, seeds: `${first}-${first + count.games - 1}`, ...count }, null, 1));
