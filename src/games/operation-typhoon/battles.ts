/**
 * The life of a battle: a German force enters a Soviet hex (8.0, 9.6), rounds are fought
 * (10.4, 10.5), the winner is decided (10.7) and both sides are put back (10.8-10.10). Hex
 * captures check for pockets, whose breakouts are fought at once (11.1-11.4).
 */
import { plural } from '../../contracts/text.js';
import type { HexId } from '../../kernel/hex.js';
import { breakoutUnits } from './charts/index.js';
import { CombatRound } from './combat.js';
import type { Play } from './context.js';
import { pocketsAfterCapture } from './control.js';
import { breakoutModifier, describeForce, generateDefenders, generationModifier } from './force-generation.js';
import { returnSoviets } from './soviet-returns.js';
import type { Battle, CuttingForce } from './state.js';

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
  if (round.regularRound(play.s.active!.air)) return; // 10.6: waiting for the commander to place hits
  if (!round.sovietsRemain()) {
    const standing = play.s.battleWin === 'all-eliminated' ? round.setAsideSurvivors() : [];
    if (standing.length === 0) return germanWin(play);
    // 10.7 as written (a game option): set-aside units never fight again (10.4), so no further
    // round can eliminate them; the battle is lost as if the commander declined another round.
    const names = standing.map((u) => play.index.sovietUnit(u.id).label).join(', ');
    return sovietWin(play, `${names} set aside but not eliminated (10.7 as written: every defending unit must be eliminated)`);
  }
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
  captureHex(play, battle.hex, battle.round === 1);
}

/** 10.5, 10.7, 10.9: the force goes back where it came from and stops for the turn. */
export function sovietWin(play: Play, why: string): void {
  const battle = play.s.battle!;
  const active = play.s.active!;
  // For the picture of this order only: the defenders who held, before they return to the pool (10.9).
  const held = battle.soviet.filter((u) => !u.out && u.steps > 0).map((u) => ({ id: u.id, steps: u.steps }));
  if (held.length) play.s.held = { hex: battle.hex, soviet: held };
  returnSoviets(play, battle);
  play.s.battle = null;
  for (const id of active.units) play.unitToChange(id).hex = battle.from;
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

/**
 * 3.4, 3.5: the hex turns German; any Soviet hexes cut off form pockets (11.1). `fromMove`:
 * the capture came from a move (not another round), so a force left without MP stops once
 * the breakouts are over (9.2).
 */
export function captureHex(play: Play, hex: HexId, fromMove = true): void {
  play.takeHexes([hex]);
  const pockets = pocketsAfterCapture(play, hex);
  if (pockets.length === 0) return;
  // 11.2 designer's note: "The Soviets never break out of a pocket containing Moscow. If you
  // succeed in closing a pocket containing Moscow, play stops, and you have won the game (4.5)."
  // Play stops at once, so no other pocket of the same capture breaks out either.
  const moscowPocket = pockets.find((p) => p.some((h) => play.index.moscow.includes(h)));
  if (moscowPocket) return moscowEncircled(play, hex, moscowPocket);
  const active = play.s.active;
  // Captures happen only under the moving force: it entered the hex (8.2 "--") or won there (10.7).
  if (!active || active.hex !== hex) throw new Error(`11.2: the capture of ${hex} has no German force in it`);
  const force: CuttingForce = { units: [...active.units], at: hex, trail: [...active.trail], air: active.air };
  // 11.2: "As soon as a pocket is formed ... resolve the situation by executing a Soviet pocket
  // breakout attack": one capture that cuts off several pockets gets one breakout each, one
  // after another, largest first (the order pocketsAfterCapture gives).
  play.s.breakouts = { captured: hex, pockets, force, fromMove };
  continueBreakouts(play);
}

/**
 * 11.2: the breakouts of one capture, one after another, from where they stopped when a
 * breakout round paused for the commander's allocation (10.6).
 */
export function continueBreakouts(play: Play): void {
  const queue = play.s.breakouts!;
  while (queue.pockets.length > 0) {
    const pocket = queue.pockets[0]!;
    if (!play.s.battle) openBreakout(play, queue.captured, pocket, queue.force);
    const battle = play.s.battle!;
    if (battle.soviet.length > 0) {
      const round = new CombatRound(play, battle, () => battle.germans!.filter((u) => !battle.germanOut.includes(u)));
      if (round.breakoutRound(battle.air ?? false)) return; // 10.6: waiting for the commander to place hits
    }
    closeBreakout(play, pocket, queue.force);
    queue.pockets.shift();
  }
  delete play.s.breakouts;
}

/**
 * After a battle or breakout that paused for an allocation is over: a force that moved into
 * the fight and has no MP left stops, as it would have at the end of its move (9.2).
 */
export function afterResumedFight(play: Play, fromMove: boolean): void {
  if (fromMove && play.s.active && !play.s.battle && play.s.active.mp <= 0) finishForce(play);
}

/**
 * 11.2 designer's note, 4.5: a pocket holding a Moscow hex is closed without a breakout roll,
 * its hexes fall (11.4: "all pocket hexes are now German controlled") and the Germans have
 * won. Both Moscow hexes are next to each other, so a pocket holding only one of them means
 * the other is German already: Moscow is taken or surrounded either way (4.5).
 */
function moscowEncircled(play: Play, hex: HexId, pocket: HexId[]): void {
  const size = pocket.length;
  const both = play.index.moscow.every((m) => pocket.includes(m));
  play.event(
    'pocket',
    `A pocket of ${size} Soviet hex${size === 1 ? '' : 'es'} holding Moscow is cut off by the capture of ${hex}: the Soviets never break out of it (11.2).`,
    { rule: '11.2', hexes: [hex, ...pocket] },
  );
  play.takeHexes(pocket);
  finishForce(play); // play stops: the force moves no further
  const reason = both
    ? '4.5: German forces have formed a pocket that contains both Moscow hexes'
    : '4.5: German forces control a Moscow hex and have cut off the other';
  endPlay(play, 'german', reason);
  play.event('victory', `${both ? 'Moscow is encircled' : 'Moscow is taken and cut off'}: play stops and the Germans win.`, {
    rule: '4.5',
    hexes: play.index.moscow,
  });
}

/** 4.0, 5.4: play stops with this result, recorded in the state for `result()`. */
export function endPlay(play: Play, winner: 'german' | 'soviet', reason: string): void {
  play.s.result = { winner, reason };
  play.s.phase = 'over';
}

/**
 * 11.2-11.4: one pocket's breakout battle.
 *
 * Where: 11.2 "The breakout attempt is conducted within the hex in which the German force that
 * cut off the pocket is located." For the first (or only) pocket that is the captured hex. When
 * one capture cuts off several pockets and an earlier breakout succeeded, 11.3 has placed the
 * force "in the hex from which they entered the current hex", and that is where it is located
 * when the next breakout is made: the later breakout is fought there, against the German units
 * in that hex (11.3, 11.4 decide by "German units in the breakout hex"), and succeeds or fails
 * by the same rules. So every breakout meets the force that cut its pocket off, and the tally
 * changes once per pocket: -5 x its hexes for a success (11.3), + its hexes for a failure
 * (11.4), never for a breakout that met no German unit.
 */
function openBreakout(play: Play, captured: HexId, pocket: HexId[], force: CuttingForce): void {
  const size = pocket.length;
  const hex = force.at;
  const moved = hex !== captured;
  play.event(
    'pocket',
    `A pocket of ${size} Soviet hex${size === 1 ? '' : 'es'} is cut off by the capture of ${captured}${moved ? `; the force that cut it off now stands in ${hex}, where the breakout is fought (11.2)` : ''}.`,
    { rule: '11.1', hexes: [captured, ...(moved ? [hex] : []), ...pocket] },
  );
  const die = play.die();
  const mod = breakoutModifier(play); // 13.5
  const count = breakoutUnits(play.charts, size, die + mod.total); // 11.2 step 3 (a 7 reads the 6 column)
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
      dice: [
        {
          purpose: `breakout force, pocket of ${size}`,
          roll: die,
          modifier: mod.total,
          modified: die + mod.total,
          result: `${count} units${mod.parts.length ? ` (${mod.parts.join(', ')})` : ''}`,
        },
      ],
      hexes: [hex],
    },
  );
  // 11.3: eliminated units go back to the hex from which the force entered the breakout hex.
  // A force that began its move there entered it from nowhere: its units stay in the hex.
  const from = force.trail.length >= 2 ? force.trail[force.trail.length - 2]! : hex;
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
    germans: play.unitsIn(hex),
    air: force.air, // 9.1: the Luftwaffe unit stays with its force throughout Phase I
  };
  play.s.battle = battle;
}

/** 11.3, 11.4: the breakout's outcome once its round of fire is over. */
function closeBreakout(play: Play, pocket: HexId[], force: CuttingForce): void {
  const battle = play.s.battle!;
  const { hex, from } = battle;
  const size = pocket.length;
  const defenders = battle.germans ?? [];
  returnSoviets(play, battle); // 11.3, 11.4: all Soviet units return to the pool
  play.s.battle = null;
  const survivors = defenders.filter((u) => !battle.germanOut.includes(u));
  const early = play.s.turn <= 2;
  if (survivors.length === 0) {
    // 11.3: the breakout succeeds; the force has completed its movement for this turn.
    for (const id of defenders) play.unitToChange(id).hex = from;
    if (play.s.active && force.units.some((u) => play.s.active!.units.includes(u))) {
      play.s.active.hex = from;
      finishForce(play);
    }
    force.at = from;
    if (force.trail.length >= 2) force.trail.pop();
    if (early) play.s.pocketTally = Math.max(0, play.s.pocketTally - 5 * size);
    play.event(
      'breakout-succeeded',
      `The Soviets break out of the pocket; the German units in ${hex} ${from === hex ? 'stay there' : `fall back to ${from}`} with one step.${early ? ` Pocket tally -${5 * size}: ${play.s.pocketTally}.` : ''}`,
      { rule: '11.3', hexes: [hex, ...(from === hex ? [] : [from])] },
    );
  } else {
    if (early) play.s.pocketTally += size;
    play.event(
      'breakout-failed',
      `The breakout fails; ${size === 1 ? "the pocket's hex falls" : `the pocket's ${size} hexes fall`} to the Germans.${early ? ` Pocket tally +${size}: ${play.s.pocketTally}.` : ''}`,
      { rule: '11.4', hexes: [hex, ...pocket] },
    );
  }
  play.takeHexes(pocket); // 11.3, 11.4: all pocket hexes become German either way
}

export { fighting };
