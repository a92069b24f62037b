import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCommands, checkDiscordLimits, createDispatcher, DISCORD_COMMAND_LIMITS } from '../../commands/index.js';
import { deployCommands } from '../../src/discord/deploy-commands.js';
import { RuleError } from '../../src/games/engine.js';
import { INSTALLED_GAMES } from '../../src/games/installed.js';
import { GameRegistry } from '../../src/games/registry.js';
import { loadMap } from '../../src/maps/game-map.js';
import { parseExport } from '../../src/session/export-format.js';
import { verifyExport } from '../../src/session/verify-export.js';
import {
  type CourierState,
  courierBoard,
  courierEngine,
  courierGame,
  courierOrders,
  defineCourier,
  distanceToMoscow,
  STEPS_PER_TURN,
} from '../fixtures/courier/index.js';
import { consoleRunner } from '../helpers/console-runner.js';
import { type BotHarness, channel, member, startBotHarness } from '../helpers/fake-discord/bot-harness.js';
import type { FakeDiscord, FakeMessage } from '../helpers/fake-discord/fake-discord.js';

/**
 * Issue "Games as plug-ins", item 7: a game from outside src/ (test/fixtures/courier/),
 * registered only through GameRegistry, played end to end from the local console and from
 * the fake Discord: its commands (shared and its own), autocomplete, buttons, undo, refusals
 * that change nothing, the end of the game, and export/verify/import.
 */

const FIXTURE = join('test', 'fixtures', 'courier');
/** Courier alone: nothing of the installed games is needed to play it. */
const courierOnly = () => new GameRegistry([courierGame]);
/** Courier installed next to the shipped games, as an owner would add it. */
const alongside = () => new GameRegistry([...INSTALLED_GAMES, courierGame]);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

/** The neighbour of `hex` one hex nearer Moscow (the route the tests ride). */
function nearer(hex: string): string {
  const { map } = courierBoard();
  return map.neighbours(hex).reduce((best, n) => (distanceToMoscow(n) < distanceToMoscow(best) ? n : best));
}

/** A console playing `games` in its own folder, with each line's printed text returned. */
function courierConsole(games: GameRegistry, channelId = 'courier-console') {
  const c = consoleRunner<CourierState>({ games, channelId, prefix: 'courier-console' });
  const view = () => c.services.sessions.require(channelId);
  return { ...c, view, user: { id: 'console', name: 'console' } };
}

describe('Courier plugs in from its own folder', () => {
  it('is named nowhere in src/ or commands/, and imports only what a game in src/games/ may', () => {
    for (const file of [...filesUnder('src'), ...filesUnder('commands')]) {
      expect(readFileSync(file, 'utf8').toLowerCase().includes('courier'), file).toBe(false);
    }
    // The layer rule of src/games/** (biome.json): contracts, kernel, maps and the games' own contract only.
    const sources = filesUnder(FIXTURE).filter((f) => f.endsWith('.ts'));
    expect(sources.length).toBeGreaterThanOrEqual(5);
    for (const file of sources) {
      for (const [, from] of readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)) {
        const ok = from === 'zod' || from!.startsWith('./') || /^\.\.\/\.\.\/\.\.\/src\/(contracts|kernel|maps|games)\//.test(from!);
        expect(ok, `${file} imports ${from}`).toBe(true);
      }
      // Games never reach for the front ends, the store or the session, even inside src/games.
      expect(readFileSync(file, 'utf8')).not.toMatch(/src\/(session|store|dispatch|console|discord|render|votes)\//);
    }
    expect(existsSync(join(FIXTURE, 'RULES.md'))).toBe(true);
  });

  it('registers through GameRegistry alone: /game new, /move, /phase and its own /courier are built from its orders', () => {
    const games = courierOnly();
    expect(games.all().map((g) => g.id)).toEqual(['courier']);
    const commands = buildCommands(games);
    expect([...commands.keys()].sort()).toEqual(['courier', 'game', 'hex', 'move', 'orders', 'phase', 'vote']);
    const courier = commands.get('courier')!.data.toJSON();
    expect(courier.description).toMatch(/^Courier: rest for a bonus step/);
    expect((courier.options ?? []).map((o) => o.name)).toEqual(['rest', 'route', 'rules']);
    const move = commands.get('move')!.data.toJSON();
    expect(move.options).toEqual([
      expect.objectContaining({ name: 'to', required: true, autocomplete: true, min_length: 4, max_length: 4 }),
    ]);
    // /game new offers its turns: option, and /game map and /hex its map.
    const newGame = (commands.get('game')!.data.toJSON().options ?? []).find((o) => o.name === 'new') as { options: { name: string }[] };
    expect(newGame.options.map((o) => o.name)).toContain('turns');
    expect(loadMap(courierGame.mapFile).findPlace('Moscow')).toEqual(['1103']);
  });

  it('keeps its engine pure: a refusal cites RULES.md and leaves the state as it was', () => {
    const s0 = courierEngine.setup({ seed: 1, turns: 4 });
    const frozen = JSON.stringify(s0);
    expect(() => courierEngine.apply(s0, { type: 'move', to: '0606' })).toThrow(RuleError);
    expect(() => courierEngine.apply(s0, { type: 'move', to: '0606' })).toThrow(/^3\.1: 0606 is not next to 0204/);
    const { state } = courierEngine.apply(s0, { type: 'rest' });
    expect(JSON.stringify(s0)).toBe(frozen);
    // Same seed, same die.
    expect(courierEngine.apply(s0, { type: 'rest' }).state).toEqual(state);
    expect(() => courierEngine.apply(state, { type: 'rest' })).toThrow(/^4\.1: the courier rests once a turn/);
    expect(courierEngine.prompt(s0).choices.map((c) => c.label)).toEqual(['Ride to 0304', 'Rest (roll for a bonus step)', 'End turn']);
  });
});

describe('Courier in the local console', () => {
  it('plays a whole game: moves, autocomplete, refusals, undo, buttons, its own command, a win, export and verify', async () => {
    const games = courierOnly();
    const c = courierConsole(games);

    // Its own command answers without a game (an order with look()).
    expect(await c.run('/courier rules')).toMatch(/^\(only you\) \*\*Courier\*\*.*\n1\.1 One German courier starts in Smolensk/);

    const started = await c.run('/game new game:courier seed:5');
    expect(started).toMatch(/\*\*Courier\*\* · game `\w{8}` · version 0 · solo, console has started\./);
    expect(started).toMatch(/Turn 1\/4 · 3 steps left\nCourier in 0204 \(Smolensk\) · Moscow 9 hexes away/);
    expect(started).toMatch(/\[1\] Ride to 0304 {2}\[2\] Rest \(roll for a bonus step\) {2}\[3\] End turn {3}\(\/press N\)/);
    expect(started).toMatch(/\[image\] .*courier-\w{8}-v0-map\.png/);

    // Autocomplete: the six hexes next to Smolensk, nearest Moscow first; what is typed filters them.
    const dispatcher = createDispatcher(c.services);
    const ask = (value: string) =>
      dispatcher.autocomplete({
        invocation: { command: 'move', options: { to: value }, user: c.user, channelId: c.channelId },
        focused: { name: 'to', value },
      });
    const offered = await ask('');
    expect(offered.map((o) => o.value).sort()).toEqual(loadMap(courierGame.mapFile).neighbours('0204').sort());
    expect(offered[0]).toEqual({ name: '0304 · 8 from Moscow', value: '0304' });
    expect((await ask('030')).map((o) => o.value)).toEqual(['0304', '0305']);

    // A move draws the map zoomed to it.
    const moved = await c.run(`/move to:${offered[0]!.value}`);
    expect(moved).toMatch(/^• The courier rides from 0204 \(Smolensk\) to 0304 \(2 steps left\)\./);
    const image = c.written.at(-1)!;
    expect(image).toMatch(/courier-\w{8}-v1\.png$/);
    expect(statSync(image).size).toBeGreaterThan(10_000);
    const bytes = readFileSync(image);
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect((await loadImage(bytes)).width).toBeGreaterThan(400);
    expect((await c.state()).at).toBe('0304');

    // Refusals: each says why, privately, and nothing changes (not even the version).
    const before = JSON.stringify((await c.view()).doc);
    const written = c.written.length;
    expect(await c.run('/move to:0606')).toMatch(/^\(only you\) 3\.1: 0606 is not next to 0304; the courier rides one hex at a time/);
    expect(await c.run('/move to:9999')).toMatch(/^\(only you\) 3\.1: there is no hex 9999 on the map/);
    expect(await c.run('/move to:03x4')).toMatch(/^\(only you\) .*four digits/);
    expect(await c.run('/move')).toMatch(/^\(only you\) Option "to" is required/);
    expect(await c.run('/attack defender:a attackers:b')).toMatch(
      /^\(only you\) Unknown command \/attack\. Commands: \/game, \/hex, \/move, \/courier, \/phase, \/orders, \/vote$/,
    );
    expect(await c.run('/courier fly')).toMatch(/^\(only you\) \/courier needs one of: rest, route, rules/);
    expect(await c.run('/courier route')).toMatch(
      /^\(only you\) \*\*Route:\*\* from 0304, Moscow is 8 hexes: 0403 → .* → 1103\.\n11 steps remain .*: enough/,
    );
    expect(JSON.stringify((await c.view()).doc)).toBe(before);
    expect(c.written).toHaveLength(written);

    // Undo after a move (6.1): back in Smolensk; the version still goes up, so old buttons go stale.
    const undone = await c.run('/game undo');
    expect(undone).toMatch(/\*\*Undone\*\* \(order of version 1\)/);
    expect(await c.state()).toMatchObject({ at: '0204', steps: STEPS_PER_TURN, trail: ['0204'] });
    expect((await c.view()).doc.version).toBe(2);

    // A button: the first rides one hex toward Moscow.
    const pressed = await c.press(undone, /^Ride to 0304/);
    expect(pressed).toMatch(/^\*\*console:\*\* Ride to 0304\n• The courier rides from 0204 \(Smolensk\) to 0304/);

    // Its own command acts: a rest rolls a die in the open, and a die is never taken back (6.2).
    const rested = await c.run('/courier rest');
    expect(rested).toMatch(/🎲 Courier rests \(5-6: bonus step\): \d → (\+1 step|no bonus)/);
    expect(await c.run('/game undo')).toMatch(/^\(only you\) Dice were rolled: that order stands/);
    expect(await c.run('/courier rest')).toMatch(/^\(only you\) 4\.1: the courier rests once a turn/);

    // Ending a turn stands too (6.2: the game's own undo check).
    expect(await c.run('/phase end')).toMatch(/Turn 1 ends \(\d unused steps? lost\); turn 2 begins\./);
    expect(await c.run('/game undo')).toMatch(/^\(only you\) That order cannot be taken back: 6\.2: the turn has ended/);

    // Ride on to Moscow: /move while there are steps, the End turn button when there are none.
    let last = '';
    for (let i = 0; i < 30 && (await c.view()).doc.status === 'active'; i++) {
      const s = await c.state();
      if (s.steps > 0) last = await c.run(`/move to:${nearer(s.at)}`);
      else last = await c.press(last, /^End turn/);
    }
    const end = await c.view();
    expect(end.doc.status).toBe('finished');
    expect(end.result).toEqual({ winner: 'german', reason: expect.stringMatching(/^2\.1: the courier reached Moscow on turn \d/) });
    expect(last).toMatch(/The despatches are in Moscow: German victory\./);
    expect(last).toMatch(/\*\*Game over\.\*\* German victory\. 2\.1: .*\nSeed: 5 /);
    expect(last).not.toMatch(/\(\/press N\)/);
    expect(await c.run('/move to:1002')).toMatch(/^\(only you\) This game is over \(finished\)/);
    expect(await c.run('/game undo')).toMatch(/^\(only you\) This game is over \(finished\); nothing can be taken back/);

    // Export: the finished game with its seed replays exactly, every die checked.
    const exported = await c.run('/game export');
    const file = /\[file\] (.*\.json)/.exec(exported)![1]!;
    const text = readFileSync(file, 'utf8');
    const verified = verifyExport(parseExport(text), games);
    expect(verified).toEqual({ ok: true, actions: end.doc.actions.length, diceChecked: 1, problems: [] });

    // Tampered: the die of the rest changed, or the first ride sent elsewhere; both are caught.
    const forgedDie = JSON.parse(text);
    const restLine = forgedDie.game.events.find((l: { dice?: { roll: number }[] }) => l.dice?.length);
    restLine.dice[0].roll = (restLine.dice[0].roll % 6) + 1;
    const caughtDie = verifyExport(parseExport(JSON.stringify(forgedDie)), games);
    expect(caughtDie.ok).toBe(false);
    expect(caughtDie.problems[0]).toMatch(/the log shows dice/);
    const forgedRide = JSON.parse(text);
    const firstMove = forgedRide.game.actions.find((a: { action: { type: string } }) => a.action.type === 'move');
    firstMove.action.to = '0305';
    const caughtRide = verifyExport(parseExport(JSON.stringify(forgedRide)), games);
    expect(caughtRide.ok).toBe(false);
    expect(caughtRide.problems.join(' ')).toMatch(
      /^the replay stops: order #\d+ \(version \d+\) is refused: 3\.1: 0403 is not next to 0305/,
    );

    // Import: the tampered file is refused, the real one replays into the (now free) channel.
    const forgedFile = join(c.dir, 'forged.json');
    writeFileSync(forgedFile, JSON.stringify(forgedRide));
    expect(await c.run(`/game import path:${forgedFile}`)).toMatch(/^\(only you\) That export does not pass the check of npm run verify: /);
    expect(await c.run(`/game import path:${file}`)).toMatch(
      new RegExp(`Imported as game \`\\w{8}\` \\(from \`${end.doc.id}\`\\), replayed to version ${end.doc.version}\\.`),
    );
    await c.close();
  });

  it('next to the installed games: their commands are refused clearly in a Courier game, and its options are its own', async () => {
    const c = courierConsole(alongside());
    expect(await c.run('/game new game:courier seed:8 vs:bot')).toMatch(/^\(only you\) Courier has no vs: option\./);
    expect(await c.run('/game new game:battle-for-moscow turns:3')).toMatch(/^\(only you\) Battle for Moscow has no turns: option\./);
    expect(await c.run('/game new game:courier seed:8 turns:9')).toMatch(/^\(only you\) Option "turns" takes one of: 3, 4, 5, 6\./);
    expect(await c.run('/game new game:courier seed:8 turns:3')).toMatch(/Turn 1\/3 · 3 steps left/);
    const before = JSON.stringify((await c.view()).doc);
    expect(await c.run('/attack defender:a attackers:b')).toMatch(
      /^\(only you\) Courier has no \/attack\. \/game help lists its commands\./,
    );
    expect(await c.run('/battle resolve')).toMatch(/^\(only you\) Courier has no \/battle resolve\./);
    expect(await c.run('/air assign hex:0304')).toMatch(/^\(only you\) Courier has no \/air assign\./);
    expect(await c.run('/setup done')).toMatch(/^\(only you\) Courier has no \/setup done\./);
    expect(await c.run('/move unit:XXIV to:0304')).toMatch(
      /^\(only you\) Courier's \/move takes to:, not unit:\. Write it \/move to:<hex>\./,
    );
    expect(await c.run('/move force:0204 to:0304')).toMatch(/takes to:, not force:/);
    expect(JSON.stringify((await c.view()).doc)).toBe(before);
    // The shared /move goes to the channel's game: Courier's autocomplete, not another game's.
    const offered = await createDispatcher(c.services).autocomplete({
      invocation: { command: 'move', options: { to: '' }, user: c.user, channelId: c.channelId },
      focused: { name: 'to', value: '' },
    });
    expect(offered.map((o) => o.value)).toContain('0304');
    const help = await c.run('/game help');
    expect(help).toMatch(/• `courier`: Courier: Solitaire: ride a German despatch rider/);
    // Help lists the channel's game's own orders, by their usage; another game's on request.
    expect(help).toMatch(/\*\*Courier\*\* commands:[\s\S]*`\/courier rest`/);
    expect(help).not.toMatch(/\/air assign/);
    expect(await c.run('/game help game:operation-typhoon')).toMatch(/\*\*Operation Typhoon\*\* commands:[\s\S]*`\/air assign/);
    await c.close();
  });

  it('asks for a game when two games answer the same look-up without one', async () => {
    const twins = new GameRegistry([courierGame, defineCourier({ id: 'courier-north', name: 'Northern Courier' })]);
    const c = courierConsole(twins, 'no-game-here');
    expect(await c.run('/courier rules')).toMatch(
      /^\(only you\) Without a game in this channel, say whose: \/courier rules game:courier or \/courier rules game:courier-north\. \/game new starts a game\./,
    );
    await c.close();
  });
});

describe('Courier in the (fake) Discord', () => {
  let h: BotHarness;
  const games = alongside();
  beforeAll(async () => {
    h = await startBotHarness({ games });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const run = (...args: Parameters<FakeDiscord['ask']>) => h.fake.ask(...args);
  const click = async (user: ReturnType<typeof member>, message: FakeMessage, label: RegExp): Promise<FakeMessage> => {
    const button = message.buttons.find((b) => label.test(b.label));
    if (!button) throw new Error(`no button ${label} under: ${message.buttons.map((b) => b.label).join(', ')}`);
    const [answer] = await h.fake.answers(h.fake.click(user, message, button.customId));
    return answer!;
  };
  const view = (ch: string) => h.bot.sessions.require(ch);

  it('deploys /courier with the other slash commands', async () => {
    const deployed = await deployCommands({ token: h.fake.token, games, guildId: h.fake.guildId, apiUrl: h.fake.apiUrl });
    expect(deployed.names).toEqual(expect.arrayContaining(['courier', 'move', 'phase', 'game', 'attack', 'air']));
    const courier = h.fake.deployed.get(h.fake.guildId)!.find((c) => c.name === 'courier')!;
    expect(courier.options?.map((o) => o.name)).toEqual(['rest', 'route', 'rules']);
  });

  it('plays: autocomplete, a move with its map, a refusal, undo, buttons, /courier, the clock running out, export and verify', async () => {
    const rider = member('Rider');
    const ch = channel();
    const rules = await run(rider, ch, 'courier', 'rules');
    expect(rules.ephemeral).toBe(true);
    expect(rules.content).toMatch(/^\*\*Courier\*\*/);

    const started = await run(rider, ch, 'game', 'new', { game: 'courier', seed: 9, turns: '3' });
    expect(started.content).toMatch(/\*\*Courier\*\*.*has started/);
    expect(started.content).toMatch(/Turn 1\/3 · 3 steps left/);
    expect(started.files).toHaveLength(1);
    expect(started.files[0]!.data.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(started.buttons.map((b) => b.label)).toEqual(['Ride to 0304', 'Rest (roll for a bonus step)', 'End turn']);

    // Autocomplete through Discord: the /move every game shares offers Courier's hexes in a Courier channel.
    const offered = await h.fake.autocomplete(rider, ch, 'move', undefined, { to: '' }, 'to');
    expect(offered.map((o) => String(o.value)).sort()).toEqual(loadMap(courierGame.mapFile).neighbours('0204').sort());
    expect(offered[0]).toEqual({ name: '0304 · 8 from Moscow', value: '0304' });
    expect((await h.fake.autocomplete(rider, ch, 'move', undefined, { to: '02' }, 'to')).map((o) => o.value)).toEqual(['0203', '0205']);

    const moved = await run(rider, ch, 'move', undefined, { to: '0304' });
    expect(moved.ephemeral).toBe(false);
    expect(moved.content).toMatch(/The courier rides from 0204 \(Smolensk\) to 0304/);
    expect(moved.files).toHaveLength(1);
    expect(moved.files[0]!.data.length).toBeGreaterThan(10_000);
    const rideAfterMove = moved.buttons.find((b) => /^Ride to/.test(b.label))!.customId;

    const version = (await view(ch)).doc.version;
    const refused = await run(rider, ch, 'move', undefined, { to: '0606' });
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toMatch(/^3\.1: 0606 is not next to 0304/);
    const foreign = await run(rider, ch, 'attack', undefined, { defender: 'a', attackers: 'b' });
    expect(foreign.ephemeral).toBe(true);
    expect(foreign.content).toBe('Courier has no /attack. /game help lists its commands.');
    const bystander = await run(member('Bystander'), ch, 'move', undefined, { to: '0403' });
    expect(bystander.content).toMatch(/This is Rider's solo game/);
    expect((await view(ch)).doc.version).toBe(version);

    const undone = await run(rider, ch, 'game', 'undo');
    expect(undone.content).toMatch(/\*\*Undone\*\*/);
    expect(((await view(ch)).doc.state as CourierState).at).toBe('0204');
    // The undo's answer is the live prompt: the buttons under the message before it are taken away.
    await h.fake.waitFor(() => moved.buttons.length === 0, 10_000, 'the buttons off the superseded message');
    // A press that raced that edit is stale; the button under the undo's answer rides.
    const [stale] = await h.fake.answers(h.fake.click(rider, moved, rideAfterMove));
    expect(stale!.ephemeral).toBe(true);
    expect(stale!.content).toMatch(/This choice is gone/);
    const rode = await click(rider, undone, /^Ride to 0304/);
    expect(rode.content).toMatch(/\*\*Rider:\*\* Ride to 0304/);

    const route = await run(rider, ch, 'courier', 'route');
    expect(route.ephemeral).toBe(true);
    expect(route.content).toMatch(/\*\*Route:\*\* from 0304, Moscow is 8 hexes/);
    const rested = await run(rider, ch, 'courier', 'rest');
    expect(rested.ephemeral).toBe(false);
    expect(rested.content).toMatch(/🎲 Courier rests/);

    // The player sits out the clock: three End turn buttons, and the Soviet side wins (2.2).
    let last = rested;
    for (let turn = 1; turn <= 3; turn++) last = await click(rider, last, /^End (the last )?turn/);
    expect(last.content).toMatch(/The last turn ends with the courier in 0304, 8 hexes short: Soviet victory\./);
    expect(last.content).toMatch(/\*\*Game over\.\*\* Soviet victory\. 2\.2: turn 3 ended/);
    expect(last.buttons).toEqual([]);
    // The result as a card in the winner's colour, the final map as its picture.
    expect(last.embeds[0]).toMatchObject({ title: 'Courier: game over · Soviet victory', color: 0xd9541e, fields: [{ name: 'Result' }] });
    expect(last.embeds[0]!.imageFile).toBe(last.files[0]);
    expect((await view(ch)).doc.status).toBe('finished');

    const exported = await run(rider, ch, 'game', 'export');
    expect(exported.files[0]!.name).toMatch(/^courier-\w{8}-v\d+\.json$/);
    const text = exported.files[0]!.data.toString('utf8');
    const verified = verifyExport(parseExport(text), games);
    expect(verified.ok).toBe(true);
    expect(verified.diceChecked).toBe(1);
    const forged = JSON.parse(text);
    forged.game.state.at = '1103';
    expect(verifyExport(parseExport(JSON.stringify(forged)), games).problems).toEqual([
      'the replayed position differs from the exported one',
    ]);
    // Another bot without Courier cannot replay it, and says so.
    expect(verifyExport(parseExport(text), new GameRegistry(INSTALLED_GAMES)).problems[0]).toMatch(/There is no game "courier" here/);
    expect(h.fake.unknownRoutes).toEqual([]);
  });
});

describe('Discord limits with five games', () => {
  it('hold for the two installed games, Courier and two more copies under other ids', () => {
    const five = new GameRegistry([
      ...INSTALLED_GAMES,
      courierGame,
      // One copy shares the /courier command, one brings a command of its own.
      defineCourier({ id: 'courier-north', name: 'Northern Courier' }),
      defineCourier({ id: 'courier-south', name: 'Southern Courier', command: 'relay' }),
    ]);
    expect(five.all()).toHaveLength(INSTALLED_GAMES.length + 3);
    const commands = buildCommands(five);
    expect(() => checkDiscordLimits([...commands.values()])).not.toThrow();
    expect(commands.size).toBeLessThanOrEqual(DISCORD_COMMAND_LIMITS.commands);
    expect(commands.has('relay')).toBe(true);
    // Every (sub)command's options and every option's choices stay within 25.
    const within = (options: readonly { options?: unknown[]; choices?: unknown[] }[] | undefined) => {
      expect((options ?? []).length).toBeLessThanOrEqual(DISCORD_COMMAND_LIMITS.options);
      for (const o of options ?? []) {
        expect((o.choices ?? []).length).toBeLessThanOrEqual(DISCORD_COMMAND_LIMITS.choices);
        within(o.options as { options?: unknown[]; choices?: unknown[] }[] | undefined);
      }
    };
    for (const c of commands.values()) within(c.data.toJSON().options as { options?: unknown[]; choices?: unknown[] }[]);
    // The games are offered by autocomplete (any number fits), not as fixed choices.
    const gameMap = (commands.get('game')!.data.toJSON().options ?? []).find((o) => o.name === 'map') as {
      options: { name: string; autocomplete?: boolean; choices?: unknown[] }[];
    };
    expect(gameMap.options[0]).toMatchObject({ name: 'game', autocomplete: true });
    expect(gameMap.options[0]!.choices).toBeUndefined();
  });

  it('refuses, naming the command and the games, options or choices beyond Discord’s 25', () => {
    const wide = (id: string, n: number) => {
      const base = defineCourier({ id, name: id });
      return {
        ...base,
        orders: base.orders.map((o) =>
          o.command === 'move'
            ? { ...o, options: Array.from({ length: n }, (_, i) => ({ name: `${id}-o${i}`, type: 'string' as const, description: 'x' })) }
            : o,
        ),
      };
    };
    // 13 + 13 options of /move across two games: 26.
    expect(() => buildCommands(new GameRegistry([wide('a', 13), wide('b', 13)]))).toThrow(
      /^\/move would have 26 options \(games a, b\): Discord allows 25\.$/,
    );
    const choosy = defineCourier({ id: 'choosy', name: 'Choosy' });
    const manyChoices = {
      ...choosy,
      newGameOptions: [
        {
          name: 'weather',
          type: 'string' as const,
          description: 'x',
          choices: Array.from({ length: 26 }, (_, i) => ({ name: `w${i}`, value: `w${i}` })),
        },
      ],
    };
    expect(() => buildCommands(new GameRegistry([manyChoices]))).toThrow(
      /^\/game new weather: 26 choices \(games choosy\); Discord allows 25\.$/,
    );
  });

  it('are really checked: games whose own commands come to more than 100 are refused at build time, by the limit', () => {
    // Twenty games of five commands of their own each, plus /game, /hex, /orders, /vote, /move and /phase.
    const many = Array.from({ length: 20 }, (_, i) => {
      const names = ['a', 'b', 'c', 'd', 'e'].map((x) => `courier${i}${x}`);
      const base = defineCourier({ id: `courier-${i}`, name: `Courier ${i}` });
      return {
        ...base,
        orders: [
          ...base.orders.filter((o) => o.command !== 'courier'),
          ...names.flatMap((n) => courierOrders(n).filter((o) => o.command === n)),
        ],
        commands: Object.fromEntries(names.map((n) => [n, `Courier ${i}: its own /${n}`])),
      };
    });
    expect(() => buildCommands(new GameRegistry(many))).toThrow(
      /^The installed games need 106 slash commands \(courier-0, .*courier-19\): Discord allows 100\.$/,
    );
  });
});
