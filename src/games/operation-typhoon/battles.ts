/**
 * The life of a battle: a German force enters a Soviet hex (8.0, 9.6), rounds are fought
 * (10.4, 10.5), the winner is decided (10.7) and both sides are put back (10.8-10.10). Hex
 * captures check for pockets, whose breakouts are fought at once (11.1-11.4).
 */
import { plural } from '../../contracts/text.js';
import type { HexId } from '../../kernel/hex.js';
import { breakoutUnits } from './charts/index.js';
import { CombatRound, returnSoviets } from './combat.js';
import type { Play } from './context.js';
import { pocketsAfterCapture } from './control.js';
import { describeForce, generateDefenders, generationModifier } from './force-generation.js';
import type { Battle } from './state.js';

/** Units of the active force still fighting. */
function fighting(play: Play): string[] {
  const active = play.s.active!;
  const out = play.s.battle?.germanOut ?? [];
  return active.units.filter((u) => !out.includes(u));
}

/** 8.1, 9.6: the active force has just entered Soviet hex `hex` from `from`. */
export function enterSovietHex(play: Play, hex: HexId, from: HexId): void {
  const gen = generateDefenders(play, hex);
  const mod = generationModifier(play, hex);
  const place = play.map.hex(hex)!.place;
  play.event(
    'force-generated',
    `Entering ${hex}${place ? ` (${place.name})` : ''}: the Soviets defend with ${describeForce(gen.force)}${gen.notes.length ? ` (${gen.notes.join('; ')})` : ''}.`,
    {
      rule: '8.1',
      dice: [
        {
          purpose: 'Soviet force generation',
          roll: gen.roll,
          modifier: mod.total,
          modified: gen.modified,
          result: describeForce(gen.force) + (mod.parts.length ? ` (${mod.parts.join(', ')})` : ''),
        },
      ],
      hexes: [hex],
    },
  );
  if (gen.units.length === 0) {
    // 8.2 "--": the hex falls without a fight and the force may move on.
    captureHex(play, hex);
    return;
  }
  play.s.battle = {
    kind: 'regular',
    hex,
    from,
    riverCrossed: play.map.isRiver(from, hex),
    round: 1,
    soviet: gen.units.map((id) => ({ id, steps: play.index.sovietUnit(id).steps })),
    germanOut: [],
  };
  fightRegularRound(play);
}

/** One round of a regular battle, then the outcome if one side is gone. */
export function fightRegularRound(play: Play): void {
  const battle = play.s.battle!;
  const round = new CombatRound(play, battle, () => fighting(play));
  round.regularRound(play.s.active!.air);
  if (!round.sovietsRemain()) return germanWin(play);
  if (fighting(play).length === 0) return sovietWin(play, 'the attacking force was knocked out');
  // 10.5: otherwise the commander chooses another round or retreat (forced when no MP is left).
  if (play.s.active!.mp < 1) sovietWin(play, 'no MP left for another round (10.5)');
}

/** 10.7, 10.9: the hex falls; knocked-out units come back with one step and the force may go on. */
function germanWin(play: Play): void {
  const battle = play.s.battle!;
  returnSoviets(play, battle);
  play.s.battle = null;
  const back = battle.germanOut.map((id) => play.index.unit(id).label);
  play.event(
    'battle-won',
    `The Germans take ${battle.hex}${back.length ? `; ${back.join(', ')} rejoin with one step` : ''}. ${play.s.active!.mp} MP left.`,
    { rule: '10.7', hexes: [battle.hex] },
  );
  captureHex(play, battle.hex);
}

/** 10.5, 10.7, 10.9: the force goes back where it came from and stops for the turn. */
export function sovietWin(play: Play, why: string): void {
  const battle = play.s.battle!;
  const active = play.s.active!;
  returnSoviets(play, battle);
  play.s.battle = null;
  for (const id of active.units) play.s.units[id]!.hex = battle.from;
  active.hex = battle.from;
  active.trail.push(battle.from);
  play.event('battle-lost', `The Soviets hold ${battle.hex} (${why}); the force falls back to ${battle.from} and stops for this turn.`, {
    rule: '10.7',
    hexes: [battle.hex, battle.from],
  });
  finishForce(play);
}

/** The active force stops; its units are done this phase (9.11). */
export function finishForce(play: Play): void {
  const active = play.s.active;
  if (!active) return;
  for (const id of active.units) if (!play.s.done.includes(id)) play.s.done.push(id);
  play.s.done.sort();
  play.s.active = null;
}

/** 3.4, 3.5: the hex turns German; any Soviet hexes cut off form pockets (11.1). */
export function captureHex(play: Play, hex: HexId): void {
  play.takeHexes([hex]);
  for (const pocket of pocketsAfterCapture(play, hex)) {
    if (play.s.result) return;
    resolvePocket(play, hex, pocket);
  }
}

/** 11.2-11.4: one pocket's breakout battle in the hex whose capture cut it off. */
function resolvePocket(play: Play, hex: HexId, pocket: HexId[]): void {
  const size = pocket.length;
  play.event('pocket', `A pocket of ${size} Soviet hex${size === 1 ? '' : 'es'} is cut off by the capture of ${hex}.`, {
    rule: '11.1',
    hexes: [hex, ...pocket],
  });
  if (play.index.moscow.every((m) => pocket.includes(m))) {
    // 11.2 designer's note, 4.5: no breakout from a pocket holding Moscow; the Germans win.
    play.takeHexes(pocket);
    play.s.result = { winner: 'german', reason: '4.5: both Moscow hexes are encircled' };
    play.event('victory', 'Moscow is encircled: the Germans win.', { rule: '4.5', hexes: play.index.moscow });
    return;
  }
  const die = play.die();
  const count = breakoutUnits(play.charts, size, die); // 11.2 step 3
  const eligible = play.s.pool.filter((id) =>
    ['rifle', 'brigade', 'heavy-howitzer', 'heavy-mortar'].includes(play.index.sovietUnit(id).kind),
  );
  const drawn: string[] = [];
  for (let i = 0; i < count && eligible.length > 0; i++) drawn.push(eligible.splice(play.pick(eligible.length), 1)[0]!); // 11.2 step 4
  play.s.pool = play.s.pool.filter((id) => !drawn.includes(id));
  play.event(
    'breakout',
    `Breakout force: ${plural(drawn.length, 'unit')} (${drawn.map((id) => play.index.sovietUnit(id).label).join(', ') || 'none'}).`,
    {
      rule: '11.2',
      dice: [{ purpose: `breakout force, pocket of ${size}`, roll: die, result: `${count} units` }],
      hexes: [hex],
    },
  );
  const defenders = play.unitsIn(hex);
  const active = play.s.active;
  const from = active && active.hex === hex ? (active.trail[active.trail.length - 2] ?? hex) : hex;
  // 10.3 reading for breakouts: the Soviets cross a river when every hexside from the pocket into the hex is one.
  const pocketSides = play.map.neighbours(hex).filter((n) => pocket.includes(n));
  const battle: Battle = {
    kind: 'breakout',
    hex,
    from,
    riverCrossed: pocketSides.length > 0 && pocketSides.every((n) => play.map.isRiver(n, hex)),
    round: 1,
    soviet: drawn.map((id) => ({ id, steps: play.index.sovietUnit(id).steps })),
    germanOut: [],
  };
  play.s.battle = battle;
  if (drawn.length > 0 && defenders.length > 0) {
    const round = new CombatRound(play, battle, () => defenders.filter((u) => !battle.germanOut.includes(u)));
    round.breakoutRound(!!active && active.hex === hex && active.air);
  }
  returnSoviets(play, battle); // 11.3, 11.4: all Soviet units return to the pool
  play.s.battle = null;
  const survivors = defenders.filter((u) => !battle.germanOut.includes(u));
  const early = play.s.turn <= 2;
  if (survivors.length === 0) {
    // 11.3: the breakout succeeds.
    for (const id of defenders) play.s.units[id]!.hex = from;
    if (active && active.hex === hex) {
      active.hex = from;
      finishForce(play);
    }
    if (early) play.s.pocketTally = Math.max(0, play.s.pocketTally - 5 * size);
    play.event(
      'breakout-succeeded',
      `The Soviets break out of the pocket${defenders.length ? `; the German units in ${hex} fall back to ${from} with one step` : ''}.${early ? ` Pocket tally -${5 * size}: ${play.s.pocketTally}.` : ''}`,
      { rule: '11.3', hexes: [hex] },
    );
  } else {
    if (early) play.s.pocketTally += size;
    play.event(
      'breakout-failed',
      `The breakout fails; the pocket's ${size} hex${size === 1 ? '' : 'es'} fall to the Germans.${early ? ` Pocket tally +${size}: ${play.s.pocketTally}.` : ''}`,
      { rule: '11.4', hexes: [hex, ...pocket] },
    );
  }
  play.takeHexes(pocket); // 11.3, 11.4: all pocket hexes become German either way
}

export { fighting };
