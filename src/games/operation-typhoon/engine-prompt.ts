/**
 * The engine's prompt: whose decision it is, what may be done, and a warning when stacks are
 * left unmoved (the buttons, the orders and the fuzzer read it).
 */
import { plural } from '../../contracts/text.js';
import type { HexId } from '../../kernel/hex.js';
import type { Prompt } from '../engine.js';
import { fighting } from './battles.js';
import { turnSpec } from './charts/index.js';
import { CombatRound } from './combat.js';
import { Play } from './context.js';
import { pocketPreview, pocketText } from './pocket-preview.js';
import type { RulesIndex } from './rules-index.js';
import type { Battle, TyphoonAction, TyphoonState } from './state.js';
import { turnEndLoss } from './turn-end-loss.js';

/** What the game waits for. Movement is free-form (/move); the choices are the small decisions. */
export function prompt(index: RulesIndex, s: TyphoonState): Prompt<TyphoonAction> {
  if (s.phase === 'over' || s.result) return { text: `Game over: ${s.result?.reason ?? ''}`, choices: [] };
  if (s.phase === 'setup') {
    return {
      side: 'german',
      text: 'Set-up: the default deployment is ready. Move units with /setup place, or start the game.',
      choices: [{ action: { type: 'setup-done' }, label: `Start turn ${s.turn}` }],
    };
  }
  if (s.battle?.pending) return allocationPrompt(index, s, s.battle);
  if (s.battle) {
    const mp = s.active?.mp ?? 0;
    // 11.1: what winning here would cut off, so the choice to fight on is made knowing it.
    const pocket = s.battle.kind === 'regular' ? pocketPreview(index, s, s.battle.hex) : undefined;
    return {
      side: 'german',
      text: `Battle in ${s.battle.hex}, round ${s.battle.round} over: fight on (1 MP, ${mp} left) or retreat to ${s.battle.from}.${pocket ? ` If you win, ${pocketText(pocket, s, s.battle.from)}.` : ''}`,
      choices: [
        ...(mp >= 1 ? [{ action: { type: 'another-round' } as TyphoonAction, label: 'Another round (1 MP)', continues: true }] : []),
        { action: { type: 'retreat' }, label: `Retreat to ${s.battle.from}` },
      ],
    };
  }
  const spec = turnSpec(index.charts, s.turn);
  const left = movableStacks(index, s).length;
  const unmoved = unmovedWarning(index, s);
  const warning = turnEndWarning(index, s);
  const parts = [`Turn ${s.turn} (${spec.label}): German movement and combat.`];
  if (s.active)
    parts.push(`Moving: ${s.active.units.map((u) => index.unit(u).label).join(', ')} in ${s.active.hex}, ${s.active.mp} MP left.`);
  parts.push(`${plural(left, 'stack')} still to move.`);
  if (s.airAvailable > 0 && !s.active && s.done.length === 0)
    parts.push(`${plural(s.airAvailable, 'Luftwaffe unit')} to assign (/air assign).`);
  return {
    side: 'german',
    text: parts.join(' '),
    choices: [
      ...(s.active ? [{ action: { type: 'end-force' } as TyphoonAction, label: 'End this force' }] : []),
      {
        action: { type: 'end-phase' },
        label: unmoved ? `End turn ${s.turn} (${plural(left, 'stack')} unmoved)` : `End turn ${s.turn}`,
        endsTurn: true,
        ...(warning ? { confirm: `End turn ${s.turn} now? ${warning}` } : {}),
      },
    ],
  };
}

/** 10.6: the hits of one unit's fire, one button per unit that may take the next, and the bot's placement last. */
function allocationPrompt(index: RulesIndex, s: TyphoonState, battle: Battle): Prompt<TyphoonAction> {
  const p = battle.pending!;
  const play = new Play(index, structuredClone(s));
  const round = new CombatRound(play, play.s.battle!, () =>
    battle.kind === 'breakout' ? (battle.germans ?? []).filter((u) => !battle.germanOut.includes(u)) : fighting(play),
  );
  const firer = p.on === 'soviet' ? index.unit(p.firer).label : index.sovietUnit(p.firer).label;
  const steps = (n: number) => (n === 2 ? 'full strength' : 'reduced');
  return {
    side: 'german',
    text: `${battle.kind === 'breakout' ? 'Breakout' : 'Battle'} in ${battle.hex}: ${firer} scored ${plural(p.hits, 'hit')} on ${p.on === 'german' ? 'your units' : 'the Soviets'}. Place the next hit (10.6: no one-step unit until every two-step unit has taken one).`,
    choices: [
      ...round.targetsOfPending().map((t) => ({
        action: { type: 'allocate', unit: t.id } as TyphoonAction,
        label: `Hit ${t.label} (${steps(t.steps)})`,
      })),
      { action: { type: 'allocate' }, label: p.hits === 1 ? 'Let the bot place it' : 'Let the bot place them' },
    ],
  };
}

/**
 * What ending the phase now would give up (5.2, 9.0): stacks that have not moved (by
 * formation), the moving force's MP, Luftwaffe units not assigned. Undefined when nothing.
 * `formations` narrows it to one commander's (team play).
 */
/** Before a turn end: a victory check the position already fails (4.2-4.4) first, then what would be left undone. */
export function turnEndWarning(index: RulesIndex, s: TyphoonState, formations?: readonly string[]): string | undefined {
  const parts = [turnEndLoss(index, s), unmovedWarning(index, s, formations)].filter((p) => p !== undefined);
  return parts.length ? parts.join(' ') : undefined;
}

export function unmovedWarning(index: RulesIndex, s: TyphoonState, formations?: readonly string[]): string | undefined {
  if (s.phase !== 'movement' || s.battle) return undefined;
  const mine = (u: string) => !formations || formations.includes(index.unit(u).formation);
  const stacks = movableStacks(index, s)
    .map((st) => ({ ...st, units: st.units.filter(mine) }))
    .filter((st) => st.units.length > 0);
  const parts: string[] = [];
  if (stacks.length) {
    const by = new Map<string, number>();
    for (const st of stacks) for (const f of new Set(st.units.map((u) => index.unit(u).formation))) by.set(f, (by.get(f) ?? 0) + 1);
    const order = index.charts.formations.map((f) => f.id as string).filter((f) => by.has(f));
    parts.push(
      `${plural(stacks.length, 'stack')} can still move (${order.map((f) => `${f} ${by.get(f)}`).join(', ')}) and would stay where ${stacks.length === 1 ? 'it is' : 'they are'}`,
    );
  }
  if (s.active && s.active.mp > 0 && s.active.units.some(mine))
    parts.push(`the force in ${s.active.hex} would lose its ${s.active.mp} MP left`);
  if (s.airAvailable > 0 && !formations && s.done.length === 0 && !s.active)
    parts.push(`${plural(s.airAvailable, 'Luftwaffe unit')} not assigned would be lost (9.1)`);
  return parts.length ? `${parts.join('; ')}.` : undefined;
}

/** Stacks with units that may still move this phase, by hex. */
export function movableStacks(index: RulesIndex, s: TyphoonState): { hex: HexId; units: string[] }[] {
  // Asked by every decision of the scripted German: a set of the units done, no copies per unit.
  const done = new Set(s.done);
  const moving = s.active?.units;
  const byHex = new Map<HexId, string[]>();
  const ids = Object.keys(s.units);
  const units = Object.values(s.units);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    if (done.has(id) || moving?.includes(id)) continue;
    const hex = units[i]!.hex;
    const here = byHex.get(hex);
    if (here) here.push(id);
    else byHex.set(hex, [id]);
  }
  void index;
  const stacks: { hex: HexId; units: string[] }[] = [];
  for (const [hex, units] of byHex) stacks.push({ hex, units: units.sort() });
  // Hex ids are four digits (2.2): comparing them as strings orders them as localeCompare does.
  return stacks.sort((a, b) => (a.hex < b.hex ? -1 : a.hex > b.hex ? 1 : 0));
}
