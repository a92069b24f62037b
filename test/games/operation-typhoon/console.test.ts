import { readFileSync } from 'node:fs';
import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../commands/index.js';
import type { AutocompleteRequest } from '../../../src/dispatch/command.js';
import { typhoonEngine } from '../../../src/games/operation-typhoon/index.js';
import type { TyphoonState } from '../../../src/games/operation-typhoon/state.js';
import { consoleRunner } from '../../helpers/console-runner.js';

/** Operation Typhoon played through the local console: the same command path Discord uses. */
const consoleAt = () => consoleRunner<TyphoonState>({ channelId: 'typhoon-channel', prefix: 'typhoon-console' });

describe('Operation Typhoon in the console', () => {
  it('plays set-up, air, moves, a battle decision and the end of a turn, with a map after each action', async () => {
    const c = consoleAt();
    expect(await c.run('/game new game:operation-typhoon seed:11')).toMatch(/Operation Typhoon.*has started/);
    expect(await c.run('/move force:1520 to:1620')).toMatch(/units move in Phase I|9\.0/);
    expect(await c.run('/setup done')).toMatch(/Turn 1 \(Oct I/);

    const s0 = await c.state();
    const [unitId, unit] = Object.entries(s0.units).find(([id]) => typhoonEngine().index.unit(id).mobility === 'mechanized')!;
    expect(await c.run(`/air assign hex:${unit.hex}`)).toMatch(/Luftwaffe unit flies with the force in/);
    expect(await c.run('/air assign hex:0101')).toMatch(/9\.1: there is no German force in 0101/);

    // Drive the panzer division east until it fights; answer the battle with the buttons' equivalents.
    let out = '';
    for (let step = 0; step < 6; step++) {
      const s = await c.state();
      const force = s.active?.units.includes(unitId) ? s.active.hex : s.units[unitId]!.hex;
      if (s.battle || s.done.includes(unitId)) break;
      const next = typhoonEngine()
        .index.map.grid.neighbours(force)
        .find((n) => n.dir === 'SE' || n.dir === 'NE')!.id;
      out = await c.run(`/move force:${force} path:${next}`);
      // The first move of the phase asks first: the second Luftwaffe unit is not assigned (9.1).
      if (/would forfeit/.test(out)) out = await c.press(out, /^Move, forfeit/);
      if ((await c.state()).battle) break;
    }
    if ((await c.state()).battle) {
      expect(out).toMatch(/🎲/); // every die shown
      out = await c.run('/battle retreat');
      expect(out).toMatch(/falls back/);
    }
    expect(await c.run('/battle round')).toMatch(/10\.5: there is no battle/);
    // Forces can still move: ending the turn asks first, saying how many.
    const asked = await c.run('/phase end');
    expect(asked).toMatch(/End turn 1 now\? \d+ stacks can still move \(/);
    expect((await c.state()).turn).toBe(1);
    const ended = await c.press(asked, /^End turn 1 anyway/);
    expect(ended).toMatch(/German regroup|Turn 2/);
    expect((await c.state()).turn).toBe(2);
    const images = c.written.filter((p) => p.endsWith('.png'));
    expect(images.length).toBeGreaterThanOrEqual(4);
    const img = await loadImage(readFileSync(images[images.length - 1]!));
    expect(img.width).toBeGreaterThan(300);
  });

  it('refuses bad orders clearly and changes nothing', async () => {
    const c = consoleAt();
    await c.run('/game new game:operation-typhoon seed:12');
    await c.run('/setup done');
    const before = JSON.stringify(await c.state());
    expect(await c.run('/move force:9999 to:1620')).toMatch(/2\.2: there is no hex 9999 on the map/);
    expect(await c.run('/move force:1520 to:9999')).toMatch(/2\.2: there is no hex 9999 on the map/);
    expect(await c.run('/move force:1520 to:4410')).toMatch(/cannot be reached/);
    expect(await c.run('/move force:1520')).toMatch(/say where to/);
    expect(await c.run('/move force:1520 path:1820')).toMatch(/not next to|9\.2/);
    expect(await c.run('/move force:1520 to:16x0')).toMatch(/four digits/);
    expect(await c.run('/force end')).toMatch(/no force is moving/);
    expect(JSON.stringify(await c.state())).toBe(before);
  });

  it('shows the charts with /rules, marked as a reconstruction', async () => {
    const c = consoleAt();
    // Two installed games have charts: without a game in the channel, game: says whose.
    expect(await c.run('/rules chart:crt')).toMatch(/say whose: \/rules game:operation-typhoon or \/rules game:drive-on-moscow/);
    expect(await c.run('/rules chart:crt game:chess')).toMatch(/game.*takes one of.*operation-typhoon/);
    expect(await c.run('/rules chart:crt game:drive-on-moscow')).not.toMatch(/German fire\s+Soviet fire/);
    const crt = await c.run('/rules chart:crt game:operation-typhoon');
    expect(crt).toMatch(/Combat Results Table.*reconstruction/);
    expect(crt).toMatch(/German fire\s+Soviet fire/);
    const forces = await c.run('/rules chart:forces game:operation-typhoon');
    // Rule 8.1 example, on the printed line: a 5 on the clear line gives 2 RD + 1 B.
    expect(forces).toMatch(/\n5\s+2 RD \+ 1 B\s/);
    expect(await c.run('/rules chart:nope game:operation-typhoon')).toMatch(/takes one of/);
    // With a game in the channel, its own charts need no game:.
    await c.run('/game new game:operation-typhoon seed:2');
    expect(await c.run('/rules chart:crt')).toMatch(/Combat Results Table.*reconstruction/);
  });

  it('offers forces with their MP and destinations with their cost to autocomplete', async () => {
    const c = consoleAt();
    await c.run('/game new game:operation-typhoon seed:13');
    await c.run('/setup done');
    // The command's own autocomplete (not the dispatcher's, which caps and swallows errors), with the console's services.
    const { commands } = createDispatcher(c.services);
    const complete = (request: Omit<AutocompleteRequest, 'services'>) =>
      commands.get(request.invocation.command)!.autocomplete!({ ...request, services: c.services });
    const invocation = {
      command: 'move',
      options: { force: '1520' },
      user: { id: 'console', name: 'console' },
      channelId: 'typhoon-channel',
    };
    const forces = await complete({ invocation, focused: { name: 'force', value: '' } });
    expect(forces.length).toBeGreaterThan(10);
    expect(forces.length).toBeLessThanOrEqual(25);
    expect(forces[0]!.name).toMatch(/\d{4} · .* MP/);
    const dest = await complete({ invocation, focused: { name: 'to', value: '' } });
    expect(dest.length).toBeGreaterThan(0);
    expect(dest.some((d) => /Soviet: battle/.test(d.name))).toBe(true);
  });

  it('undoes a move that revealed nothing, but never one that rolled dice', async () => {
    const c = consoleAt();
    await c.run('/game new game:operation-typhoon seed:14');
    await c.run('/setup done');
    const s = await c.state();
    const index = typhoonEngine().index;
    const [, u] = Object.entries(s.units)[0]!;
    const back = index.map
      .neighbours(u.hex)
      .find((h) => !index.initiallySoviet.has(h) && !Object.values(s.units).some((x) => x.hex === h))!;
    await c.press(await c.run(`/move force:${u.hex} path:${back}`), /^Move, forfeit/);
    expect((await c.state()).active?.hex).toBe(back);
    expect(await c.run('/game undo')).toMatch(/Undone/);
    expect(JSON.stringify((await c.state()).units)).toBe(JSON.stringify(s.units));
    // Into a Soviet hex: the force-generation die was rolled, so the order stands.
    const front = Object.values((await c.state()).units)
      .map((x) => x.hex)
      .find((h) => index.map.neighbours(h).some((n) => index.initiallySoviet.has(n)))!;
    const soviet = index.map.neighbours(front).find((n) => index.initiallySoviet.has(n))!;
    await c.press(await c.run(`/move force:${front} path:${soviet}`), /^Move, forfeit/);
    const after = JSON.stringify(await c.state());
    expect(await c.run('/game undo')).toMatch(/no undo past a die roll|rolled dice/);
    expect(JSON.stringify(await c.state())).toBe(after);
  });
});

describe('set-up reset', () => {
  it('puts every unit back in the default deployment, and only during set-up (3.2)', async () => {
    const c = consoleAt();
    await c.run('/game new game:operation-typhoon seed:15');
    const initial = JSON.stringify((await c.state()).units);
    expect(await c.run('/setup place unit:"7 Pz" hex:1212')).toMatch(/7 Pz moves from 1311 to 1212/);
    expect(JSON.stringify((await c.state()).units)).not.toBe(initial);
    expect(await c.run('/setup reset')).toMatch(/back in the default deployment/);
    expect(JSON.stringify((await c.state()).units)).toBe(initial);
    await c.run('/setup done');
    expect(await c.run('/setup reset')).toMatch(/3\.2: set-up is already finished/);
  });
});
