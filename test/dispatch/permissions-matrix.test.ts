import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../src/contracts/errors.js';
import type { Member } from '../../src/contracts/reply.js';
import { closeServices, type Services } from '../../src/dispatch/services.js';
import { INSTALLED_GAMES } from '../../src/games/installed.js';
import { typhoonEngine } from '../../src/games/operation-typhoon/index.js';
import type { TyphoonState } from '../../src/games/operation-typhoon/state.js';
import { GameRegistry } from '../../src/games/registry.js';
import type { GameSessions } from '../../src/session/index.js';
import type { GameMode } from '../../src/store/game-document.js';
import { ManualClock, type VoteService } from '../../src/votes/index.js';
import { testServices } from '../helpers/test-game.js';

/**
 * Who may do what, in every mode: the creator, a joined player (in team play, commanding
 * Panzer Group 3), a spectator who never joined, and a member with Manage Channels who
 * did not join either. Each refusal must leave the game unchanged.
 */
const creator: Member = { id: 'm-creator', name: 'Creator' };
const player: Member = { id: 'm-player', name: 'Player' };
const spectator: Member = { id: 'm-spectator', name: 'Spectator' };
const admin: Member = { id: 'm-admin', name: 'Admin', canManage: true };
const PEOPLE = { creator, player, spectator, admin };
type Who = keyof typeof PEOPLE;

let services: Services;
let games: GameSessions;
let votes: VoteService;
let channel = 0;

beforeAll(() => {
  ({ services } = testServices({ clock: new ManualClock(), games: new GameRegistry(INSTALLED_GAMES) }));
  games = services.sessions;
  votes = services.votes;
});
afterAll(async () => {
  await closeServices(services);
});

/** A started Operation Typhoon game in the mode, with the player joined (commanding PG3 in team play). */
async function game(mode: GameMode): Promise<string> {
  const ch = `perm-${++channel}`;
  await games.newGame({ channelId: ch }, creator, { game: 'operation-typhoon', seed: 40 + channel, mode });
  if (mode !== 'solo') await games.join(ch, player, undefined, mode === 'team' ? ['PG3'] : undefined);
  if (mode === 'vote') {
    await votes.propose(ch, creator, { type: 'setup-done' });
    await votes.vote(ch, player, `vote:${(await games.require(ch)).doc.id}:0:1`);
  } else await games.act(ch, creator, { type: 'setup-done' });
  return ch;
}

function unitOf(s: TyphoonState, formation: string): string {
  const index = typhoonEngine().index;
  return Object.entries(s.units).find(([id]) => index.unit(id).formation === formation)![1].hex;
}

const ACTIONS: Record<string, (ch: string, who: Member) => Promise<unknown>> = {
  'order for PG3': async (ch, who) => {
    const s = (await games.require(ch)).doc.state as TyphoonState;
    const action = { type: 'assign-air', hex: unitOf(s, 'PG3') };
    return (await games.require(ch)).doc.mode === 'vote' ? votes.propose(ch, who, action) : games.act(ch, who, action);
  },
  // The Luftwaffe split among formations (9.1) is for the whole side.
  'order for the whole side': async (ch, who) =>
    (await games.require(ch)).doc.mode === 'vote'
      ? votes.propose(ch, who, { type: 'air-split', formations: ['PG3', 'PG2'] })
      : games.act(ch, who, { type: 'air-split', formations: ['PG3', 'PG2'] }),
  // Ending the turn outright: in team play each commander says /phase end for their own formations instead.
  'end the turn alone': async (ch, who) =>
    (await games.require(ch)).doc.mode === 'vote'
      ? votes.propose(ch, who, { type: 'end-phase' })
      : games.act(ch, who, { type: 'end-phase' }),
  'change settings': (ch, who) => games.configure(ch, who, { settings: { 'vote.window': 300 } }),
  'end the game': (ch, who) => games.end(ch, who),
};

/** allowed[mode][action] = who may. */
const ALLOWED: Record<GameMode, Record<string, Who[]>> = {
  solo: {
    'order for PG3': ['creator'],
    'order for the whole side': ['creator'],
    'end the turn alone': ['creator'],
    'change settings': ['creator'],
    'end the game': ['creator', 'admin'],
  },
  team: {
    'order for PG3': ['player'],
    'order for the whole side': ['creator'],
    'end the turn alone': [],
    'change settings': ['creator'],
    'end the game': ['creator', 'admin'],
  },
  vote: {
    'order for PG3': ['creator', 'player'],
    'order for the whole side': ['creator', 'player'],
    'end the turn alone': ['creator', 'player'],
    'change settings': ['creator'],
    'end the game': ['creator', 'admin'],
  },
};

describe('the permission matrix', () => {
  for (const mode of ['solo', 'team', 'vote'] as const) {
    for (const [action, allowed] of Object.entries(ALLOWED[mode])) {
      for (const who of Object.keys(PEOPLE) as Who[]) {
        const expected = allowed.includes(who);
        it(`${mode}: ${who} ${expected ? 'may' : 'may not'} ${action}`, async () => {
          const ch = await game(mode);
          const before = JSON.stringify((await games.require(ch)).doc);
          let refusal: string | undefined;
          try {
            await ACTIONS[action]!(ch, PEOPLE[who]);
          } catch (err) {
            if (!(err instanceof UserError)) throw err;
            refusal = err.message;
          }
          if (expected) expect(refusal, refusal).toBeUndefined();
          else {
            expect(refusal).toBeDefined();
            expect(JSON.stringify((await games.require(ch)).doc)).toBe(before);
          }
        });
      }
    }
  }

  it('vote: a spectator and a manager who did not join cannot vote; a joined player can, once', async () => {
    const ch = `perm-${++channel}`;
    await games.newGame({ channelId: ch }, creator, { game: 'operation-typhoon', seed: 99, mode: 'vote' });
    await games.join(ch, player);
    await games.join(ch, { id: 'm-third', name: 'Third' });
    const id = (await games.require(ch)).doc.id;
    await votes.propose(ch, creator, { type: 'setup-done' });
    for (const who of [spectator, admin]) await expect(votes.vote(ch, who, `vote:${id}:0:1`)).rejects.toThrow(/Only members who joined/);
    const first = await votes.vote(ch, player, `vote:${id}:0:1`);
    expect(first.ephemeral).toBeFalsy(); // 2 of 3: a majority, carried out
    expect(first.content).toMatch(/Carried out: #1/);
    expect((await games.require(ch)).doc.version).toBe(1);
    await expect(votes.override(ch, player, 1)).rejects.toThrow(/Only the creator/);
  });
});
