import { describe, expect, it } from 'vitest';
import { UserError } from '../../../src/contracts/errors.js';
import { fitText } from '../../../src/contracts/limits.js';
import { RuleError } from '../../../src/games/engine.js';
import { CHART_IDS, chartText } from '../../../src/games/operation-typhoon/chart-text.js';
import { movableStacks, type TyphoonAction, type TyphoonState, typhoonEngine } from '../../../src/games/operation-typhoon/index.js';
import { TYPHOON_COMMANDS, typhoonOrders } from '../../../src/games/operation-typhoon/order-commands.js';
import type { Order, OrderOptions } from '../../../src/games/orders.js';

const engine = typhoonEngine();
const orders = typhoonOrders(() => engine);

function order(command: string, subcommand?: string): Order<TyphoonState, TyphoonAction> {
  const found = orders.find((o) => o.command === command && o.subcommand === subcommand);
  if (!found) throw new Error(`no order /${command} ${subcommand ?? ''}`);
  return found;
}

function run(command: string, subcommand: string | undefined, state: TyphoonState, options: OrderOptions = {}) {
  return order(command, subcommand).run!(state, options);
}

function acted(command: string, subcommand: string | undefined, state: TyphoonState, options: OrderOptions = {}): TyphoonAction {
  const out = run(command, subcommand, state, options);
  if (!('act' in out)) throw new Error(`expected an action, got ${JSON.stringify(out)}`);
  return out.act;
}

function refusal(work: () => unknown): UserError {
  try {
    work();
  } catch (err) {
    if (err instanceof UserError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

const setUp = (): TyphoonState => engine.setup({ seed: 1 });
const started = (): TyphoonState => engine.apply(setUp(), { type: 'setup-done' }).state;

describe('Operation Typhoon orders: declarations', () => {
  it('fit Discord: descriptions at most 100, option names lower case at most 32, usage names the command', () => {
    for (const o of orders) {
      expect(o.description.length, o.description).toBeLessThanOrEqual(100);
      expect(o.description.length).toBeGreaterThan(0);
      expect(o.usage.startsWith(`/${o.command}${o.subcommand ? ` ${o.subcommand}` : ''}`), o.usage).toBe(true);
      expect(o.run ?? o.look).toBeDefined();
      for (const opt of o.options ?? []) {
        expect(opt.name).toMatch(/^[a-z0-9_-]{1,32}$/);
        expect(opt.description.length).toBeLessThanOrEqual(100);
        expect((opt.choices ?? []).length).toBeLessThanOrEqual(25);
        if (opt.autocomplete) expect(o.suggest, `${o.usage} ${opt.name}`).toBeDefined();
      }
    }
    for (const [name, description] of Object.entries(TYPHOON_COMMANDS)) {
      expect(description.length).toBeLessThanOrEqual(100);
      expect(orders.some((o) => o.command === name)).toBe(true);
    }
    expect(Object.keys(TYPHOON_COMMANDS).sort()).toEqual(['air', 'force', 'rules']);
  });

  it('mirror the options players know', () => {
    expect(order('move').options!.map((o) => o.name)).toEqual(['force', 'to', 'path', 'units', 'air']);
    expect(order('air', 'assign').options).toEqual([
      expect.objectContaining({ name: 'hex', required: true, autocomplete: true, minLength: 4, maxLength: 4 }),
    ]);
    expect(order('battle', 'retreat').options ?? []).toEqual([]);
    expect(order('rules').options![0]!.choices!.map((c) => c.value)).toEqual([...CHART_IDS]);
  });
});

describe('Operation Typhoon orders: /move', () => {
  it('moves a force by its hex along the cheapest path, an action the engine takes', () => {
    const s = started();
    const action = acted('move', undefined, s, { force: '1112', to: '1012' });
    expect(action).toEqual({ type: 'move', from: '1112', path: ['1012'] });
    const after = engine.apply(s, action).state;
    expect(Object.values(after.units).some((u) => u.hex === '1012')).toBe(true);
  });

  it('takes an exact path as written', () => {
    expect(acted('move', undefined, started(), { force: '1112', path: '1012' })).toEqual({ type: 'move', from: '1112', path: ['1012'] });
  });

  it('refuses without a force, or a hex out of reach', () => {
    const s = started();
    expect(refusal(() => run('move', undefined, s, { to: '1012' })).message).toBe('Name the force by its hex: /move force:<hex> to:<hex>.');
    const far = refusal(() => run('move', undefined, s, { force: '1112', to: '3030' }));
    expect(far).toBeInstanceOf(RuleError);
    expect(far.message).toMatch(/^9\.2: 3030 cannot be reached from 1112/);
    expect(refusal(() => run('move', undefined, s, { force: '12' })).message).toMatch(/options are not right/);
  });

  it('suggests the stacks that may still move, then where they can go', () => {
    const s = started();
    const forces = order('move').suggest!(s, { name: 'force', value: '' }, {});
    const movable = movableStacks(engine.index, s).map((x) => x.hex);
    expect(forces.length).toBe(Math.min(25, movable.length));
    expect(forces.map((c) => c.value)).toEqual(movable.slice(0, 25));
    expect(forces[0]!.name).toMatch(/^1112 · PG3 110 Inf · foot \d+ MP$/);
    // Destinations towards the enemy come first; a hex behind the line is found by typing its start.
    const to = order('move').suggest!(s, { name: 'to', value: '10' }, { force: '1112' });
    expect(to.map((c) => c.value)).toContain('1012');
    for (const c of to) expect(c.value.startsWith('10')).toBe(true);
    expect(order('move').suggest!(undefined, { name: 'force', value: '' }, {})).toEqual([]);
  });
});

describe('Operation Typhoon orders: /air, /force, /battle, /phase', () => {
  it('/air assign gives assign-air for the hex, and suggests forces', () => {
    const s = started();
    expect(acted('air', 'assign', s, { hex: '1112' })).toEqual({ type: 'assign-air', hex: '1112' });
    expect(order('air', 'assign').suggest!(s, { name: 'hex', value: '1112' }, {}).map((c) => c.value)).toEqual(['1112']);
  });

  it('/force drop with no force moving is refused (9.5); with one moving it names the units', () => {
    const s = started();
    expect(refusal(() => run('force', 'drop', s, { units: '110 Inf' })).message).toBe('9.5: no force is moving.');
    const moving = engine.apply(s, acted('move', undefined, s, { force: '1112', to: '1012' })).state;
    expect(moving.active).toBeDefined();
    const [unit] = moving.active!.units;
    const label = engine.index.unit(unit!).label;
    expect(acted('force', 'drop', moving, { units: label })).toEqual({ type: 'drop', units: [unit] });
    expect(refusal(() => run('force', 'drop', moving, { units: 'nobody' })).message).toMatch(/^9\.5: no unit "nobody" here/);
    expect(acted('force', 'end', moving)).toEqual({ type: 'end-force' });
  });

  it('/battle round and retreat, /phase end and concede', () => {
    const s = started();
    expect(acted('battle', 'round', s)).toEqual({ type: 'another-round' });
    expect(acted('battle', 'retreat', s)).toEqual({ type: 'retreat' });
    expect(acted('phase', 'end', s)).toEqual({ type: 'end-phase' });
    expect(acted('phase', 'concede', s)).toEqual({ type: 'concede' });
  });
});

describe('Operation Typhoon orders: /setup', () => {
  it('places a unit named by its label, suggests units, resets and finishes', () => {
    const s = setUp();
    const [id, u] = Object.entries(s.units)[0]!;
    const label = engine.index.unit(id).label;
    expect(acted('setup', 'place', s, { unit: label, hex: u.hex })).toEqual({ type: 'setup-place', unit: id, hex: u.hex });
    const suggestions = order('setup', 'place').suggest!(s, { name: 'unit', value: '' }, {});
    expect(suggestions.length).toBe(Math.min(25, Object.keys(s.units).length));
    expect(suggestions[0]).toEqual({ name: `${label} (${engine.index.unit(id).formation}) in ${u.hex}`, value: id });
    expect(refusal(() => run('setup', 'place', s, { unit: 'no such unit', hex: '1112' })).message).toMatch(
      /^3\.2: there is no German unit "no such unit"/,
    );
    expect(acted('setup', 'reset', s)).toEqual({ type: 'setup-reset' });
    const done = acted('setup', 'done', s);
    expect(done).toEqual({ type: 'setup-done' });
    expect(engine.apply(s, done).state.phase).toBe('movement');
  });
});

describe('Operation Typhoon orders: /rules', () => {
  it('shows a chart without a game, and the same with one', () => {
    const rules = order('rules');
    const crt = rules.look!({ chart: 'crt' });
    expect(crt).toBe(fitText(chartText(engine.index.charts, 'crt')));
    expect(crt).toContain('Combat Results Table');
    expect(rules.run!(started(), { chart: 'crt' })).toEqual({ answer: crt });
    expect(refusal(() => rules.look!({ chart: 'nope' })).message).toMatch(/options are not right/);
  });

  it('reads the engine it is given', () => {
    let asked = 0;
    const counted = typhoonOrders(() => {
      asked++;
      return engine;
    });
    counted.find((o) => o.command === 'rules')!.look!({ chart: 'turns' });
    expect(asked).toBeGreaterThan(0);
  });
});
