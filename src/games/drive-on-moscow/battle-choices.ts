/**
 * The choices a battle waits for (aircraft, Bloodbath or AS, retreat or hold, losses, retreat
 * hex, advance), with the side that makes each.
 */
import { other } from './position.js';
import type { DomState, Side } from './state.js';

/** Pending choices of a battle with the side that makes them. */
export function battleChoices(s: DomState): { side: Side; options: { option: string; label: string }[]; text: string } | undefined {
  const b = s.battle;
  if (!b) return undefined;
  switch (b.stage) {
    case 'air': {
      const side = other(b.attacker);
      const n = side === 'german' ? s.air.german : s.air.soviet;
      const options = [{ option: 'none', label: 'No aircraft' }];
      for (let k = 1; k <= n; k++) options.push({ option: String(k), label: `Commit ${k} aircraft` });
      return { side, options, text: `${b.target} is attacked: commit aircraft to its defence? (11.19)` };
    }
    case 'bloodbath':
      return {
        side: 'german',
        options: [
          { option: 'AS', label: 'Attack stalled' },
          { option: 'bloodbath', label: 'Bloodbath' },
        ],
        text: `DR in the city ${b.target}: AS or Bloodbath? (11.28)`,
      };
    case 'german-dr':
      return {
        side: 'german',
        options: [
          { option: 'retreat', label: 'Retreat' },
          { option: 'lose1', label: 'Lose 1 step and hold' },
          // 11.28: which unit loses it, when the owner wants to say (at most a stack's five).
          ...Object.values(s.units)
            .filter((u) => u.hex === b.target && u.side === 'german')
            .map((u) => ({ option: `lose1:${u.id}`, label: `${u.id} loses the step, the stack holds` })),
        ],
        text: `DR against ${b.target}: retreat or lose one step and hold? (11.28)`,
      };
    case 'losses': {
      const { left, cause } = b.losses!;
      const steps = left === 1 ? 'a step' : `${left} steps`;
      return {
        side: b.attacker,
        options: [
          { option: 'lose', label: left === 1 ? 'Let the bot choose' : `Let the bot choose the ${left} steps` },
          ...b.units.filter((id) => s.units[id]).map((id) => ({ option: `lose:${id}`, label: `${id} loses a step` })),
        ],
        text: `${cause} at ${b.target}: the attacking force loses ${steps}; which unit? (${cause === 'AL1' ? '11.24' : '11.28'})`,
      };
    }
    case 'retreat':
      return {
        side: other(b.attacker),
        options: [
          { option: 'retreat', label: 'Let the bot choose' },
          ...(b.retreatTo ?? []).map((h) => ({ option: `retreat:${h}`, label: `Retreat to ${h}` })),
        ],
        text: `DR at ${b.target}: ${(b.retreatTo ?? []).join(', ')} are equally close to supply; where does the force retreat? (11.25)`,
      };
    case 'advance':
      return {
        side: b.attacker,
        options: [
          { option: 'all', label: 'Advance all' },
          { option: 'none', label: 'Stay' },
        ],
        text: `${b.target} is empty: advance after combat? (11.31)`,
      };
  }
}
