import { readFileSync } from 'node:fs';
import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../commands/index.js';
import type { AutocompleteRequest } from '../../../src/dispatch/command.js';
import { type BfmAction, type BfmState, battleOdds, bfmEngine, legalActions } from '../../../src/games/battle-for-moscow/index.js';
import { consoleRunner } from '../../helpers/console-runner.js';

/** Battle for Moscow played through the local console: the same command path Discord uses. */
const consoleAt = (channelId: string) => consoleRunner<BfmState>({ channelId, prefix: 'bfm-console' });

const b = (s: BfmState) => bfmEngine().board(s);
const label = (s: BfmState, unit: string) => b(s).spec(unit).label;

/** The command that gives a legal combat follow-up (loss, retreat, advance) by the book. */
function followUp(s: BfmState, a: BfmAction): string {
  switch (a.type) {
    case 'take-loss':
      return `/battle loss unit:"${label(s, a.unit)}"`;
    case 'retreat':
      return `/battle retreat to:${a.to}`;
    case 'advance':
      return `/battle advance unit:"${label(s, a.unit)}"`;
    case 'hold':
      return '/battle hold';
    default:
      throw new Error(`not a follow-up: ${a.type}`);
  }
}

describe('Battle for Moscow in the console', () => {
  it('plays against the bot: set-up, moves, odds, an attack with dice, refusals that change nothing, the bot’s turn', async () => {
    const c = consoleAt('bfm-vs-bot');
    const started = await c.run('/game new game:battle-for-moscow vs:bot side:german seed:41');
    expect(started).toMatch(/Battle for Moscow.*has started/);
    expect(started).toMatch(/Turn 1\/7 · Oct I · Set-up\nGerman to act\nMoscow: Soviet/);
    expect(started).not.toMatch(/The bot played/);

    expect(await c.run('/setup swap a:XXIV b:"xli panzer corps"')).toMatch(/XXIV Panzer Corps and XLI Panzer Corps trade places/);
    expect(await c.run('/setup done')).toMatch(/German panzer movement phase/);

    // Refusals: unknown unit, a hex out of reach, an infantry corps in the panzer phase, a battle out of phase.
    const before = JSON.stringify(await c.state());
    expect(await c.run('/move unit:XCIX to:0303')).toMatch(/no unit "XCIX"/);
    expect(await c.run('/move unit:XXIV to:1103')).toMatch(/^\(only you\) Movement.*1103/);
    expect(await c.run('/move unit:XXII to:0303')).toMatch(/only panzer/i);
    expect(await c.run('/move unit:XXIV to:03x3')).toMatch(/four digits/);
    expect(await c.run('/attack defender:29 attackers:XLI')).toMatch(/announced in combat phases/);
    expect(await c.run('/battle round')).toMatch(/Battle for Moscow has no \/battle round/);
    expect(await c.run('/replace unit:XXIV')).toMatch(/replacement phases/);
    expect(JSON.stringify(await c.state())).toBe(before);

    // A panzer corps moves by its printed name, to a destination autocomplete would offer.
    const s0 = await c.state();
    const move = legalActions(s0).find(
      (a): a is Extract<BfmAction, { type: 'move' }> => a.type === 'move' && b(s0).unitsAt(a.to).length === 0,
    )!;
    const moved = await c.run(`/move unit:"${b(s0).name(move.unit).toLowerCase()}" to:${move.to}`);
    expect(moved).toMatch(new RegExp(`${b(s0).name(move.unit)} moves .* to ${move.to}`));
    expect((await c.state()).units[move.unit]!.hex).toBe(move.to);
    expect(await c.run(`/move unit:${move.unit} to:${move.to}`)).toMatch(/already moved/);

    expect(await c.run('/phase end')).toMatch(/German combat phase/);
    const s1 = await c.state();
    // The best battle on offer, by the engine's own odds.
    const declares = legalActions(s1).filter((a): a is Extract<BfmAction, { type: 'declare' }> => a.type === 'declare');
    const best = declares.reduce((x, y) =>
      (battleOdds(b(s1), y.defender, y.attackers).column ?? 0) > (battleOdds(b(s1), x.defender, x.attackers).column ?? 0) ? y : x,
    );
    const attackers = best.attackers.map((u) => label(s1, u)).join(', ');
    const odds = await c.run(`/odds defender:"${label(s1, best.defender)}" attackers:"${attackers}"`);
    expect(odds).toMatch(/^\(only you\) \*\*Odds:\*\*/);
    expect(odds).toMatch(/→ \*\*\d:1\*\*/);
    // The six sixths of the die add up.
    const sixths = [...odds.matchAll(/(?:DE|DRL|DR|EX|AL|NE) (\d)\/6/g)].map((m) => Number(m[1]));
    expect(sixths).toHaveLength(6);
    expect(sixths.reduce((t, n) => t + n, 0)).toBe(6);
    expect(JSON.stringify(await c.state())).toBe(JSON.stringify(s1));

    const declared = await c.run(`/attack defender:"${label(s1, best.defender)}" attackers:"${attackers}"`);
    expect(declared).toMatch(/will attack .* in \d{4}/);
    expect(declared).toMatch(/\*\*Odds:\*\*/);
    expect(await c.run(`/attack defender:"${label(s1, best.defender)}" attackers:"${attackers}"`)).toMatch(/already attacked this phase/);

    const resolved = await c.run('/battle resolve');
    expect(resolved).toMatch(/die \d: (NE|DR|DRL|AL|DE|EX)/);
    expect(resolved).toMatch(/🎲 attack on .* at \d:1: \d → (NE|DR|DRL|AL|DE|EX)/);
    for (let i = 0; i < 10 && (await c.state()).combat?.current; i++) {
      const s = await c.state();
      await c.run(followUp(s, legalActions(s)[0]!));
    }
    const s2 = await c.state();
    if (s2.phase === 'german-combat') await c.run('/phase end');
    expect((await c.state()).phase).toBe('german-movement');

    // Ending the German movement phase hands over to the bot, which plays the whole Soviet turn.
    const botTurn = await c.run('/phase end');
    expect(botTurn).toMatch(/The bot played\*\* \(\d+ actions?\)/);
    expect(botTurn).toMatch(/Soviet/);
    const s3 = await c.state();
    expect(s3.turn).toBe(2);
    expect(s3.phase.startsWith('german')).toBe(true);
    const doc = await c.doc();
    expect(doc.actions.some((a) => a.userId === 'bot')).toBe(true);
    expect(doc.actions.map((a) => a.version)).toEqual(doc.actions.map((_, i) => i + 1));

    const status = await c.run('/game status');
    expect(status).toMatch(/Turn 2\/7 · Oct II · German/);
    expect(status).toMatch(/Moscow: (Soviet|German) · cities German \d+, Soviet \d+/);

    const images = c.written.filter((p) => p.endsWith('.png'));
    expect(images.length).toBeGreaterThanOrEqual(6);
    const img = await loadImage(readFileSync(images.at(-1)!));
    expect(img.width).toBeGreaterThan(300);
    await c.close();
  });

  it('lets the bot move first when the player takes the Soviets', async () => {
    const c = consoleAt('bfm-soviet');
    const started = await c.run('/game new game:battle-for-moscow vs:bot side:soviet seed:5');
    expect(started).toMatch(/The bot played\*\* \(\d+ actions\)/);
    expect(started).toMatch(/🎲|will attack|moves/);
    expect(started).toMatch(/Soviet player: turn 1, Soviet replacement/);
    expect((await c.state()).bots).toEqual(['german']);
    expect(await c.run('/setup swap a:XXIV b:XLI')).toMatch(/only before play starts/);
    await c.close();
  });

  it('refuses options that do not fit the game, starting nothing', async () => {
    const c = consoleAt('bfm-options');
    expect(await c.run('/game new game:operation-typhoon vs:bot')).toMatch(/Operation Typhoon has no vs: option/);
    expect(await c.run('/game new game:battle-for-moscow side:soviet')).toMatch(/side: is the side you play against the bot/);
    expect(await c.run('/game new game:battle-for-moscow vs:robot')).toMatch(/takes one of: human, bot/);
    expect(await c.services.sessions.current(c.channelId)).toBeUndefined();
    await c.close();
  });

  it('seats two players: each gives orders only on their own side’s turn', async () => {
    const c = consoleAt('bfm-two');
    await c.run('/game new game:battle-for-moscow mode:team seed:9');
    await c.run('/as Bob');
    expect(await c.run('/game join seat:soviet')).toMatch(/Bob joined as soviet\. Players: .*Bob/);
    expect(await c.run('/setup done')).toMatch(/german side's decision, and you play soviet/);
    expect((await c.state()).phase).toBe('setup');

    await c.run('/as console');
    await c.run('/setup done');
    await c.run('/phase end'); // panzer movement
    await c.run('/phase end'); // combat (nothing announced)
    await c.run('/as Bob');
    const s = await c.state();
    const sovietMove = `/move unit:29 to:0401`;
    expect(await c.run(sovietMove)).toMatch(/german side's decision, and you play soviet/);
    expect(JSON.stringify(await c.state())).toBe(JSON.stringify(s));

    await c.run('/as console');
    expect(await c.run('/phase end')).toMatch(/Soviet replacement phase/);
    // The creator took no seat, but Bob holds the Soviet side.
    expect(await c.run('/phase end')).toMatch(/soviet side's decision, and Bob plays soviet/);
    await c.run('/as Bob');
    expect(await c.run('/replace unit:"10 Army" hex:1103')).toMatch(/10 Army returns at half strength \(4\) in 1103/);
    // The prompt's buttons: restoring in place, or a return in one hex; pressing one acts.
    expect(await c.run('/press 1')).toMatch(/\*\*Bob:\*\* Restore 29 Army\n• 29 Army in 0301 is restored to full strength/);
    await c.close();
  });

  it('offers movers, destinations with their cost and battles to autocomplete', async () => {
    const c = consoleAt('bfm-complete');
    await c.run('/game new game:battle-for-moscow seed:3');
    await c.run('/setup done');
    // The command's own autocomplete (not the dispatcher's, which caps and swallows errors), with the console's services.
    const { commands } = createDispatcher(c.services);
    const complete = (request: Omit<AutocompleteRequest, 'services'>) =>
      commands.get(request.invocation.command)!.autocomplete!({ ...request, services: c.services });
    const invocation = { command: 'move', options: { unit: 'xxiv' }, user: { id: 'console', name: 'console' }, channelId: c.channelId };
    const units = await complete({ invocation, focused: { name: 'unit', value: '' } });
    expect(units.length).toBeGreaterThan(3);
    expect(units.every((u) => /Panzer Corps \(\d+-6\) in \d{4} · \d+ hex/.test(u.name))).toBe(true);
    const dest = await complete({ invocation, focused: { name: 'to', value: '' } });
    expect(dest.length).toBeGreaterThan(0);
    expect(dest[0]!.name).toMatch(/^\d{4}.* · 1 hex/);
    const legal = new Set(legalActions(await c.state()).flatMap((a) => (a.type === 'move' && a.unit === 'XXIV' ? [a.to] : [])));
    expect(dest.every((d) => legal.has(d.value))).toBe(true);

    await c.run('/phase end');
    const inv = { command: 'attack', options: {}, user: { id: 'console', name: 'console' }, channelId: c.channelId };
    const defenders = await complete({ invocation: inv, focused: { name: 'defender', value: '' } });
    expect(defenders.length).toBeGreaterThan(0);
    const sets = await complete({
      invocation: { ...inv, options: { defender: defenders[0]!.value } },
      focused: { name: 'attackers', value: '' },
    });
    expect(sets[0]!.name).toMatch(/\d+ to \d+/);
    expect(await c.run(`/attack defender:${defenders[0]!.value} attackers:"${sets[0]!.value}"`)).toMatch(/will attack/);
    await c.close();
  });
});

describe('Battle for Moscow set-up reset', () => {
  it('puts the German units back on their printed hexes, only before play', async () => {
    const c = consoleAt('bfm-reset');
    await c.run('/game new game:battle-for-moscow seed:3');
    const initial = JSON.stringify((await c.state()).units);
    await c.run('/setup swap a:XXIV b:XLI');
    expect(JSON.stringify((await c.state()).units)).not.toBe(initial);
    expect(await c.run('/setup reset')).toMatch(/back on its printed set-up hex/);
    expect(JSON.stringify((await c.state()).units)).toBe(initial);
    await c.run('/setup done');
    expect(await c.run('/setup reset')).toMatch(/only before play starts/);
  });
});
