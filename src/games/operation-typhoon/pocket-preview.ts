import type { HexId } from '../../kernel/hex.js';
import { breakoutUnits } from './charts/index.js';
import { Play } from './context.js';
import { pocketsAfterCapture } from './control.js';
import { breakoutModifier } from './force-generation.js';
import type { RulesIndex } from './rules-index.js';
import type { TyphoonState } from './state.js';

/** What taking one hex would cut off, before anything is rolled (11.1-11.3). */
export interface PocketPreview {
  /** Pockets the capture would form, largest first (hex counts). */
  sizes: number[];
  /** Their hexes, largest first. */
  pockets: HexId[][];
  /** A pocket holding Moscow: never breaks out, and closing it wins (11.2 note, 4.5). */
  moscow: boolean;
  /** The breakout roll of the largest: fewest and most units it draws (11.2 step 3). */
  units: { min: number; max: number; none: number };
}

/** The pockets a capture of `hex` would form now; undefined when it would form none. */
export function pocketPreview(index: RulesIndex, s: TyphoonState, hex: HexId): PocketPreview | undefined {
  if (!index.initiallySoviet.has(hex) || s.taken.includes(hex)) return undefined;
  const play = new Play(index, { ...s, taken: [...s.taken] });
  play.takeHexes([hex]);
  const pockets = pocketsAfterCapture(play, hex);
  if (pockets.length === 0) return undefined;
  const moscow = pockets.some((p) => p.some((h) => index.moscow.includes(h)));
  const size = pockets[0]!.length;
  const mod = breakoutModifier(play).total;
  const counts = [1, 2, 3, 4, 5, 6].map((d) => breakoutUnits(index.charts, size, d + mod));
  return {
    sizes: pockets.map((p) => p.length),
    pockets,
    moscow,
    units: { min: Math.min(...counts), max: Math.max(...counts), none: counts.filter((c) => c === 0).length },
  };
}

/** One line: size, the breakout roll, and what a breakout costs (11.3) on this turn. */
export function pocketText(p: PocketPreview, s: TyphoonState, from: HexId | undefined): string {
  const size =
    p.sizes.length > 1 ? `pockets of ${p.sizes.join(' and ')} hexes` : `a pocket of ${p.sizes[0]} hex${p.sizes[0] === 1 ? '' : 'es'}`;
  if (p.moscow) return `taking it cuts off ${size} holding Moscow: no breakout, the Germans win (4.5)`;
  const roll =
    p.units.max === 0
      ? 'no breakout force on any roll'
      : `a breakout force of ${p.units.min === p.units.max ? p.units.max : `${p.units.min}-${p.units.max}`} units${p.units.none ? ` (none on ${p.units.none} in 6)` : ''}`;
  const tally = s.turn <= 2 ? `, pocket tally −${5 * p.sizes[0]!} (else +${p.sizes[0]})` : '';
  return `taking it cuts off ${size} (11.1): ${roll}; if they break out (11.3) the force falls back${from ? ` to ${from}` : ''} with one step and ends its move${tally}`;
}
