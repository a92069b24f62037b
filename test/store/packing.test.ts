import { afterEach, describe, expect, it } from 'vitest';
import { createGameStore, type GameStore, gameKey, UnreadableGameError } from '../../src/store/index.js';
import { packDocument, unpackDocument } from '../../src/store/packed-document.js';
import { alice, openSessions, tempDataFile } from '../helpers/test-game.js';

const stores: GameStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
});

describe('packed game records', () => {
  it('round-trips text and leaves plain JSON as it is', () => {
    const json = JSON.stringify({
      log: Array.from({ length: 200 }, (_, i) => ({ version: i, text: 'The Soviets defend with 2 RD + 1 B.' })),
    });
    const packed = packDocument(json);
    expect(packed.startsWith('br1:')).toBe(true);
    expect(packed.length).toBeLessThan(json.length / 5);
    expect(unpackDocument(packed)).toBe(json);
    expect(unpackDocument('{"a":1}')).toBe('{"a":1}');
  });

  it('stores games packed, still loads a plain JSON record, and quarantines a damaged packing', async () => {
    const file = tempDataFile();
    const s = openSessions(file);
    await s.newGame({ channelId: 'c1', guildId: 'g' }, alice, { game: 'dice-race', seed: 6 });
    const { doc } = await s.act('c1', alice, { type: 'step' });
    const raw = (await s.store.keyv.get(gameKey(doc.id))) as { packed: string };
    expect(raw.packed.startsWith('br1:')).toBe(true);
    // A record written before packing existed: plain JSON text.
    await s.store.keyv.set(gameKey(doc.id), JSON.stringify(doc));
    expect(await s.store.load(doc.id)).toEqual(doc);
    await s.store.keyv.set(gameKey(doc.id), 'br1:AAAA-not-brotli');
    await expect(s.store.load(doc.id)).rejects.toBeInstanceOf(UnreadableGameError);
    await s.store.close();
    const again = createGameStore({ dataFile: file });
    stores.push(again);
    expect(await again.load(doc.id)).toBeUndefined();
  });
});
