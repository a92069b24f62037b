import { mkdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { typhoonGame } from '../../src/games/operation-typhoon/definition.js';
import { type TyphoonState, typhoonEngine } from '../../src/games/operation-typhoon/index.js';
import type { GameView } from '../../src/session/game-sessions.js';
import type { Ballot, Proposal } from '../../src/votes/ballot.js';
import { ballotImage, proposalArrow } from '../../src/votes/preview.js';

/**
 * What a vote proposal draws (issue: each proposal rendered with its path, MP cost and the
 * Soviet hexes it would enter): computed from the game's own description of the move.
 */
const engine = typhoonEngine();
const def = typhoonGame;

function movementPosition(): TyphoonState {
  let s = engine.setup({ scenario: 'historical', seed: 31 });
  for (let i = 0; i < 10 && s.phase !== 'movement'; i++) s = engine.apply(s, engine.prompt(s).choices[0]!.action).state;
  expect(s.phase).toBe('movement');
  return s;
}

function viewOf(state: TyphoonState): GameView {
  const doc = { id: 'prev1ew0', version: 3, state } as unknown as GameView['doc'];
  return { doc, def, prompt: engine.prompt(state) } as GameView;
}

function proposal(n: number, action: unknown): Proposal {
  return { n, by: 'u1', byName: 'Anna', action: action as never, text: '', at: 0 };
}

/** A German stack next to the front, the Soviet hex in front of it and a free German hex behind it. */
function frontStack(s: TyphoonState): { from: string; soviet: string; behind: string } {
  const { index } = engine;
  const occupied = new Set(Object.values(s.units).map((u) => u.hex));
  for (const u of Object.values(s.units)) {
    const around = index.map.neighbours(u.hex);
    const soviet = around.find((h) => index.initiallySoviet.has(h));
    const behind = around.find((h) => !index.initiallySoviet.has(h) && !occupied.has(h));
    if (soviet && behind) return { from: u.hex, soviet, behind };
  }
  throw new Error('no stack at the front');
}

describe('vote proposals on the map', () => {
  const s = movementPosition();
  const view = viewOf(s);
  const scene = def.scene(s, []);
  const { from, soviet, behind } = frontStack(s);

  it('draws a move as a numbered arrow with its MP cost, ringing the Soviet hex it enters', () => {
    const arrow = proposalArrow(view, scene, proposal(2, { type: 'move', from, path: [soviet] }))!;
    expect(arrow.path).toEqual([from, soviet]);
    expect(arrow.label).toMatch(/^#2 · \d+ MP$/);
    expect(arrow.marked).toEqual([soviet]);
    expect(arrow.colour).toBe(1);
  });

  it('marks nothing for a move behind the front, and draws no arrow for an order that moves nothing', () => {
    const arrow = proposalArrow(view, scene, proposal(1, { type: 'move', from, path: [behind] }))!;
    expect(arrow.path).toEqual([from, behind]);
    expect(arrow.marked).toBeUndefined();
    expect(proposalArrow(view, scene, proposal(3, { type: 'end-phase' }))).toBeUndefined();
  });

  it('renders every proposal of a ballot on one picture, framed on the one just filed', async () => {
    const ballot: Ballot = {
      gameId: 'prev1ew0',
      channelId: 'c1',
      version: 3,
      opensAt: 0,
      closesAt: 120_000,
      quick: false,
      proposals: [
        proposal(1, { type: 'move', from, path: [behind] }),
        proposal(2, { type: 'move', from, path: [soviet] }),
        proposal(3, { type: 'end-phase' }),
      ],
      votes: {},
    };
    const focused = (await ballotImage(view, ballot, 2))!;
    const all = (await ballotImage(view, ballot))!;
    expect(focused.name).toMatch(/-proposal-2\.(png|webp)$/);
    expect(all.name).toMatch(/-ballot\.(png|webp)$/);
    expect(focused.data.length).toBeGreaterThan(1000);
    mkdirSync('test-output/vote-preview', { recursive: true });
    writeFileSync(`test-output/vote-preview/${all.name}`, all.data);
  });
});
