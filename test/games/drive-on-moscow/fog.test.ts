import { describe, expect, it } from 'vitest';
import { DOM_GAME } from '../../../src/games/drive-on-moscow/definition.js';
import { HIDDEN_COUNTER } from '../../../src/games/drive-on-moscow/scene.js';
import type { DomState } from '../../../src/games/drive-on-moscow/state.js';
import { loadMap } from '../../../src/maps/game-map.js';
import { unitsText } from '../../../src/render/panel.js';
import { describeHexNow } from '../../../src/session/map-views.js';
import { channelSides, playerSides, privateViewRefusal, viewerSides } from '../../../src/session/sight.js';
import type { GameDocument } from '../../../src/store/game-document.js';
import { consoleRunner } from '../../helpers/console-runner.js';

/** 11.6 Fog of war: what each viewer's picture shows of the stacks. */

const newGame = (options: Record<string, unknown> = {}): DomState =>
  DOM_GAME.engine.setup(DOM_GAME.setupOptions!(DOM_GAME.newOptionsSchema.parse(options), 11));

/** Two more Soviet units moved onto RD `first`'s hex: a Soviet stack of three (pictures only read it). */
function sovietStack(s: DomState): { state: DomState; hex: string; ids: string[] } {
  const soviets = Object.values(s.units).filter((u) => u.side === 'soviet');
  const hex = soviets[0]!.hex;
  const ids = soviets.slice(0, 3).map((u) => u.id);
  const units = { ...s.units };
  for (const id of ids) units[id] = { ...units[id]!, hex };
  return { state: { ...s, units }, hex, ids };
}

const stackAt = (s: DomState, hex: string, seen?: ('german' | 'soviet')[], events = []) =>
  DOM_GAME.scene(s, events, seen).stacks!.find((st) => st.hex === hex)!;

describe('Drive on Moscow 11.6: the game option', () => {
  it('keeps the fog in new games, not with rules:"fog:off", and sets up old games exactly as stored', () => {
    expect(DOM_GAME.newOptionsSchema.parse({})).toEqual({ vs: 'human', rules: 'fog:on' });
    expect(newGame().fog).toBe(true);
    expect(newGame({ rules: 'fog:off' }).fog).toBeUndefined();
    // A game stored before the option (no rules:) replays to the state it was played with.
    const old = DOM_GAME.engine.setup(DOM_GAME.setupOptions!({ vs: 'human' }, 11));
    expect(old).toEqual(DOM_GAME.engine.setup({ seed: 11, vs: 'human' }));
    expect(old.fog).toBeUndefined();
    expect(DOM_GAME.fog!(old)).toBeUndefined();
    const bad = DOM_GAME.newOptionsSchema.safeParse({ rules: 'fog:maybe' });
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues)).toMatch(/fog:on.*fog:off/);
  });

  it('is presentation only: a fogged and an open game play the same orders to the same position', () => {
    const fogged = newGame();
    const open = newGame({ rules: 'fog:off' });
    const act = (s: DomState) => DOM_GAME.engine.apply(structuredClone(s), { type: 'order', order: 'move-fight' }).state;
    const { fog: _f, ...a } = act(fogged);
    expect(a).toEqual(act(open));
  });
});

describe('Drive on Moscow 11.6: a stack as each side sees it', () => {
  const { state, hex, ids } = sovietStack(newGame());

  it("shows an enemy stack of three as its top counter and two face down; the owner's side in full", () => {
    const fogged = stackAt(state, hex, ['german']);
    expect(fogged.counters).toHaveLength(3);
    expect(fogged.counters[0]!.hidden).toBeUndefined();
    expect(fogged.counters.slice(1)).toEqual([HIDDEN_COUNTER, HIDDEN_COUNTER]);
    // Untried units stay "?" to both sides (2.13), the top one too.
    expect(fogged.counters[0]!.strength).toBe('?');
    const own = stackAt(state, hex, ['soviet']);
    expect(own.counters.map((c) => c.label).sort()).toEqual([...ids].sort());
    expect(own.counters.some((c) => c.hidden)).toBe(false);
    // German stacks (three panzer divisions in 1112) from the Soviet side: top and count only.
    const german = stackAt(state, '1112', ['soviet']);
    expect(german.counters.map((c) => c.label)).toEqual(['1 Pz', '', '']);
    expect(stackAt(state, '1112', ['german']).counters.map((c) => c.label)).toEqual(['1 Pz', '6 Pz', '7 Pz']);
    // A single unit shows as it is: the top is all there is.
    const single = Object.values(state.units).find(
      (u) => u.side === 'german' && !Object.values(state.units).some((v) => v !== u && v.hex === u.hex),
    )!;
    expect(stackAt(state, single.hex, ['soviet']).counters[0]!.label).toBe(single.id);
  });

  it('shows everything without a viewer, with the fog off, and once the game is over', () => {
    expect(stackAt(state, hex).counters.some((c) => c.hidden)).toBe(false);
    const { fog: _, ...open } = state;
    expect(stackAt(open as DomState, hex, ['german']).counters.some((c) => c.hidden)).toBe(false);
    const over: DomState = { ...state, result: { winner: 'german', reason: 'test' } };
    expect(stackAt(over, hex, ['german']).counters.some((c) => c.hidden)).toBe(false);
    expect(DOM_GAME.fog!(over)).toBeUndefined();
  });

  it('shows the stacks of a battle once its odds are computed, not before', () => {
    const attacker = Object.values(state.units).find((u) => u.side === 'german')!.id;
    const declared: DomState = {
      ...state,
      battle: { kind: 'PA', attacker: 'german', target: hex, units: [attacker], air: { attacker: 0, defender: 0 }, stage: 'air' },
    };
    expect(stackAt(declared, hex, ['german']).counters.filter((c) => c.hidden)).toHaveLength(2);
    const computed: DomState = { ...declared, battle: { ...declared.battle!, stage: 'losses', odds: '1:1', defenders: ids } };
    expect(stackAt(computed, hex, ['german']).counters.some((c) => c.hidden)).toBe(false);
    // The picture right after a battle resolved (its event names the defender's hex) shows it too.
    const events = [{ kind: 'battle', text: `PA on ${hex}`, hexes: [hex] }];
    expect(
      DOM_GAME.scene(state, events, ['german'])
        .stacks!.find((st) => st.hex === hex)!
        .counters.some((c) => c.hidden),
    ).toBe(false);
  });

  it('names the top unit and counts the rest in the panel roster and /hex text', () => {
    const fogged = stackAt(state, hex, ['german']);
    expect(unitsText(fogged.counters)).toMatch(/^\S+ \S+ \?, \+2 unseen$/);
    const scene = DOM_GAME.scene(state, [], ['german']);
    expect(describeHexNow(loadMap(DOM_GAME.mapFile), scene, hex)).toMatch(/Units now: \S+ \S+ \(strength \?\), 2 more beneath, unseen/);
  });

  it('keeps autocomplete and /odds to what the attacker sees', () => {
    // The German side to move, next to the Soviet stack: its suggestion names the top unit only.
    const attack = DOM_GAME.orders.find((o) => o.command === 'attack')!;
    const map = loadMap(DOM_GAME.mapFile);
    const german = Object.values(state.units).find((u) => u.side === 'german' && u.type === 'infantry')!;
    const next = map.neighbours(hex).find((h) => !Object.values(state.units).some((u) => u.hex === h))!;
    const beside: DomState = { ...state, units: { ...state.units, [german.id]: { ...german, hex: next } } };
    expect(map.grid.distance(next, hex)).toBe(1);
    const suggested = attack.suggest!(beside, { name: 'defender', value: hex }, {}, 25);
    expect(suggested.find((c) => c.value === hex)?.name).toMatch(/\+2 unseen/);
    const open = attack.suggest!({ ...beside, fog: undefined }, { name: 'defender', value: hex }, {}, 25);
    expect(open.find((c) => c.value === hex)?.name).not.toMatch(/unseen/);
    const odds = DOM_GAME.orders.find((o) => o.command === 'odds')!;
    const ran = odds.run!({ ...beside, phase: 'combat' }, { defender: hex, attackers: german.id });
    expect('answer' in ran && ran.answer).toMatch(/11\.6 Fog of war: 2 units beneath the top of \d{4} are unseen and not counted/);
    const plain = odds.run!({ ...beside, phase: 'combat', fog: undefined }, { defender: hex, attackers: german.id });
    expect('answer' in plain && plain.answer).not.toMatch(/unseen/);
  });
});

describe('Drive on Moscow 11.6: who sees which side', () => {
  const doc = (over: Partial<GameDocument>, state: DomState = newGame()) =>
    ({ status: 'active', mode: 'solo', createdBy: 'a', players: [{ id: 'a' }], state, ...over }) as GameDocument;
  const table = (d: GameDocument) => ({ doc: d, def: DOM_GAME });

  it('shows the players’ side against the bot, both sides hot seat, neither in team play, the voters’ side in vote play', () => {
    expect(channelSides(table(doc({}, newGame({ vs: 'bot', side: 'soviet' }))))).toEqual(['soviet']);
    expect(channelSides(table(doc({})))).toEqual(['german', 'soviet']);
    expect(channelSides(table(doc({ mode: 'team' })))).toEqual([]);
    expect(channelSides(table(doc({ mode: 'vote' })))).toEqual(['german']);
    expect(channelSides(table(doc({}, newGame({ rules: 'fog:off' }))))).toBeUndefined();
    expect(channelSides(table(doc({ status: 'finished' })))).toBeUndefined();
  });

  it('gives each seated player their own side in private, and nobody else anything', () => {
    const team = doc({
      mode: 'team',
      players: [{ id: 'a', seat: 'german' }, { id: 'b', seat: 'soviet' }, { id: 'c' }],
    });
    expect(playerSides(table(team), 'a')).toEqual(['german']);
    expect(viewerSides(table(team), 'b')).toEqual(['soviet']);
    // A member without a seat while both seats are held plays no side.
    expect(playerSides(table(team), 'c')).toEqual([]);
    expect(privateViewRefusal(table(team), 'c')).toMatch(/You play no side/);
    expect(privateViewRefusal(table(team), 'z')).toMatch(/You play no side/);
    expect(privateViewRefusal(table(team), 'a')).toBeUndefined();
  });
});

describe('Drive on Moscow 11.6 in the console', () => {
  it('shows the player their own map privately, refuses an export while the fog hides stacks, not with rules:"fog:off"', async () => {
    const { run } = consoleRunner({ channelId: 'dom-fog' });
    expect(await run('/game new game:drive-on-moscow vs:bot seed:5')).toMatch(/has started/);
    expect(await run('/game map private:true')).toMatch(/^\(only you\)[\s\S]*\[image\] \S+-own-map\.png/);
    expect(await run('/game export')).toMatch(/Not now: the fog of war hides .* \(11\.6\)/);
    expect(await run('/game new game:drive-on-moscow rules:"fog:maybe"')).toMatch(/fog:on.*fog:off/);
    await run('/game end');
    expect(await run('/game new game:drive-on-moscow vs:bot seed:5 rules:"fog:off"')).toMatch(/has started/);
    expect(await run('/game export')).toMatch(/\[file\] \S+\.json/);
  });
});
