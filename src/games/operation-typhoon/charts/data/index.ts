/**
 * The shipped reconstruction of Operation Typhoon's charts and counter mix. Every value carries
 * its source note; docs/typhoon-charts.md shows them as tables.
 */
import type { MarkerSpec, TyphoonCharts } from '../types.js';
import { GERMAN_UNITS } from './german.js';
import { SOVIET_COUNTERS } from './soviet.js';
import { BREAKOUT, CRT, FORCE_GENERATION, TERRAIN } from './tables.js';
import { TURNS } from './turns.js';

/** 2.11 and 3.3; the front line markers fill the sheet to 280 counters (2.1). */
const MARKERS: MarkerSpec[] = [
  { id: 'turn', label: 'Turn', count: 1, source: 'rule 2.11, 3.3: one turn marker' },
  {
    id: 'german-vp',
    label: 'German VP',
    count: 2,
    source: 'rule 2.11, 3.3: VP markers (units and tens) for the Sudden Death Victory Point Track',
  },
  {
    id: 'soviet-pocket',
    label: 'Soviet Pocket',
    count: 2,
    source: 'rule 2.11, 3.3: pocket markers (units and tens) for a tally of 200 or more (4.2)',
  },
  { id: 'mp-remaining', label: 'MP Remaining', count: 1, source: 'rule 2.11, 9.10: one Movement Points Remaining marker' },
  { id: 'luftwaffe', label: 'Luftwaffe CAS', count: 2, source: 'rule 9.1: at most two Luftwaffe air support units a turn' },
  {
    id: 'front-line',
    label: 'Front Line',
    count: 105,
    source: 'calibrated (initial): the rest of the 280 counters (2.1) are front line markers (3.4)',
  },
];

export const RECONSTRUCTION: TyphoonCharts = {
  formations: [
    { id: '9A', name: '9th Army' },
    { id: 'PG3', name: 'Panzer Group 3' },
    { id: '4A', name: '4th Army' },
    { id: 'PG4', name: 'Panzer Group 4' },
    { id: '2A', name: '2nd Army' },
    { id: 'PG2', name: 'Panzer Group 2' },
  ],
  german: GERMAN_UNITS,
  soviet: SOVIET_COUNTERS,
  turns: TURNS,
  terrain: TERRAIN,
  crt: CRT,
  forceGeneration: FORCE_GENERATION,
  breakout: BREAKOUT,
  markers: MARKERS.reduce((n, m) => n + m.count, 0),
  markerMix: MARKERS,
};
