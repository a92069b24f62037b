import { afterEach, describe, expect, it } from 'vitest';
import type { Scene } from '../../src/contracts/scene.js';
import { closeServices, type Services } from '../../src/dispatch/services.js';
import type { TyphoonState } from '../../src/games/operation-typhoon/state.js';
import { actingReply } from '../../src/session/replies.js';
import { changedHexes } from '../../src/session/scene-diff.js';
import { alice, testServices } from '../helpers/test-game.js';

let services: Services | undefined;
afterEach(async () => {
  if (services) await closeServices(services);
  services = undefined;
});

const counter = (label: string) => ({ label, colour: '#000', text: '#fff', symbol: 'infantry' as const, strength: '4' });

describe('the picture after an undo', () => {
  it('changedHexes names the hexes whose counters or control differ, and nothing else', () => {
    const before: Scene = {
      stacks: [
        { hex: '0101', counters: [counter('A')] },
        { hex: '0102', counters: [counter('B')] },
      ],
      control: { style: 'area', hexes: { '0101': 'german', '0201': 'soviet' } },
    };
    const after: Scene = {
      stacks: [
        { hex: '0101', counters: [counter('A')] },
        { hex: '0103', counters: [counter('B')] },
      ],
      control: { style: 'area', hexes: { '0101': 'german', '0201': 'german' } },
    };
    expect(changedHexes(before, after).sort()).toEqual(['0102', '0103', '0201']);
    expect(changedHexes(before, before)).toEqual([]);
  });

  it('frames where the order taken back had moved the force, instead of the whole map', async () => {
    ({ services } = testServices());
    const ch = 'undo-picture';
    const s = services.sessions;
    await s.newGame({ channelId: ch, guildId: 'g1' }, alice, { game: 'operation-typhoon', seed: 7 });
    await s.act(ch, alice, { type: 'setup-done' });
    const { def, doc } = await s.require(ch);
    const move = def.orders.find((o) => o.command === 'move')!.run!(doc.state, { force: '1213', to: '1312' }, {});
    if (!('act' in move)) throw new Error('the move is refused');
    const moved = await s.act(ch, alice, move.act);
    expect(Object.values((moved.doc.state as TyphoonState).units).some((u) => u.hex === '1312')).toBe(true);

    const undone = await s.undo(ch, alice);
    expect(undone.events[0]?.hexes?.sort()).toEqual(['1213', '1312']);
    const reply = await actingReply(undone);
    // A close-up (the full map's file ends in -map) around the two hexes.
    expect(reply.files?.[0]?.name).toMatch(new RegExp(`-v${undone.doc.version}\\.png$`));
  });
});
