import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { Scene } from '../../../src/contracts/scene.js';
import { bfmGame } from '../../../src/games/battle-for-moscow/definition.js';
import {
  type BfmAction,
  type BfmState,
  battleOdds,
  bfmEngine,
  botAction,
  describeOdds,
  legalActions,
} from '../../../src/games/battle-for-moscow/index.js';
import type { GameEvent } from '../../../src/games/engine.js';
import type { HexId } from '../../../src/kernel/hex.js';
import { loadMap } from '../../../src/maps/game-map.js';
import { layoutBattles } from '../../../src/render/dynamic-layers.js';
import { encodeImage } from '../../../src/render/encode-image.js';
import { registerFonts } from '../../../src/render/fonts.js';
import { legendEntries } from '../../../src/render/legend.js';
import { type Box, controlFlagBox, hexIdBox, overlaps, placeLabels, stackBoxes } from '../../../src/render/placement.js';
import { fullMapHexSize, renderMap, ZOOM_HEX_SIZE, zoomWindow } from '../../../src/render/render-map.js';
import { staticLayer } from '../../../src/render/static-layer.js';
import type { GameView } from '../../../src/session/game-sessions.js';
import { frame, gameImage } from '../../../src/session/replies.js';

/**
 * Issue 25, item 1: with seven battles announced, the picture shows all of them, each
 * attacker's arrow into its defender carrying the battle's number (the order the battles are
 * offered for resolution) and the odds at the defender.
 */

const e = bfmEngine();
const map = loadMap(bfmGame.mapFile);

/** Turn 1's German combat phase with seven battles announced along the whole front, one of two attackers. */
function sevenBattles(): { state: BfmState; last: GameEvent[] } {
  let s = e.setup({ seed: 7 });
  s = e.apply(s, { type: 'setup-done' }).state;
  while (s.phase !== 'german-combat') s = e.apply(s, { type: 'end-phase' }).state;
  let last: GameEvent[] = [];
  for (let i = 0; i < 7; i++) {
    const declares = legalActions(s).filter((a): a is Extract<BfmAction, { type: 'declare' }> => a.type === 'declare');
    const pick = declares.find((a) => a.attackers.length === (i === 2 ? 2 : 1))!;
    const applied = e.apply(s, pick);
    s = applied.state;
    last = applied.events;
  }
  return { state: s, last };
}

const { state: seven, last: lastDeclared } = sevenBattles();

/** Every hex of every battle announced: defender and attackers. */
function battleHexes(s: BfmState): HexId[] {
  return s.combat!.battles.flatMap((b) => [b.defender, ...b.attackers].map((u) => s.units[u]!.hex!));
}

describe('the scene of the combat phase', () => {
  it('numbers the battles in the order they are offered for resolution, with their attackers and odds', () => {
    const scene = bfmGame.scene(seven, lastDeclared);
    const battles = seven.combat!.battles;
    expect(battles).toHaveLength(7);
    expect(scene.battles!.map((b) => b.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const board = e.board(seven);
    battles.forEach((battle, i) => {
      const view = scene.battles![i]!;
      expect(view.defender).toBe(seven.units[battle.defender]!.hex);
      expect(view.attackers.sort()).toEqual(battle.attackers.map((a) => seven.units[a]!.hex!).sort());
      // The engine's own odds, as the announcement and /odds report them.
      const odds = describeOdds(battleOdds(board, battle.defender, battle.attackers));
      expect(odds.endsWith(view.odds === '<1:1' ? 'below 1:1, no effect' : `: ${view.odds}`)).toBe(true);
    });
    expect(scene.battles!.find((b) => b.attackers.length === 2)?.number).toBe(3);
    // The engine offers them to be resolved in this order: the buttons, and the bot, take battle 1 first.
    const resolves = legalActions(seven).filter((a) => a.type === 'resolve');
    expect(resolves.map((a) => a.type === 'resolve' && seven.units[a.defender]!.hex)).toEqual(scene.battles!.map((b) => b.defender));
    const buttons = bfmGame.engine.prompt(seven).choices.map((c) => c.label);
    expect(buttons.slice(0, 7)).toEqual(battles.map((b, i) => `Resolve battle ${i + 1}: ${board.name(b.defender)}`));
    const bot = botAction({ ...seven, bots: ['german'] });
    expect(bot).toEqual({ type: 'resolve', defender: battles[0]!.defender });
    // The announcements say the number too.
    expect(lastDeclared.find((x) => x.kind === 'declared')?.text).toMatch(/^Battle 7: /);
  });

  it('keeps the numbers while battles are fought, marks the one being resolved, and drops those that are over', () => {
    let s = seven;
    // Resolve battle 3 first (the attacker may choose), until it needs a decision or is over.
    s = e.apply(s, { type: 'resolve', defender: s.combat!.battles[2]!.defender }).state;
    const scene = bfmGame.scene(s);
    const current = s.combat!.current;
    if (current) {
      expect(scene.battles!.find((b) => b.current)).toMatchObject({ number: 3, defender: current.hex, odds: `${current.odds}:1` });
      // Where the defender may retreat is in the close-up too.
      for (const h of current.retreatOptions) expect(scene.focus).toContain(h);
    } else expect(scene.battles!.map((b) => b.number)).not.toContain(3);
    expect(scene.battles!.map((b) => b.number).filter((n) => n !== 3)).toEqual([1, 2, 4, 5, 6, 7]);
  });

  it('has no battle marks outside the combat phases', () => {
    const s = e.apply(e.apply(e.setup({ seed: 7 }), { type: 'setup-done' }).state, { type: 'end-phase' }).state;
    const scene = bfmGame.scene(s);
    expect(scene.battles).toBeUndefined();
    expect(scene.focus).toBeUndefined();
  });
});

describe('the close-up after the seventh battle is announced', () => {
  it('holds every announced battle whole: defenders and attackers', () => {
    const scene = bfmGame.scene(seven, lastDeclared);
    const hexes = [...new Set([...bfmGame.zoomHexes!(lastDeclared, seven), ...scene.focus!])];
    const { center, radius } = frame(map, hexes);
    const win = zoomWindow(map, center, radius);
    const layout = staticLayer(map, ZOOM_HEX_SIZE).layout;
    const s = ZOOM_HEX_SIZE;
    const inside = (id: HexId) => {
      const c = layout.center(id);
      return (
        c.x - s >= win.x &&
        c.x + s <= win.x + win.width &&
        c.y - (s * Math.sqrt(3)) / 2 >= win.y &&
        c.y + (s * Math.sqrt(3)) / 2 <= win.y + win.height
      );
    };
    const all = battleHexes(seven);
    expect(all.length).toBeGreaterThanOrEqual(15);
    expect(all.filter((h) => !inside(h))).toEqual([]);
    // The last announcement alone (what the picture framed before) leaves battles out.
    const old = frame(map, bfmGame.zoomHexes!(lastDeclared, seven));
    const oldWin = zoomWindow(map, old.center, old.radius);
    const outside = all.filter((h) => {
      const c = layout.center(h);
      return c.y - (s * Math.sqrt(3)) / 2 < oldWin.y || c.x - s < oldWin.x;
    });
    expect(outside.length).toBeGreaterThan(0);
  });

  it('is the picture the reply sends: the game image is that window over the panel', async () => {
    const view = { doc: { id: 'abcdefgh', version: 12, state: seven }, def: bfmGame } as unknown as GameView;
    const file = await gameImage(view, lastDeclared, 'zoom');
    const img = await loadImage(file!.data);
    const scene = bfmGame.scene(seven, lastDeclared);
    const { center, radius } = frame(map, [...new Set([...bfmGame.zoomHexes!(lastDeclared, seven), ...scene.focus!])]);
    const win = zoomWindow(map, center, radius);
    expect(img.width).toBe(win.width);
    expect(img.height).toBeGreaterThan(win.height);
  });
});

describe('the battle marks on the map', () => {
  registerFonts();
  const ctx = createCanvas(1, 1).getContext('2d');

  for (const [kind, size] of [
    ['close-up', ZOOM_HEX_SIZE],
    ['full map', 0],
  ] as const) {
    it(`on the ${kind}: an arrow per attacker, numbered, and an odds tag per defender, clear of ids, names, flags and counters`, () => {
      const scene = bfmGame.scene(seven, lastDeclared);
      const layout = staticLayer(map, size || fullSize()).layout;
      const { marks, tags } = layoutBattles(ctx, layout, map, scene, () => true);
      const battles = seven.combat!.battles;
      expect(marks).toHaveLength(battles.reduce((n, b) => n + b.attackers.length, 0));
      expect(tags.map((t) => t.text)).toEqual(scene.battles!.map((b) => b.odds));
      // Each mark sits between its attacker and defender and points at the defender.
      for (const b of scene.battles!) {
        const d = layout.center(b.defender);
        const own = marks.filter((m) => m.number === b.number);
        expect(own).toHaveLength(b.attackers.length);
        for (const m of own) {
          const toDefender = Math.hypot(d.x - m.at.x, d.y - m.at.y);
          expect(toDefender).toBeLessThan(layout.size * 1.2);
          expect(m.dir.x * (d.x - m.at.x) + m.dir.y * (d.y - m.at.y)).toBeGreaterThan(0);
        }
      }
      const texts: Box[] = [];
      for (const id of map.ids) texts.push(hexIdBox(ctx, layout, id));
      for (const label of placeLabels(ctx, layout, map)) texts.push(label.box);
      const flags = Object.keys(scene.control!.hexes).map((id) => controlFlagBox(layout, id));
      const counters = scene.stacks!.flatMap((st) => stackBoxes(layout, st.hex, st.counters.length));
      for (const t of tags) {
        expect(texts.filter((x) => overlaps(x, t.box))).toEqual([]);
        expect(flags.filter((x) => overlaps(x, t.box))).toEqual([]);
        expect(counters.filter((x) => overlaps(x, t.box))).toEqual([]);
      }
      for (const m of marks) {
        expect(texts.filter((x) => overlaps(x, m.box))).toEqual([]);
        expect(flags.filter((x) => overlaps(x, m.box))).toEqual([]);
      }
      const all = [...marks.map((m) => m.box), ...tags.map((t) => t.box)];
      for (const [i, a] of all.entries()) for (const b of all.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
    });
  }

  it('draws them: the number disc in the battle colour, the odds tag on white, and legend lines for both', async () => {
    const scene: Scene = bfmGame.scene(seven, lastDeclared);
    const layout = staticLayer(map, fullSize()).layout;
    const { marks, tags } = layoutBattles(ctx, layout, map, scene, () => true);
    const canvas = renderMap(map, scene, { kind: 'full' });
    const img = await loadImage(await encodeImage(canvas, 'png'));
    const c = createCanvas(img.width, img.height);
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    const px = (x: number, y: number) => [...g.getImageData(Math.round(x), Math.round(y), 1, 1).data.slice(0, 3)];
    const red = ([r, gr, b]: number[]) => r! > 180 && gr! < 60 && b! < 60;
    for (const m of marks) {
      // Red on the disc's rim side, white in the digit's strokes somewhere across its middle.
      const r = Math.max(8, layout.size * 0.2);
      expect(red(px(m.at.x - r * 0.7, m.at.y))).toBe(true);
      const across = Array.from({ length: 9 }, (_, i) => px(m.at.x - r * 0.5 + (i * r) / 8, m.at.y));
      expect(across.some(([r1, g1, b1]) => r1! > 200 && g1! > 200 && b1! > 200)).toBe(true);
    }
    for (const t of tags) {
      expect(px(t.box.x + 3, t.box.y + 3)).toEqual([255, 255, 255]);
      expect(red(px(t.box.x, t.box.y + t.box.h / 2))).toBe(true);
    }
    const legend = legendText(scene);
    expect(legend).toContain('Attack (1 = resolved first)');
    expect(legend).toContain('Odds column');
  });
});

function fullSize(): number {
  return fullMapHexSize(map);
}

function legendText(scene: Scene): string[] {
  return legendEntries(map, scene).map((x) => x.label);
}
