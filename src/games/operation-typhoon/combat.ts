/**
 * Regular combat (10.x) and the fire of breakout battles (11.2 step 5): rounds of fire in
 * a fixed order, hits allocated under 10.6, and what happens to both sides afterwards.
 */
import { plural } from '../../contracts/text.js';
import { type DieReport, RuleError } from '../engine.js';
import { crtResult } from './charts/index.js';
import type { Play } from './context.js';
import { type FireColumn, fireModifier } from './fire-modifiers.js';
import { allocate, choiceIn, eligibleTargets, type Target } from './hit-allocation.js';
import type { Battle, SovietInBattle } from './state.js';

/** One fire step of a round; true when it paused for the commander's allocation (10.6). */
type FireStep = () => boolean;

/** A step of a fire sequence that never pauses for an allocation (10.6). */
const noPause =
  (step: () => unknown): (() => boolean) =>
  () => {
    step();
    return false;
  };

export class CombatRound {
  constructor(
    private readonly play: Play,
    private readonly battle: Battle,
    /** German units fighting (not knocked out). */
    private readonly germans: () => string[],
  ) {}

  private sovietCdr(u: SovietInBattle): number {
    const spec = this.play.index.sovietUnit(u.id);
    return u.steps === 2 || spec.steps === 1 ? spec.cdr.full : (spec.cdr.reduced ?? 0);
  }

  private germanCdr(id: string): number {
    const spec = this.play.index.unit(id);
    return this.play.s.units[id]!.steps === 2 ? spec.cdr.full : spec.cdr.reduced;
  }

  private liveSoviets(): SovietInBattle[] {
    return this.battle.soviet.filter((u) => !u.out && u.steps > 0);
  }

  private label(u: SovietInBattle): string {
    return this.play.index.sovietUnit(u.id).label;
  }

  private rollDice(count: number, modifier: number, side: 'german' | 'soviet'): { rolls: number[]; hits: number } {
    const rolls: number[] = [];
    let hits = 0;
    for (let i = 0; i < count; i++) {
      const r = this.play.die();
      rolls.push(r);
      hits += crtResult(this.play.charts, side, r + modifier);
    }
    return { rolls, hits };
  }

  private report(purpose: string, rolls: number[], modifier: number, hits: number): DieReport {
    return { purpose, roll: rolls[0] ?? 0, rolls, modifier, result: hits === 0 ? 'miss' : hits === 1 ? '1 hit' : `${hits} hits` };
  }

  /** Apply hits to German units; a unit losing its last step leaves the battle (10.10). */
  private hitGerman(id: string, hits: number): string {
    const label = this.play.index.unit(id).label;
    if (hits <= 0) return '';
    const u = this.play.unitToChange(id);
    if (u.steps === 2 && hits === 1) {
      u.steps = 1;
      return `${label} reduced`;
    }
    u.steps = 1; // 10.10: returns with one step when the battle is over
    this.battle.germanOut.push(id);
    return `${label} knocked out (returns after the battle)`;
  }

  private hitSoviet(u: SovietInBattle, hits: number): string {
    if (hits <= 0) return '';
    u.steps = Math.max(0, u.steps - hits) as 0 | 1 | 2;
    return u.steps === 0 ? `${this.label(u)} eliminated` : `${this.label(u)} reduced`;
  }

  private germanTargets(): Target[] {
    return this.germans().map((id) => {
      const spec = this.play.index.unit(id);
      const steps = this.play.s.units[id]!.steps;
      return { id, steps, oneStepUnit: false, fireLost: steps === 2 ? spec.cdr.full - spec.cdr.reduced : spec.cdr.reduced };
    });
  }

  private sovietTargets(): Target[] {
    return this.liveSoviets().map((u) => {
      const spec = this.play.index.sovietUnit(u.id);
      const cdr = this.sovietCdr(u);
      return { id: u.id, steps: u.steps, oneStepUnit: spec.steps === 1, fireLost: u.steps === 2 ? cdr - (spec.cdr.reduced ?? 0) : cdr };
    });
  }

  /** Manual allocation (10.6): the commander places each hit. */
  private get manual(): boolean {
    return this.play.s.allocation === 'manual';
  }

  /** The units that fired already in the step a paused round stopped in. */
  private hasFired(id: string): boolean {
    return this.battle.fired?.includes(id) ?? false;
  }

  /** Run the steps from where the round stopped; true when it paused again (10.6). */
  private run(steps: FireStep[]): boolean {
    for (let i = this.battle.step ?? 0; i < steps.length; i++) {
      this.battle.step = i;
      if (steps[i]!()) return true;
      delete this.battle.fired;
    }
    delete this.battle.step;
    delete this.battle.fired;
    return false;
  }

  /**
   * One unit's fire, its hits placed by the bot, or held for the commander when manual
   * allocation is on and there is a choice (10.6). Returns true when it is held.
   */
  private fire(
    firer: string,
    label: string,
    cdr: number,
    mod: { total: number; parts: string[] },
    side: 'german' | 'soviet',
    rule: string,
  ): boolean {
    // The battle is the engine's own copy (copyState copies `fired` too), so it may grow in place.
    (this.battle.fired ??= []).push(firer);
    const { rolls, hits } = this.rollDice(cdr, mod.total, side);
    const on = side === 'german' ? 'soviet' : 'german';
    const targets = on === 'soviet' ? this.sovietTargets() : this.germanTargets();
    const held = this.manual && choiceIn(hits, targets);
    const effects = held ? [] : this.place(on, allocate(hits, targets, on === 'soviet' ? 'most-fire' : 'least-fire'));
    const fired = `${label} fires ${plural(cdr, 'die', 'dice')}${mod.parts.length ? ` (${mod.parts.join(', ')})` : ''}: ${plural(hits, 'hit')}`;
    const after = held
      ? `: the commander places ${hits === 1 ? 'it' : 'them'} (10.6)`
      : effects.length
        ? `; ${effects.join(', ')}${this.manual && hits > 0 ? ' (no choice)' : ''}`
        : '';
    this.play.event('fire', `${fired}${after}.`, {
      rule,
      dice: [this.report(`${label} (CDR ${cdr})`, rolls, mod.total, hits)],
      hexes: [this.battle.hex],
    });
    if (held) this.battle.pending = { firer, on, hits, rule };
    return held;
  }

  /** Hits landing on units: a map from unit id to hits, as `allocate` gives. */
  private place(on: 'german' | 'soviet', taken: Map<string, number>): string[] {
    return [...taken]
      .map(([id, n]) => (on === 'german' ? this.hitGerman(id, n) : this.hitSoviet(this.battle.soviet.find((u) => u.id === id)!, n)))
      .filter(Boolean);
  }

  /** The units the next hit of the waiting fire may land on (10.6), with a label each. */
  targetsOfPending(): { id: string; label: string; steps: number }[] {
    const pending = this.battle.pending;
    if (!pending) return [];
    const targets = pending.on === 'soviet' ? this.sovietTargets() : this.germanTargets();
    return eligibleTargets(targets).map((t) => ({
      id: t.id,
      label: pending.on === 'soviet' ? this.play.index.sovietUnit(t.id).label : this.play.index.unit(t.id).label,
      steps: t.steps,
    }));
  }

  /**
   * 10.6: the commander puts one hit of the waiting fire on `unit` (or, without one, lets the
   * bot place the rest). When the rest can land only one way, it is placed at once.
   */
  placePending(unit: string | undefined): void {
    const pending = this.battle.pending!;
    const targets = pending.on === 'soviet' ? this.sovietTargets() : this.germanTargets();
    const prefer = pending.on === 'soviet' ? 'most-fire' : 'least-fire';
    let effects: string[];
    let hits = pending.hits;
    if (unit === undefined) {
      effects = this.place(pending.on, allocate(hits, targets, prefer));
      hits = 0;
    } else {
      const target = eligibleTargets(targets).find((t) => t.id === unit);
      if (!target) {
        const known = targets.some((t) => t.id === unit && t.steps > 0);
        throw new RuleError(
          '10.6',
          known
            ? 'no hit may land on a one-step unit (brigade or artillery) while a two-step unit has not taken one'
            : `${unit} is not a unit that can take this hit`,
        );
      }
      effects = this.place(pending.on, new Map([[unit, 1]]));
      hits -= 1;
      const rest = pending.on === 'soviet' ? this.sovietTargets() : this.germanTargets();
      if (hits > 0 && !choiceIn(hits, rest)) {
        effects.push(...this.place(pending.on, allocate(hits, rest, prefer)));
        hits = 0;
      }
    }
    const who = unit === undefined ? 'the bot places' : 'the commander places';
    this.play.event(
      'hits',
      `${who} ${unit === undefined ? 'the hits' : 'a hit'}: ${effects.join(', ') || 'no effect'}${hits ? `; ${plural(hits, 'hit')} to place` : ''}.`,
      {
        rule: '10.6',
        hexes: [this.battle.hex],
      },
    );
    if (hits > 0) this.battle.pending = { ...pending, hits };
    else delete this.battle.pending;
  }

  /** 10.4 step 1: Soviet CAS attacks each German unit with one unmodified die. */
  sovietAir(): void {
    const cas = this.liveSoviets().filter((u) => this.play.index.sovietUnit(u.id).kind === 'cas');
    for (const plane of cas) {
      const dice: DieReport[] = [];
      const effects: string[] = [];
      for (const id of this.germans()) {
        const r = this.play.die();
        const hits = crtResult(this.play.charts, 'soviet', r);
        dice.push({
          purpose: `Soviet CAS on ${this.play.index.unit(id).label}`,
          roll: r,
          result: hits ? plural(hits, 'hit') : 'miss',
        });
        const e = this.hitGerman(id, Math.min(hits, this.play.s.units[id]!.steps)); // 10.6: excess hits ignored
        if (e) effects.push(e);
      }
      plane.out = true;
      this.play.event('fire', `Soviet CAS strikes: ${effects.join(', ') || 'no effect'}.`, {
        rule: '10.4',
        dice,
        hexes: [this.battle.hex],
      });
    }
  }

  /** 10.4 step 2: the Luftwaffe unit with the force attacks each Soviet unit with one unmodified die. */
  germanAir(hasAir: boolean): void {
    if (!hasAir) return;
    const dice: DieReport[] = [];
    const effects: string[] = [];
    for (const u of this.liveSoviets()) {
      const r = this.play.die();
      const hits = crtResult(this.play.charts, 'german', r);
      dice.push({ purpose: `Luftwaffe on ${this.label(u)}`, roll: r, result: hits ? plural(hits, 'hit') : 'miss' });
      const e = this.hitSoviet(u, Math.min(hits, u.steps));
      if (e) effects.push(e);
    }
    this.play.event('fire', `Luftwaffe support: ${effects.join(', ') || 'no effect'}.`, { rule: '10.4', dice, hexes: [this.battle.hex] });
  }

  /** Soviet ground units fire one by one; hits land at once (10.4, 10.6). True when paused for an allocation. */
  sovietGround(filter: (kind: string) => boolean, step: string): boolean {
    const attacking = this.battle.kind === 'breakout';
    for (const u of this.liveSoviets()) {
      const spec = this.play.index.sovietUnit(u.id);
      if (spec.kind === 'cas' || !filter(spec.kind) || this.hasFired(u.id)) continue;
      if (this.germans().length === 0) break;
      const artillery = spec.kind === 'heavy-howitzer' || spec.kind === 'heavy-mortar';
      const column: FireColumn = attacking ? 'germanNonMechanized' : artillery ? 'sovietArtillery' : 'sovietGround';
      const mod = fireModifier(this.play, this.battle, column, !attacking);
      if (this.fire(u.id, spec.label, this.sovietCdr(u), mod, 'soviet', step)) return true;
    }
    return false;
  }

  /** 10.4 step 4: each German unit fires its CDR in dice; hits land at once (10.6). True when paused for an allocation. */
  germanGround(): boolean {
    const defending = this.battle.kind === 'breakout';
    for (const id of this.germans()) {
      if (this.liveSoviets().length === 0) break;
      if (this.hasFired(id)) continue;
      const spec = this.play.index.unit(id);
      const column: FireColumn = defending ? 'sovietGround' : spec.mobility === 'mechanized' ? 'germanMechanized' : 'germanNonMechanized';
      const mod = fireModifier(this.play, this.battle, column, defending);
      if (this.fire(id, spec.label, this.germanCdr(id), mod, 'german', '10.4')) return true;
    }
    return false;
  }

  /** Units that fire in one round only are set aside (10.4 steps 1, 3 and 5). */
  setAside(kinds: string[]): void {
    for (const u of this.battle.soviet) if (kinds.includes(this.play.index.sovietUnit(u.id).kind)) u.out = true;
  }

  /**
   * 10.4 (first round: steps 1-5) or 10.5 (later rounds: steps 2-5), from where it stopped
   * when it paused for an allocation. True when it paused (again).
   */
  regularRound(hasAir: boolean): boolean {
    const first = this.battle.round === 1;
    return this.run([
      noPause(() => first && this.sovietAir()),
      noPause(() => this.germanAir(hasAir)),
      () => this.sovietGround((k) => ['heavy-howitzer', 'heavy-mortar', 'guards', 'airborne'].includes(k), '10.4'),
      noPause(() => this.setAside(['heavy-howitzer', 'heavy-mortar'])),
      () => this.germanGround(),
      () => this.sovietGround((k) => k === 'rifle' || k === 'brigade', '10.4'),
      noPause(() => this.setAside(['brigade', 'cas'])),
    ]);
  }

  /** 11.2 step 5: one round of steps 2, 4 and 5; artillery fires in step 5. True when it paused for an allocation. */
  breakoutRound(hasAir: boolean): boolean {
    return this.run([
      noPause(() => this.germanAir(hasAir)),
      () => this.germanGround(),
      () => this.sovietGround(() => true, '11.2'),
      noPause(() => this.setAside(['heavy-howitzer', 'heavy-mortar', 'brigade', 'cas', 'rifle', 'guards', 'airborne'])),
    ]);
  }

  /** Soviet units still in the fight (set-aside ones are no longer involved, 10.5). */
  sovietsRemain(): boolean {
    return this.liveSoviets().length > 0;
  }

  /**
   * 10.7 read as written ("all Soviet defending forces are eliminated"): set-aside brigades and
   * artillery that kept a step are defenders still standing. Soviet CAS is not counted: it is
   * air support placed "off to the side" (10.4 step 1), which no German fire can reach.
   */
  setAsideSurvivors(): SovietInBattle[] {
    return this.battle.soviet.filter((u) => u.out && u.steps > 0 && this.play.index.sovietUnit(u.id).kind !== 'cas');
  }
}
