import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/contracts/errors.js';
import { bfmGame } from '../../src/games/battle-for-moscow/definition.js';
import {
  type BfmAction,
  type BfmState,
  bfmEngine,
  botAction,
  PHASES,
  type Phase,
  positionOf,
  UNITS,
} from '../../src/games/battle-for-moscow/index.js';
import type { GameEvent } from '../../src/games/engine.js';
import { playGame, rushMoscow } from '../../src/games/operation-typhoon/autoplay/index.js';
import { typhoonGame } from '../../src/games/operation-typhoon/definition.js';
import { type TyphoonAction, type TyphoonState, typhoonEngine } from '../../src/games/operation-typhoon/index.js';

/**
 * Issue 25, item 4: refusals, prompts, events and status lines use the games' words ("the
 * German panzer movement phase", "German"), never the ids the code keeps them under
 * (`german-panzer-movement`, `german`). Each game is walked through every phase and asked
 * for orders it must refuse there; every text a player could read is checked.
 */

const BFM_PHASE_IDS: readonly string[] = PHASES;
/** Action types are ids too: a text names the command (`/setup done`), not `setup-done`. */
const ACTION_IDS = ['setup-done', 'setup-swap', 'setup-reset', 'take-loss', 'end-phase', 'end-force', 'another-round', 'assign-air'];

/**
 * The raw ids in a text where a name is meant: a kebab-case phase or action id, a unit id
 * that is not a word of the unit's printed name (`29A` for "29 Army"), or a side id in lower case.
 */
function rawIds(text: string, unitIds: readonly string[]): string[] {
  const found: string[] = [];
  for (const id of [...BFM_PHASE_IDS, ...ACTION_IDS, ...unitIds]) if (new RegExp(`(^|[^\\w/-])${id}($|[^\\w-])`).test(text)) found.push(id);
  // A side id in lower case, except as a command option's value (`seat:german`, `side:soviet`).
  for (const m of text.matchAll(/(^|[^\w:/-])(german|soviet)(?![\w-])/g)) found.push(m[2]!);
  return found;
}

function refusalText(work: () => unknown): string | undefined {
  try {
    work();
  } catch (err) {
    if (err instanceof UserError) return err.message;
    throw err;
  }
  return undefined;
}

class Texts {
  /** `unitIds`: the game's unit ids that differ from their printed names. */
  constructor(private readonly unitIds: readonly string[]) {}
  readonly all: { where: string; text: string }[] = [];
  add(where: string, text: string | undefined): void {
    if (text) this.all.push({ where, text });
  }
  events(where: string, events: readonly GameEvent[]): void {
    for (const e of events) this.add(`${where} event ${e.kind}`, e.text);
  }
  /** Every text that holds a raw id, with where it was read. */
  offenders(): string[] {
    return this.all.filter((t) => rawIds(t.text, this.unitIds).length > 0).map((t) => `${t.where}: ${t.text}`);
  }
}

describe('Battle for Moscow speaks of phases and sides by name', () => {
  const e = bfmEngine();
  const german = UNITS.filter((u) => u.side === 'german');
  const soviet = UNITS.filter((u) => u.side === 'soviet');
  const start = (side: 'german' | 'soviet') =>
    Object.fromEntries(UNITS.filter((u) => u.side === side && /^\d{4}$/.test(u.start)).map((u) => [u.id, { hex: u.start, full: true }]));
  const board = e.board(e.setup({ seed: 1 }));
  const unitIds = UNITS.map((u) => u.id).filter((id) => !board.name(id).split(/\s+/).includes(id));

  /** Orders of every kind, each wrong somewhere: refused in most phases. */
  function probes(s: BfmState): BfmAction[] {
    const pz = german.find((u) => u.type === 'panzer')!.id;
    const inf = german.find((u) => u.type !== 'panzer')!.id;
    const rus = soviet.find((u) => s.units[u.id]?.hex)?.id ?? soviet[0]!.id;
    const off = UNITS.find((u) => s.units[u.id]?.hex === null)?.id ?? soviet[soviet.length - 1]!.id;
    const somewhere = s.units[rus]?.hex ?? '0505';
    return [
      { type: 'move', unit: pz, to: '0505' },
      { type: 'move', unit: inf, to: '0505' },
      { type: 'move', unit: rus, to: '1103' },
      { type: 'declare', defender: rus, attackers: [pz] },
      { type: 'declare', defender: pz, attackers: [rus] },
      { type: 'resolve', defender: rus },
      { type: 'replace', unit: rus },
      { type: 'replace', unit: pz },
      { type: 'replace', unit: off, hex: '1103' },
      { type: 'take-loss', unit: pz },
      { type: 'retreat', to: somewhere },
      { type: 'advance', unit: pz },
      { type: 'hold' },
      { type: 'setup-swap', a: pz, b: inf },
      { type: 'setup-swap', a: rus, b: pz },
      { type: 'setup-reset' },
      { type: 'setup-done' },
      { type: 'end-phase' },
    ];
  }

  function check(texts: Texts, where: string, s: BfmState): void {
    texts.add(`${where} prompt`, bfmGame.engine.prompt(s).text);
    for (const c of bfmGame.engine.prompt(s).choices) texts.add(`${where} button`, c.label);
    texts.add(`${where} status`, bfmGame.status(s));
    for (const line of bfmGame.scene(s).panel?.lines ?? []) texts.add(`${where} panel`, line);
    for (const a of probes(s)) {
      let events: GameEvent[] = [];
      texts.add(
        `${where} refusal of ${a.type}`,
        refusalText(() => {
          events = e.apply(s, a).events;
        }),
      );
      texts.events(`${where} after ${a.type}`, events);
    }
  }

  it('in every phase, for the orders it refuses there and the texts it shows', () => {
    const texts = new Texts(unitIds);
    const setup = e.setup({ seed: 3 });
    check(texts, 'setup', setup);
    for (const phase of PHASES) {
      // Both armies where they start, with an eliminated unit of each side for replacements.
      const s = positionOf({ turn: 2, phase, units: { ...start('german'), ...start('soviet') }, replacements: 1 });
      check(texts, phase, s);
    }
    expect(texts.all.length).toBeGreaterThan(150);
    // The refusals this issue was about are among the texts checked.
    expect(texts.all.some((t) => /this is the German panzer movement phase/.test(t.text))).toBe(true);
    expect(texts.all.some((t) => /in the Soviet player's turn|in the German player's turn/.test(t.text))).toBe(true);
    expect(texts.offenders()).toEqual([]);
  });

  it('through two turns played by the bot on both sides: every event, prompt, button and status line', () => {
    const texts = new Texts(unitIds);
    let s = e.setup({ seed: 11, bots: ['german', 'soviet'] });
    const seen = new Set<Phase>();
    for (let i = 0; i < 1500 && s.turn <= 2 && s.phase !== 'over'; i++) {
      seen.add(s.phase);
      if (i % 5 === 0) check(texts, `turn ${s.turn} ${s.phase}`, s);
      else {
        texts.add('prompt', bfmGame.engine.prompt(s).text);
        texts.add('status', bfmGame.status(s));
      }
      const applied = e.apply(s, botAction(s));
      texts.events(`turn ${s.turn} ${s.phase}`, applied.events);
      s = applied.state;
    }
    expect([...seen].filter((p) => p !== 'setup').sort()).toEqual([...PHASES].sort());
    expect(texts.offenders()).toEqual([]);
  });
});

describe('Operation Typhoon speaks of phases and sides by name', () => {
  const engine = typhoonEngine();
  const index = engine.index;
  const unitIds = [...index.german.keys(), ...index.soviet.keys()].filter((id) => {
    const label = index.german.get(id)?.label ?? index.soviet.get(id)?.label ?? id;
    return !label.split(/\s+/).includes(id);
  });

  function probes(s: TyphoonState): TyphoonAction[] {
    const [unit, at] = Object.entries(s.units)[0]!;
    const out: TyphoonAction[] = [
      { type: 'setup-place', unit, hex: at.hex },
      { type: 'setup-reset' },
      { type: 'setup-done' },
      { type: 'assign-air', hex: at.hex },
      { type: 'move', from: at.hex, path: [at.hex] },
      { type: 'drop', units: [unit] },
      { type: 'end-force' },
      { type: 'another-round' },
      { type: 'retreat' },
      { type: 'end-phase' },
    ];
    // A moving force: leave all of it behind, or name units that are elsewhere.
    if (s.active) {
      const elsewhere = Object.keys(s.units).find((u) => s.units[u]!.hex !== s.active!.hex)!;
      out.push({ type: 'drop', units: s.active.units }, { type: 'move', from: s.active.hex, units: [elsewhere], path: [s.active.hex] });
    }
    return out;
  }

  let walked: Texts | undefined;
  /** A whole scripted game, asked in every phase (and during battles) for orders it refuses. */
  function walk(): Texts {
    if (walked) return walked;
    const record = playGame(engine, rushMoscow, 5);
    const texts = new Texts(unitIds);
    let s = engine.setup({ seed: 5, scenario: 'historical' });
    const phases = new Set<string>();
    const check = (where: string) => {
      texts.add(`${where} prompt`, typhoonGame.engine.prompt(s).text);
      for (const c of typhoonGame.engine.prompt(s).choices) texts.add(`${where} button`, c.label);
      texts.add(`${where} status`, typhoonGame.status(s));
      for (const line of typhoonGame.scene(s).panel?.lines ?? []) texts.add(`${where} panel`, line);
      for (const a of probes(s))
        texts.add(
          `${where} refusal of ${a.type}`,
          refusalText(() => engine.apply(s, a)),
        );
    };
    record.actions.forEach((action, i) => {
      phases.add(s.battle ? 'battle' : s.phase);
      if (i % 50 === 0 || (s.battle && i % 4 === 0) || (s.active && i % 20 === 7)) check(`turn ${s.turn} ${s.phase}`);
      const applied = engine.apply(s, action);
      texts.events(`turn ${s.turn}`, applied.events);
      s = applied.state;
    });
    check('over');
    expect([...phases].sort()).toEqual(['battle', 'movement', 'setup']);
    expect(s.phase).toBe('over');
    walked = texts;
    return texts;
  }

  it('through a whole scripted game: no phase or side id in refusals, events, prompts and status lines', () => {
    const texts = walk();
    expect(texts.all.length).toBeGreaterThan(500);
    expect(texts.offenders().filter((t) => /(^|[^\w:/-])(german|soviet)(?![\w-])/.test(t))).toEqual([]);
  }, 60_000);

  it('... nor a unit id or an action id', () => {
    expect(walk().offenders()).toEqual([]);
  }, 60_000);
});
