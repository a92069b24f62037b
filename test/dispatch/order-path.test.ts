import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Reply } from '../../src/contracts/reply.js';
import type { Dispatcher } from '../../src/dispatch/dispatch.js';
import { closeServices, type Services } from '../../src/dispatch/services.js';
import { menuMove } from '../../src/session/move-button.js';
import { alice, testServices } from '../helpers/test-game.js';

/**
 * One order, one path: the channel's game is read once (under its lock) and the action parsed
 * once on its way to the engine; the question before an order is a dry run of the same path.
 */
let services: Services | undefined;
let dispatcher: Dispatcher;

afterEach(async () => {
  if (services) await closeServices(services);
  services = undefined;
});

async function command(line: { command: string; subcommand?: string; options?: Record<string, string | number> }): Promise<Reply[]> {
  const replies: Reply[] = [];
  await dispatcher.command({
    invocation: {
      command: line.command,
      ...(line.subcommand ? { subcommand: line.subcommand } : {}),
      options: line.options ?? {},
      user: alice,
      channelId: 'c',
    },
    reply: async (r) => void replies.push(r),
  });
  return replies;
}

/** Count, while `run` runs, the channel's game being read from the store and the game's action schema parsing. */
async function counted(game: string, run: () => Promise<unknown>): Promise<{ reads: number; byId: number; parses: number; saves: number }> {
  const { store } = services!.sessions;
  const schema = services!.games.require(game).actionSchema;
  const spies = {
    reads: vi.spyOn(store, 'loadCurrent'),
    byId: vi.spyOn(store, 'load'),
    parses: [vi.spyOn(schema, 'safeParse'), vi.spyOn(schema, 'parse')],
    saves: vi.spyOn(store, 'save'),
  };
  try {
    await run();
    return {
      reads: spies.reads.mock.calls.length,
      // loadCurrent reads the game by its id once; any other read by id is another read of the game.
      byId: spies.byId.mock.calls.length - spies.reads.mock.calls.length,
      parses: spies.parses.reduce((n, s) => n + s.mock.calls.length, 0),
      saves: spies.saves.mock.calls.length,
    };
  } finally {
    vi.restoreAllMocks();
  }
}

describe('one order path', () => {
  it('/move reads the channel’s game once and parses the action once', async () => {
    ({ services, dispatcher } = testServices());
    await command({ command: 'game', subcommand: 'new', options: { game: 'battle-for-moscow', seed: 4 } });
    await command({ command: 'setup', subcommand: 'done' });
    const view = await services.sessions.require('c');
    const move = menuMove(view.def)!;
    const unit = move.order.suggest!(view.doc.state, { name: 'unit', value: '' }, {})[0]!.value;
    const to = move.order.suggest!(view.doc.state, { name: 'to', value: '' }, { unit })[0]!.value;
    let replies: Reply[] = [];
    const count = await counted('battle-for-moscow', async () => {
      replies = await command({ command: 'move', options: { unit, to } });
    });
    expect(replies[0]?.ephemeral).toBeFalsy();
    expect((await services.sessions.require('c')).doc.version).toBe(view.doc.version + 1);
    expect(count).toEqual({ reads: 1, byId: 0, parses: 1, saves: 1 });
  });

  it('the question before an order is a dry run of the same path: one read, one parse, nothing saved', async () => {
    ({ services, dispatcher } = testServices());
    await command({ command: 'game', subcommand: 'new', options: { game: 'operation-typhoon', seed: 5 } });
    await command({ command: 'setup', subcommand: 'done' });
    const version = (await services.sessions.require('c')).doc.version;
    let replies: Reply[] = [];
    const count = await counted('operation-typhoon', async () => {
      replies = await command({ command: 'phase', subcommand: 'end' });
    });
    expect(replies[0]?.content).toMatch(/^End turn 1 now\?/);
    expect(replies[0]?.ephemeral).toBe(true);
    expect((await services.sessions.require('c')).doc.version).toBe(version);
    expect(count).toEqual({ reads: 1, byId: 0, parses: 1, saves: 0 });
  });
});
