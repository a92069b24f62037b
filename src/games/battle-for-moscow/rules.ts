/**
 * The rulebook's sections, as cited in RuleErrors, events and comments. The Battle for Moscow
 * rules (GDW 1986) are not numbered; each section is cited by its heading, and a paragraph
 * within it after a colon.
 */
export const RULE = {
  sequence: 'How to Play',
  setup: 'Starting the Game',
  zoc: 'Zone of Control',
  movement: 'Movement',
  movementRestrictions: 'Movement: Restrictions',
  rail: 'Movement: Rail Movement',
  combat: 'Combat',
  declare: 'Combat: announcing battles',
  odds: 'Combat: step 2',
  terrain: 'Combat: Terrain Effects',
  minMax: 'Combat: Maximum and Minimum Odds',
  advance: 'Combat: step 6',
  crt: 'Combat Results Table',
  retreat: 'Combat Results: DR',
  attackerLoss: 'Combat Results: AL',
  exchange: 'Combat Results: EX',
  mud: 'Mud',
  firstShock: '1st Shock Army',
  replacements: 'Replacements',
  victory: 'Winning the Game',
} as const;

/** Why an action is refused, cheap to build; thrown as a RuleError only when a player asked for it. */
export class Refusal {
  constructor(
    readonly rule: string,
    readonly message: string,
  ) {}
}
