/**
 * The turn record: seven turns, mud on turns 3 and 4, replacements per turn, the 1st Shock
 * Army's arrival. Source: reference.md 1.10 and the rules' How to Play, Mud, Replacements,
 * 1st Shock Army and Starting the Game sections.
 */
import { z } from 'zod';

export const turnSpecSchema = z.object({
  turn: z.number().int().min(1).max(7),
  dates: z.string().min(1),
  mud: z.boolean(),
  /** German replacements this turn (standard game). */
  germanReplacements: z.number().int().min(0),
  /** Soviet replacements this turn (standard game; the balance options lower it). */
  sovietReplacements: z.number().int().min(0),
  /** Units that may be taken as replacements from this turn on. */
  newlyAvailable: z.array(z.string()),
  source: z.string().min(1),
});
export type TurnSpec = z.infer<typeof turnSpecSchema>;

export const LAST_TURN = 7;

const SRC = 'reference.md 1.10; Replacements ("The German player gets one replacement, and the Soviet player gets five")';

export const TURNS: readonly TurnSpec[] = z
  .array(turnSpecSchema)
  .length(LAST_TURN)
  .parse([
    // Starting the Game: all Germans begin at full strength, so no German replacement on turn 1.
    {
      turn: 1,
      dates: 'Oct I',
      mud: false,
      germanReplacements: 0,
      sovietReplacements: 5,
      newlyAvailable: [],
      source: `${SRC}; Starting the Game (turn 1 skips the German replacement phase)`,
    },
    { turn: 2, dates: 'Oct II', mud: false, germanReplacements: 1, sovietReplacements: 5, newlyAvailable: [], source: SRC },
    {
      turn: 3,
      dates: 'Oct III/IV',
      mud: true,
      germanReplacements: 1,
      sovietReplacements: 5,
      newlyAvailable: [],
      source: `${SRC}; Mud ("Turns 3 and 4 are mud turns")`,
    },
    {
      turn: 4,
      dates: 'Nov I/II',
      mud: true,
      germanReplacements: 1,
      sovietReplacements: 5,
      newlyAvailable: ['1ShA'],
      source: `${SRC}; Mud; 1st Shock Army ("until turn 4 (Nov I/II)")`,
    },
    { turn: 5, dates: 'Nov III', mud: false, germanReplacements: 1, sovietReplacements: 5, newlyAvailable: [], source: SRC },
    { turn: 6, dates: 'Nov IV', mud: false, germanReplacements: 1, sovietReplacements: 5, newlyAvailable: [], source: SRC },
    {
      turn: 7,
      dates: 'Dec I',
      mud: false,
      germanReplacements: 1,
      sovietReplacements: 5,
      newlyAvailable: [],
      source: `${SRC}; Winning the Game (Moscow decides at the end of turn 7)`,
    },
  ]);

export function turnSpec(turn: number): TurnSpec {
  const t = TURNS[turn - 1];
  if (!t) throw new RangeError(`Battle for Moscow has turns 1-${LAST_TURN}, not ${turn}`);
  return t;
}

/** Mud: all movement but Soviet rail movement is one hex per phase. */
export const MUD_MOVEMENT = { hexes: 1, source: 'Mud ("reduced to 1 hex per phase; rail movement is unaffected")' } as const;
/** Mud: attack strengths halved; exchange losses use printed strength. */
export const MUD_ATTACK_DIVISOR = { divisor: 2, source: 'Mud ("combat strengths are halved when attacking")' } as const;
