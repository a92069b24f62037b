import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Canvas, createCanvas } from '@napi-rs/canvas';
import type { Scene, View } from '../src/contracts/scene.js';
import type { GameEvent } from '../src/games/engine.js';
import type { GameDef } from '../src/games/game-def.js';
import { INSTALLED_GAMES } from '../src/games/installed.js';
import { POLICIES, playGame } from '../src/games/operation-typhoon/autoplay/index.js';
import { typhoonEngine } from '../src/games/operation-typhoon/index.js';
import type { HexId } from '../src/kernel/hex.js';
import { loadMap } from '../src/maps/game-map.js';
import { renderMap } from '../src/render/render-map.js';

import { reachScene } from '../src/session/map-views.js';

import { frame } from '../src/session/replies.js';

/**
 * npm run pictures [-- --out docs/pictures]: the views the bot posts, for each game at a
 * position some way into play, drawn and scaled down to the widths Discord shows them at
 * (550 px on a laptop, 400 px on a phone), as PNG files to look at.
 */
const { values } = parseArgs({ options: { out: { type: 'string', default: 'docs/pictures' }, full: { type: 'boolean', default: false } } });
const out = values.out!;
mkdirSync(out, { recursive: true });

const WIDTHS = [550, 400];

/** A copy `width` px wide, smoothed as a browser scales an inline image down. */
function scaled(canvas: Canvas, width: number): Canvas {
  const height = Math.round((canvas.height * width) / canvas.width);
  const c = createCanvas(width, height);
  const ctx = c.getContext('2d');
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(canvas, 0, 0, width, height);
  return c;
}

/** Channels rounded to 5 bits: invisible at this size, and the PNG files shrink by half. */
function posterize(canvas: Canvas): Canvas {
  const ctx = canvas.getContext('2d');
  const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const d = image.data;
  for (let i = 0; i < d.length; i++) if (i % 4 !== 3) d[i] = Math.min(255, Math.round(d[i]! / 8) * 8);
  ctx.putImageData(image, 0, 0);
  return canvas;
}

async function save(name: string, canvas: Canvas, widths = WIDTHS): Promise<void> {
  if (values.full) writeFileSync(join(out, `${name}-full-size.png`), await canvas.encode('png'));
  for (const w of widths) writeFileSync(join(out, `${name}-${w}.png`), await posterize(scaled(canvas, w)).encode('png'));
  console.log(`${name}: ${canvas.width}x${canvas.height}`);
}

function game(id: string): GameDef {
  return INSTALLED_GAMES.find((g) => g.id === id)!;
}

// biome-ignore lint/suspicious/noExplicitAny: each game's own state, driven through its definition.
type AnyState = any;

/** Play `count` actions with `next`, keeping the events of the last one. */
function playOn(def: GameDef, state: AnyState, count: number, next: (s: AnyState) => unknown): { state: AnyState; events: GameEvent[] } {
  let events: GameEvent[] = [];
  for (let i = 0; i < count; i++) {
    const a = next(state);
    if (a === undefined) break;
    const applied = def.engine.apply(state, a);
    state = applied.state;
    events = applied.events;
  }
  return { state, events };
}

async function views(
  id: string,
  label: string,
  state: AnyState,
  events: GameEvent[],
  reachFrom?: HexId,
  sector?: string,
  whole = true,
): Promise<void> {
  const def = game(id);
  const map = loadMap(def.mapFile);
  const scene: Scene = def.scene(state, events);
  if (whole) await save(`${label}-full`, renderMap(map, scene, { kind: 'full' }));
  if (sector && def.hexesOf) {
    // As /game map center:<army> frames it.
    const { center, radius } = frame(map, def.hexesOf(state, sector));
    await save(`${label}-sector-${sector.toLowerCase()}`, renderMap(map, scene, { kind: 'zoom', center, radius }));
  }
  const hexes = def.zoomHexes ? def.zoomHexes(events, state) : events.flatMap((e) => e.hexes ?? []);
  const onMap = [...new Set([...hexes, ...(scene.focus ?? [])])].filter((h) => map.has(h));
  if (onMap.length) {
    const { center, radius } = frame(map, onMap);
    const view: View = { kind: 'zoom', center, radius };
    await save(`${label}-after-order`, renderMap(map, scene, view));
  }
  if (reachFrom) {
    const reach = reachScene(def, state, reachFrom);
    console.log(`  ${reach.text}`);
    await save(`${label}-reach`, renderMap(map, reach.scene, reach.view));
  }
}

/** The first of `hexes` whose force may move now and can go somewhere. */
function movable(def: GameDef, state: AnyState, hexes: HexId[]): HexId | undefined {
  return hexes.find((h) => {
    try {
      return Object.keys(reachScene(def, state, h).scene.reach!.costs).length > 3;
    } catch {
      return false;
    }
  });
}

// Operation Typhoon: the pocket-seeking policy's game, some way into the first turn.
{
  const engine = typhoonEngine();
  const record = playGame(engine, POLICIES['seek-pockets']!, 3);
  const def = game('operation-typhoon');
  let state = engine.setup({ scenario: 'historical', seed: 3 } as never);
  const { state: mid, events } = playOn(
    def,
    state,
    60,
    (() => {
      let i = 0;
      return () => record.actions[i++];
    })(),
  );
  state = mid;
  const hexes = Object.values(state.units as Record<string, { hex: HexId }>).map((u) => u.hex);
  await views('operation-typhoon', 'typhoon-turn1', state, events, movable(def, state, hexes), 'PG3');
  // On to the first pocket cut off (11.1): its outline beside the front line.
  for (let i = 60; i < record.actions.length; i++) {
    const applied = def.engine.apply(state, record.actions[i]);
    state = applied.state;
    if (applied.events.some((e) => e.kind === 'pocket' && (e.hexes?.length ?? 0) > 2)) {
      await views('operation-typhoon', 'typhoon-pocket', state, applied.events, undefined, undefined, false);
      break;
    }
  }
}

// Battle for Moscow: both sides played by the heuristic bot into the second turn.
{
  const def = game('battle-for-moscow');
  const options = def.setupOptions!({}, 5);
  let state = def.engine.setup(options);
  state = { ...state, bots: ['german', 'soviet'], options: { ...state.options, botLevel: 'heuristic' } };
  // Into the second German movement phase, a few moves made.
  let moves = 0;
  const { state: mid, events } = playOn(def, state, 400, (s) => {
    if (s.turn === 2 && s.phase === 'german-movement' && moves++ >= 3) return undefined;
    return def.autoPlay!(s);
  });
  const hexes = Object.values(mid.units as Record<string, { hex?: HexId | null }>).flatMap((u) => (u.hex ? [u.hex] : []));
  await views('battle-for-moscow', 'bfm-turn2', mid, events, movable(def, mid, hexes));
}

// Drive on Moscow: the bot plays both sides some way into the first turn.
{
  const def = game('drive-on-moscow');
  const { botAction } = await import('../src/games/drive-on-moscow/bot.js');
  const options = def.setupOptions!({ vs: 'human' }, 7);
  const state = def.engine.setup(options);
  const { state: mid, events } = playOn(def, state, 30, (s) => {
    const side = def.engine.prompt(s).side;
    return side ? botAction(def.engine as never, s, side) : undefined;
  });
  const hexes = [...new Set(Object.values(mid.units as Record<string, { hex: HexId }>).map((u) => u.hex))];
  await views('drive-on-moscow', 'dom-turn1', mid, events, movable(def, mid, hexes));
}
