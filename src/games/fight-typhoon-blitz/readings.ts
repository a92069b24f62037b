/**
 * How this module reads the places where the machine-translated rules are unclear (the
 * digest's list, section 6). Each reading is also cited where the rule is coded; those with
 * an option can be switched with /game new rules:...
 */
export const READINGS: { id: string; rule: string; reading: string; option?: string }[] = [
  { id: 'A-2', rule: '1.0(2)', reading: 'halve exact values, add them, round the total down once', option: 'halving' },
  { id: 'A-3', rule: '2.22', reading: 'every Panzer Army HQ has two chits; 2PzA’s second is the Guderian chit' },
  { id: 'A-4', rule: '3.2', reading: 'ZOC extends across unbridged major rivers', option: 'zocAcrossMajorRiver' },
  { id: 'A-5', rule: '3.2', reading: 'impassable hexsides are those of lake hexes' },
  { id: 'A-6', rule: '9.2(3)', reading: 'a bridge lifts only the start-adjacent rule; EZOC to EZOC across a major river is never allowed' },
  {
    id: 'A-8',
    rule: '10.3',
    reading: 'no 9-1 column; above 10-1 the first left shift reaches 10-1 (12-1 shifted two = 8-1)',
    option: 'above10',
  },
  { id: 'A-9', rule: '10.3(3)', reading: 'a town adds one shift to its hex terrain' },
  { id: 'A-10', rule: '10.3(1)', reading: 'units that retreated into a hex this segment add no defence there but share its results' },
  {
    id: 'A-11',
    rule: '10.6(3)',
    reading: 'an unbridged major river destroys a retreating unit when crossed as the 2nd hex',
    option: 'retreatMajorRiver',
  },
  { id: 'A-12', rule: '10.6(4)', reading: 'one step per EZOC hex entered in retreat', option: 'retreatEzoc' },
  {
    id: 'A-13',
    rule: '10.6(6)',
    reading:
      'retreat the shortest way toward a hex with a line, then avoid destruction, EZOC losses, over-stacking; among equals the bot picks by hex id, or the owner (losses:owner)',
    option: 'losses',
  },
  { id: 'A-16', rule: '12.3/13.0', reading: 'HQs of both sides lost in combat return to the Available Box', option: 'axisHqReturns' },
  { id: 'A-17', rule: '14.1.3', reading: 'snow from turn 8 to the end', option: 'snow' },
  { id: 'A-18', rule: '14.3', reading: 'the Soviet player chooses the Moscow garrison units' },
  { id: 'A-19', rule: '13.0(2)', reading: 'the chit of an HQ off the map has no effect this draw only' },
  {
    id: 'A-20',
    rule: '14.4',
    reading: '“more than 10/8” as at least 10/8 major-city hexes (Moscow counts twice), each with an Axis line',
    option: 'victoryCompare, victoryCount',
  },
  { id: 'A-21', rule: '6.2', reading: 'REINF chits count toward the number chosen' },
  { id: 'A-22', rule: '5.0', reading: 'choose exactly the track’s number, or every chit if fewer' },
  { id: 'A-23', rule: '7.3', reading: 'Guderian may interrupt any drawn chit, SUPPLY included' },
  { id: 'A-24', rule: '9.2(3)', reading: 'an unbridged major-river crossing is allowed as the only step, whatever its cost' },
  { id: 'A-25', rule: '9.2(1)', reading: 'a road move across a river pays no +1 (the road is a bridge)' },
  { id: 'A-26', rule: '3.4(2)', reading: 'any entry (move, pass, advance, retreat, placement) takes a city or town' },
  { id: 'A-27', rule: '14.1.3(4)', reading: 'snow: 2 shifts to the Soviet attacking or defending, no other weather shift' },
  {
    id: 'A-30',
    rule: '15.2',
    reading: 'Guards replace the rifle divisions in their hexes at full strength; the rifles leave play',
    option: 'guards',
  },
  { id: 'A-32', rule: '10.7(1)', reading: 'a 2-hex mechanized advance needs both hexes clear and no river', option: 'advance' },
  {
    id: '10.5',
    rule: '10.5',
    reading: 'the bot allocates step losses for the owner: full units flip before any unit is removed, HQs last',
  },
];
