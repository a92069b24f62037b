/**
 * The Soviet counter mix: the pool the force generation and breakout tables draw from.
 * Only the guards (1st-8th) and airborne corps (4th, 5th) are named (8.3); the rest are
 * undifferentiated "speed bumps" (designer's note under 10.10).
 */
import type { SovietCounterSpec, SovietKind } from '../types.js';

const CDR: Record<SovietKind, { full: number; reduced?: number; note: string }> = {
  rifle: { full: 2, reduced: 1, note: "CDR 2/1 calibrated (initial): a rifle division is a speed bump (designer's note under 10.10)" },
  guards: { full: 3, reduced: 2, note: 'CDR 3/2 calibrated (initial): guards divisions are the elite rifle divisions, a step above 2/1' },
  airborne: { full: 3, reduced: 1, note: 'CDR 3/1 calibrated (initial): airborne corps hit hard but had little depth (light infantry)' },
  brigade: {
    full: 1,
    note: 'CDR 1 calibrated (initial): one-step brigade (10.6), tank, motorized rifle, rifle or cavalry alike (8.2 note)',
  },
  'heavy-howitzer': { full: 3, note: 'CDR 3 calibrated (initial): one-step artillery (10.6) that fires only in round one, step 3 (10.4)' },
  'heavy-mortar': {
    full: 2,
    note: 'CDR 2 calibrated (initial): one-step Katyusha rocket unit (2.8) firing only in round one, step 3 (10.4)',
  },
  cas: { full: 1, note: 'CDR unused: Soviet CAS rolls one unmodified die per German unit (10.4 step 1)' },
};

const STEPS: Record<SovietKind, 1 | 2> = {
  rifle: 2,
  guards: 2,
  airborne: 2,
  brigade: 1,
  'heavy-howitzer': 1,
  'heavy-mortar': 1,
  cas: 1,
};

function counter(kind: SovietKind, id: string, label: string, countNote: string, reserve = false): SovietCounterSpec {
  const { full, reduced, note } = CDR[kind];
  return {
    id,
    label,
    kind,
    steps: STEPS[kind],
    cdr: reduced === undefined ? { full } : { full, reduced },
    ...(reserve ? { reserve } : {}),
    source: `${countNote}; ${note}`,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const ordinal = (n: number) => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;

/** How many of each undifferentiated counter; chosen so that units and markers make about 280 (2.1). */
export const SOVIET_COUNTS = {
  rifle: 40,
  reserve: 10,
  brigade: 20,
  heavyHowitzer: 6,
  heavyMortar: 6,
  cas: 4,
} as const;

const MIX = 'calibrated (initial) count: enough for the largest defending force and breakout draw, total near 280 counters (2.1)';

export const SOVIET_COUNTERS: SovietCounterSpec[] = [
  ...range(SOVIET_COUNTS.rifle).map((n) => counter('rifle', `rd-${pad(n)}`, 'RD', MIX)),
  ...range(SOVIET_COUNTS.reserve).map((n) =>
    counter(
      'rifle',
      `rd-r${pad(n)}`,
      'RD',
      'rule 3.1, 8.3: ten rifle divisions set aside to replace eliminated guards and airborne units',
      true,
    ),
  ),
  ...range(8).map((n) => counter('guards', `gd-${n}`, `${n} Gd`, `rule 8.3: guards divisions 1st-8th (this is the ${ordinal(n)})`)),
  ...[4, 5].map((n) => counter('airborne', `ac-${n}`, `${n} AC`, `rule 8.3: airborne corps 4th and 5th (this is the ${ordinal(n)})`)),
  ...range(SOVIET_COUNTS.brigade).map((n) => counter('brigade', `b-${pad(n)}`, 'B', MIX)),
  ...range(SOVIET_COUNTS.heavyHowitzer).map((n) => counter('heavy-howitzer', `hh-${n}`, 'HH', MIX)),
  ...range(SOVIET_COUNTS.heavyMortar).map((n) => counter('heavy-mortar', `hm-${n}`, 'HM', MIX)),
  ...range(SOVIET_COUNTS.cas).map((n) => counter('cas', `cas-${n}`, 'CAS', MIX)),
];
