import { describe, expect, it } from 'vitest';
import { UserError } from '../../../src/contracts/errors.js';
import { type BfmAction, type BfmState, bfmEngine, legalActions, positionOf } from '../../../src/games/battle-for-moscow/index.js';
import { bfmOrders } from '../../../src/games/battle-for-moscow/orders.js';
import type { OrderOptions, OrderOutcome } from '../../../src/games/orders.js';

const e = bfmEngine();

function order(command: string, subcommand?: string) {
  const found = bfmOrders.find((o) => o.command === command && o.subcommand === subcommand);
  if (!found) throw new Error(`no order /${command} ${subcommand ?? ''}`);
  return found;
}

function run(state: BfmState, command: string, options: OrderOptions = {}, subcommand?: string): OrderOutcome<BfmAction> {
  return order(command, subcommand).run!(state, options);
}

/** The action an order comes to (and the engine takes it). */
function act(state: BfmState, command: string, options: OrderOptions = {}, subcommand?: string): BfmAction {
  const outcome = run(state, command, options, subcommand);
  if (!('act' in outcome)) throw new Error('expected an action');
  return outcome.act;
}

function refusal(f: () => unknown): UserError {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(UserError);
    return err as UserError;
  }
  throw new Error('expected a refusal');
}

function suggest(state: BfmState | undefined, command: string, name: string, value = '', options: OrderOptions = {}, subcommand?: string) {
  return order(command, subcommand).suggest!(state, { name, value }, options);
}

const play = (s: BfmState, ...actions: BfmAction[]) => actions.reduce((x, a) => e.apply(x, a).state, s);

/** Turn 1, German panzer movement, after the default set-up. */
const panzerMove = () => play(e.setup({ seed: 1 }), { type: 'setup-done' });

/** A German combat phase: 20 Army next to XXIV, 24 Army next to XLVII and V. */
const combat = () =>
  positionOf({
    turn: 5,
    phase: 'german-combat',
    units: {
      '24A': { hex: '0504' },
      '20A': { hex: '0406' },
      XLVII: { hex: '0404', full: true },
      V: { hex: '0403', full: true },
      XXIV: { hex: '0306', full: true },
      '13A': { hex: '1410' },
    },
  });

describe('Battle for Moscow orders: declarations', () => {
  it('fit Discord: descriptions at most 100 characters, option names lower case and at most 32, usage names the command', () => {
    expect(bfmOrders.length).toBe(13);
    for (const o of bfmOrders) {
      expect(o.description.length).toBeGreaterThan(0);
      expect(o.description.length).toBeLessThanOrEqual(100);
      expect(o.usage.startsWith(`/${o.command}${o.subcommand ? ` ${o.subcommand}` : ''}`)).toBe(true);
      expect(o.run).toBeTypeOf('function');
      for (const opt of o.options ?? []) {
        expect(opt.name).toMatch(/^[a-z0-9_-]{1,32}$/);
        expect(opt.description.length).toBeLessThanOrEqual(100);
        expect(o.usage).toContain(`${opt.name}:`);
      }
    }
    const keys = bfmOrders.map((o) => `${o.command} ${o.subcommand ?? ''}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('mirror the slash options: units at most 40, attacker lists 200, hexes exactly 4, required as before', () => {
    expect(order('move').options).toEqual([
      expect.objectContaining({ name: 'unit', type: 'string', maxLength: 40, autocomplete: true }),
      expect.objectContaining({ name: 'to', type: 'string', minLength: 4, maxLength: 4, autocomplete: true }),
    ]);
    expect(order('move').options!.some((o) => o.required)).toBe(false);
    expect(order('attack').options!.map((o) => [o.name, o.maxLength, o.required])).toEqual([
      ['defender', 40, true],
      ['attackers', 200, true],
    ]);
    expect(order('odds').options!.map((o) => [o.name, o.maxLength, o.required ?? false])).toEqual([
      ['defender', 40, true],
      ['attackers', 200, false],
    ]);
    expect(order('replace').options!.map((o) => [o.name, o.required ?? false])).toEqual([
      ['unit', true],
      ['hex', false],
    ]);
    expect(order('setup', 'swap').options!.every((o) => o.required && o.maxLength === 40)).toBe(true);
    expect(order('battle', 'retreat').options).toEqual([expect.objectContaining({ name: 'to', minLength: 4, maxLength: 4 })]);
    expect(order('battle', 'hold').options).toBeUndefined();
  });
});

describe('/move', () => {
  it('moves a unit named by its printed name to a legal hex', () => {
    const s = panzerMove();
    const to = legalActions(s).find((a): a is Extract<BfmAction, { type: 'move' }> => a.type === 'move' && a.unit === 'XXIV')!.to;
    const action = act(s, 'move', { unit: 'XXIV panzer corps', to });
    expect(action).toEqual({ type: 'move', unit: 'XXIV', to });
    expect(e.apply(s, action).state.units.XXIV!.hex).toBe(to);
    expect(act(s, 'move', { unit: '29 Army', to: '0303' })).toEqual({ type: 'move', unit: '29A', to: '0303' });
  });

  it('refuses an unknown unit, a missing option and a bad hex with the old wording', () => {
    const s = panzerMove();
    expect(refusal(() => run(s, 'move', { unit: 'XCIX', to: '0303' })).message).toBe(
      'There is no unit "XCIX" in Battle for Moscow. German corps are named like XXIV or "XXIV Panzer Corps", Soviet armies like 29 or "29 Army", and "1st Shock Army".',
    );
    expect(refusal(() => run(s, 'move', { unit: 'XXIV' })).message).toBe(
      'Say which unit and where: /move unit:<unit> to:<hex> (autocomplete lists both).',
    );
    expect(refusal(() => run(s, 'move', { unit: 'XXIV', to: '03x3' })).message).toMatch(/four digits/);
  });

  it('suggests the units that may move, and the legal destinations of the one named', () => {
    const s = panzerMove();
    const moves = legalActions(s).filter((a): a is Extract<BfmAction, { type: 'move' }> => a.type === 'move');
    const movers = [...new Set(moves.map((m) => m.unit))];
    const units = suggest(s, 'move', 'unit');
    expect(units.map((c) => c.value).sort()).toEqual(movers.slice(0, 25).sort());
    expect(units.map((c) => c.value)).not.toContain('XXII'); // infantry waits for its own phase
    expect(units.find((c) => c.value === 'XXIV')!.name).toMatch(/^XXIV Panzer Corps \(\d+-\d+\) in 0409 · \d+ hexes open$/);
    expect(suggest(s, 'move', 'unit', 'xxiv').map((c) => c.value)).toEqual(['XXIV']);

    const dests = suggest(s, 'move', 'to', '', { unit: 'xxiv' });
    const legal = moves.filter((m) => m.unit === 'XXIV').map((m) => m.to);
    expect(dests.map((c) => c.value).sort()).toEqual(legal.sort());
    expect(dests.every((c) => c.name.startsWith(c.value) && c.name.length <= 100)).toBe(true);
    expect(suggest(s, 'move', 'to', '', { unit: 'XCIX' })).toEqual([]);
    expect(suggest(undefined, 'move', 'unit')).toEqual([]);
  });
});

describe('/attack and /odds', () => {
  it('/attack announces the battle with its odds as a heading', () => {
    const s = combat();
    const outcome = run(s, 'attack', { defender: '24', attackers: 'XLVII; v corps' });
    expect(outcome).toMatchObject({ act: { type: 'declare', defender: '24A', attackers: ['XLVII', 'V'] } });
    expect('act' in outcome && outcome.heading).toMatch(/^\*\*Odds:\*\* XLVII Panzer Corps, V Corps against 24 Army in 0504/);
    // Odds that cannot be taken (a unit against its own side) leave no heading; the engine refuses the announcement.
    const own = run(s, 'attack', { defender: '24', attackers: '13' });
    expect(own).toEqual({ act: { type: 'declare', defender: '24A', attackers: ['13A'] }, heading: undefined });
    expect(refusal(() => run(s, 'attack', { defender: '24', attackers: 'XLVII, XLVII Panzer Corps' })).message).toBe(
      'XLVII Panzer Corps is named twice.',
    );
  });

  it('/odds answers with the column and the chances, by default with every adjacent enemy', () => {
    const s = combat();
    const named = run(s, 'odds', { defender: '20 army', attackers: 'XXIV' });
    expect('answer' in named).toBe(true);
    const text = (named as { answer: string }).answer;
    expect(text).toMatch(/^\*\*Odds:\*\* XXIV Panzer Corps against 20 Army in 0406/);
    expect(text).toMatch(/→ \*\*\d:1\*\*/);
    expect(text).toMatch(/DE \d\/6.* · NE \d\/6/);
    const all = (run(s, 'odds', { defender: '24A' }) as { answer: string }).answer;
    expect(all).toMatch(/^\*\*Odds:\*\* XLVII Panzer Corps, V Corps against 24 Army/);
    expect(refusal(() => run(s, 'odds', { defender: '13' })).message).toBe(
      'No enemy unit is next to 13 Army in 1410; name the attackers to see their odds.',
    );
    expect(refusal(() => run(s, 'odds', { defender: '24', attackers: '13' })).message).toMatch(/opposite sides/);
  });

  it('suggests defenders and attacker sets, best odds first', () => {
    const s = combat();
    expect(
      suggest(s, 'attack', 'defender')
        .map((c) => c.value)
        .sort(),
    ).toEqual(['20A', '24A']);
    const sets = suggest(s, 'attack', 'attackers', '', { defender: '24' });
    expect(sets.map((c) => c.value)).toEqual(['XLVII,V', 'XLVII', 'V']);
    expect(suggest(s, 'odds', 'attackers', '', { defender: 'nobody' })).toEqual([]);
  });
});

describe('/battle', () => {
  const declared = () =>
    play(
      combat(),
      { type: 'declare', defender: '20A', attackers: ['XXIV'] },
      { type: 'declare', defender: '24A', attackers: ['XLVII', 'V'] },
    );

  it('resolve without a defender takes the only battle, or lists them', () => {
    expect(refusal(() => run(declared(), 'battle', {}, 'resolve')).message).toBe('Say which battle (defender:): 20, 24.');
    expect(act(declared(), 'battle', { defender: '24 Army' }, 'resolve')).toEqual({ type: 'resolve', defender: '24A' });
    const one = play(combat(), { type: 'declare', defender: '24A', attackers: ['XLVII'] });
    expect(act(one, 'battle', {}, 'resolve')).toEqual({ type: 'resolve', defender: '24A' });
    const suggested = suggest(declared(), 'battle', 'defender', '', {}, 'resolve');
    expect(suggested.map((c) => c.value)).toEqual(['20A', '24A']);
    expect(suggested[1]!.name).toMatch(/^24 Army .* · by XLVII, V · /);
  });

  it('loss, retreat and advance refuse when nothing is to choose; hold and the others give their actions', () => {
    const s = declared();
    expect(refusal(() => run(s, 'battle', {}, 'loss')).message).toBe(
      'There is no attacking unit to take the loss to choose now. /game status shows what the game waits for.',
    );
    expect(refusal(() => run(s, 'battle', {}, 'retreat')).message).toMatch(/^There is no retreat hex to choose now/);
    expect(act(s, 'battle', { to: '0505' }, 'retreat')).toEqual({ type: 'retreat', to: '0505' });
    expect(act(s, 'battle', { unit: 'xlvii' }, 'advance')).toEqual({ type: 'advance', unit: 'XLVII' });
    expect(act(s, 'battle', {}, 'hold')).toEqual({ type: 'hold' });
    expect(suggest(s, 'battle', 'unit', '', {}, 'loss')).toEqual([]);
  });
});

describe('/setup, /replace, /phase', () => {
  it('swap names units as players do, and suggests the German units', () => {
    const s = e.setup({ seed: 1 });
    const action = act(s, 'setup', { a: 'XXIV', b: 'xli panzer corps' }, 'swap');
    expect(action).toEqual({ type: 'setup-swap', a: 'XXIV', b: 'XLI' });
    expect(e.apply(s, action).state.units.XXIV!.hex).toBe(s.units.XLI!.hex);
    const germans = suggest(s, 'setup', 'b', 'panzer', {}, 'swap');
    expect(germans.length).toBe(8);
    expect(germans.every((c) => /Panzer Corps/.test(c.name))).toBe(true);
    expect(act(s, 'setup', {}, 'reset')).toEqual({ type: 'setup-reset' });
    expect(act(s, 'setup', {}, 'done')).toEqual({ type: 'setup-done' });
    expect(act(s, 'phase', {}, 'end')).toEqual({ type: 'end-phase' });
  });

  it('replace restores in place or brings back to a hex', () => {
    const s = panzerMove();
    expect(act(s, 'replace', { unit: '1st Shock Army', hex: '1005' })).toEqual({ type: 'replace', unit: '1ShA', hex: '1005' });
    expect(act(s, 'replace', { unit: 'XXIV' })).toEqual({ type: 'replace', unit: 'XXIV' });
    expect(refusal(() => run(s, 'replace', { unit: '' })).message).toMatch(/^That command's options are not right/);
  });

  it('replace suggests the units the rules allow and where one comes back', () => {
    const s = positionOf({
      turn: 2,
      phase: 'soviet-replacement',
      replacements: 2,
      units: { '29A': { hex: '0301', full: false }, XXIV: { hex: '0409', full: true } },
    });
    const legal = legalActions(s).filter((a): a is Extract<BfmAction, { type: 'replace' }> => a.type === 'replace');
    const units = suggest(s, 'replace', 'unit');
    expect(units.map((c) => c.value).sort()).toEqual([...new Set(legal.map((r) => r.unit))].sort());
    expect(units.find((c) => c.value === '29A')?.name).toMatch(/· restore to full strength$/);
    expect(units.find((c) => c.value === '30A')?.name).toMatch(/off the map · returns at half strength/);
    const hexes = suggest(s, 'replace', 'hex', '', { unit: '30 army' });
    expect(hexes.length).toBeGreaterThan(0);
    expect(hexes.map((c) => c.value).sort()).toEqual(
      legal
        .filter((r) => r.unit === '30A' && r.hex)
        .map((r) => r.hex!)
        .sort(),
    );
  });
});
