/**
 * The Terrain Effects Chart, Combat Results Table, Soviet Defending Force Generation Table and
 * Soviet Breakout Force Generation Table. Rule-fixed cells are marked; the rest are initial
 * calibrations for the balance harness to tune.
 */
import type { BreakoutTable, CombatResultsTable, ForceGenerationTable, SovietForce, TerrainChart } from '../types.js';

export const TERRAIN: TerrainChart = {
  terrain: {
    clear: {
      mp: { mechanized: 1, nonMechanized: 1 },
      fire: { germanMechanized: 0, germanNonMechanized: 0, sovietGround: 0, sovietArtillery: 0 },
      source: 'calibrated (initial): the baseline terrain, 1 MP and no fire modifiers',
    },
    forest: {
      mp: { mechanized: 2, nonMechanized: 1 },
      fire: { germanMechanized: -2, germanNonMechanized: -1, sovietGround: 1, sovietArtillery: 0 },
      source:
        'calibrated (initial): forest ties motor columns to the roads (2 MP) but not marching infantry (1 MP), below the marsh costs of the 9.4 example; ' +
        'it hides defenders from tanks (-2) more than from infantry (-1) and helps Soviet ground fire at close range (+1), not observed artillery (0)',
    },
    marsh: {
      mp: { mechanized: 3, nonMechanized: 2 },
      fire: { germanMechanized: -1, germanNonMechanized: -1, sovietGround: 1, sovietArtillery: 0 },
      source:
        'MP rule 9.4 example (mechanized 3, non-mechanized 2); fire calibrated (initial): poor going spoils German fire (-1), helps the defender (+1)',
    },
    town: {
      fire: { germanMechanized: -1, germanNonMechanized: -1, sovietGround: 1, sovietArtillery: 0 },
      source:
        "MP: the hex's natural terrain (9.4, one natural terrain per hex); fire calibrated: street fighting spoils German fire (-1) and helps the defender (+1); " +
        'tanks at -1 like infantry, since a panzer division fought through towns with its own rifle regiments (tuned from -2: the pocket-seeking German passed 4.4 in 35% of games, 45% at -1; docs/typhoon-charts.md, fifth round)',
    },
    city: {
      fire: { germanMechanized: -1, germanNonMechanized: -1, sovietGround: 1, sovietArtillery: 1 },
      source:
        "MP: the hex's natural terrain (9.4); fire calibrated: as a town, and prepared artillery positions (+1); the bigger garrison comes from the City line (8.1)",
    },
    capital: {
      fire: { germanMechanized: -1, germanNonMechanized: -1, sovietGround: 1, sovietArtillery: 1 },
      source:
        "MP: the hex's natural terrain (9.4); fire calibrated: as a city; Moscow's strength comes from the +3 force modifier (8.1) " +
        '(tanks tuned from -2 with towns and cities: German attacks on Moscow on turns 7-8 won 25% and 4% of the time at -2)',
    },
  },
  river: {
    mp: { mechanized: 2, nonMechanized: 1 },
    defenderFirstRound: 1,
    source: 'rule 9.4 example (mechanized +2, non-mechanized +1 MP); rule 10.3 (+1 to the defenders in the first round)',
  },
};

/*
 * German fire: unmodified 1-2 miss, 3-5 one hit, 6 two hits (0.83 hits a die on clear ground).
 * Soviet fire: unmodified 1-4 miss, 5-6 one hit (0.33 a die); only modifiers reach 2 hits.
 */
export const CRT: CombatResultsTable = {
  rows: [
    { roll: 0, german: 0, soviet: 0 },
    { roll: 1, german: 0, soviet: 0 },
    { roll: 2, german: 0, soviet: 0 },
    { roll: 3, german: 1, soviet: 0 },
    { roll: 4, german: 1, soviet: 0 },
    { roll: 5, german: 1, soviet: 1 },
    { roll: 6, german: 2, soviet: 1 },
    { roll: 7, german: 2, soviet: 2 },
    { roll: 8, german: 2, soviet: 2 },
  ],
  source:
    'calibrated (initial): three columns die roll / German fire / Soviet fire with misses, 1 or 2 hits (10.1); ' +
    "German fire hits more often than Soviet fire (the Soviets are speed bumps, designer's note under 10.10); rolls off the table use the nearest row",
};

const f = (force: SovietForce) => force;
const NONE = null;

export const FORCE_GENERATION: ForceGenerationTable = {
  lines: {
    open: {
      label: 'Clear, Forest, or Marsh hex',
      rows: [
        { roll: 1, force: NONE },
        { roll: 2, force: NONE },
        { roll: 3, force: f({ B: 1 }) },
        { roll: 4, force: f({ RD: 1 }) },
        { roll: 5, force: f({ RD: 2, B: 1 }) }, // rule 8.1 example
        { roll: 6, force: f({ RD: 2, A: 1 }) },
        { roll: 7, force: f({ RD: 2, B: 1, A: 1 }) },
        { roll: 8, force: f({ RD: 2, GD: 1 }) },
        { roll: 9, force: f({ RD: 2, GD: 1, B: 1 }) },
        { roll: 10, force: f({ RD: 3, GD: 1, A: 1 }) },
        { roll: 11, force: f({ RD: 2, GD: 1, AC: 1, A: 1 }) },
        { roll: 12, force: f({ RD: 3, GD: 2, A: 1, CAS: 1 }) },
      ],
    },
    town: {
      label: 'Town hex',
      rows: [
        { roll: 1, force: NONE },
        { roll: 2, force: f({ B: 1 }) },
        { roll: 3, force: f({ RD: 1 }) },
        { roll: 4, force: f({ RD: 1, B: 1 }) },
        { roll: 5, force: f({ RD: 2, B: 1 }) },
        { roll: 6, force: f({ RD: 2, B: 1, A: 1 }) },
        { roll: 7, force: f({ RD: 2, GD: 1 }) },
        { roll: 8, force: f({ RD: 2, GD: 1, A: 1 }) },
        { roll: 9, force: f({ RD: 3, GD: 1, B: 1 }) },
        { roll: 10, force: f({ RD: 2, GD: 1, AC: 1, A: 1 }) },
        { roll: 11, force: f({ RD: 3, GD: 1, AC: 1, A: 1, CAS: 1 }) },
        { roll: 12, force: f({ RD: 3, GD: 2, B: 1, A: 2, CAS: 1 }) },
      ],
    },
    city: {
      label: 'City hex (and Moscow, +3)',
      rows: [
        { roll: 1, force: f({ RD: 1 }) },
        { roll: 2, force: f({ RD: 1, B: 1 }) },
        { roll: 3, force: f({ RD: 2 }) },
        { roll: 4, force: f({ RD: 2, B: 1 }) },
        { roll: 5, force: f({ RD: 2, B: 1, A: 1 }) },
        { roll: 6, force: f({ RD: 3, A: 1 }) },
        { roll: 7, force: f({ RD: 2, GD: 1, A: 1 }) },
        { roll: 8, force: f({ RD: 3, GD: 1, A: 1 }) },
        { roll: 9, force: f({ RD: 3, GD: 1, B: 1, A: 1, CAS: 1 }) },
        { roll: 10, force: f({ RD: 3, GD: 1, AC: 1, A: 1, CAS: 1 }) },
        { roll: 11, force: f({ RD: 3, GD: 2, A: 2, CAS: 1 }) },
        { roll: 12, force: f({ RD: 4, GD: 3, AC: 2, A: 3, CAS: 2 }) }, // 13.5 only: see the source note
      ],
    },
  },
  moscowModifier: 3,
  clenchedFistModifier: 1,
  source:
    'rule 8.1 (lines by terrain, modified die, the example: turn 1, clear, die 5 = 2 RD + 1 B; +3 in a Moscow hex), rule 13.5 (+1 Clenched Fist); ' +
    'rolls 1-12 cover die 1-6 plus at most +2 (turn), +3 (Moscow), +1 (13.5); other cells calibrated (initial): ' +
    'open ground often empty at low rolls, towns and cities always or nearly always held, guards, airborne, artillery and CAS only at high rolls; ' +
    'City roll 12 is reached only in the Clenched Fist (die 6, +2 on turns 5-8, +3 Moscow, +1 13.5; the historical game stops at 11), so it is ' +
    'Moscow with the defences 13.0 says the delay let the Soviets build: three guards divisions, both airborne corps, three artillery and two CAS ' +
    '(was 4 RD + 2 GD + 1 AC + 2 A + 1 CAS; calibrated on the Clenched Fist German: its turn 6 attacks on Moscow at 12 won 6 of 19, none of 21 with this; ' +
    'wins 84 and 82 of seeds 1-100; docs/typhoon-charts.md, Clenched Fist round)',
};

export const BREAKOUT: BreakoutTable = {
  bands: [
    { minHexes: 1, maxHexes: 5, units: [0, 0, 1, 1, 2, 2] },
    { minHexes: 6, maxHexes: 15, units: [1, 1, 2, 2, 3, 4] },
    { minHexes: 16, maxHexes: 40, units: [2, 3, 3, 4, 5, 6] },
    { minHexes: 41, maxHexes: 100, units: [5, 6, 8, 9, 11, 13] },
    { minHexes: 101, units: [10, 12, 13, 15, 17, 20] },
  ],
  source:
    'rule 11.2 step 3 (pocket size x die = units drawn from the pool of rifle divisions, artillery and brigades); ' +
    'numbers calibrated (initial): a lone division usually holds a small pocket, a full three-division stack is needed against the biggest; ' +
    'a die above 6 (13.5 Clenched Fist +1) reads the 6 column; ' +
    'the two big bands tuned with the faster movement table (turns.ts) so that the pocket-seeking policy passes 4.2 in 55-80% of games ' +
    '(seeds 1-120: 91% with the initial 3-8 and 5-12, 78% with 5-12 and 9-18, 66% with these): a successful breakout on turns 1-2 takes five times its pocket off the tally (11.3)',
};
