import Keyv from 'keyv';
import { describe, expect, it } from 'vitest';
import type { Reply } from '../../src/contracts/reply.js';
import { PromptBoard, promptKey, slotOf } from '../../src/discord/prompt-board.js';

/** The prompt board: one live prompt and one live ballot message per game, kept in the store. */
const prompt = (version: number, dice = false): Reply => ({
  content: 'next',
  buttons: [
    { customId: `game:abcd2345:${version}:0`, label: 'Another round' },
    ...(dice ? [{ customId: `game:abcd2345:${version}:dice`, label: 'Dice' }] : []),
  ],
});
const ballot: Reply = { content: 'ballot', buttons: [{ customId: 'vote:abcd2345:3:1', label: '#1' }] };

describe('prompt board', () => {
  it('sorts replies into a game’s prompt and ballot slots; others have none', () => {
    expect(slotOf(prompt(1))).toEqual({ gameId: 'abcd2345', slot: 'prompt' });
    expect(slotOf(ballot)).toEqual({ gameId: 'abcd2345', slot: 'ballot' });
    expect(slotOf({ content: 'x', menu: { customId: 'move:abcd2345:2:s:0', placeholder: 'p', options: [] } })).toEqual({
      gameId: 'abcd2345',
      slot: 'prompt',
    });
    expect(slotOf({ content: 'no buttons' })).toBeUndefined();
    expect(slotOf({ content: 'x', buttons: [{ customId: 'held:1', label: 'Yes' }] })).toBeUndefined();
  });

  it('takes the buttons off the previous prompt, keeps its Dice, survives a restart and shrugs off a failed edit', async () => {
    const keyv = new Keyv();
    const edits: [string, string, unknown[]][] = [];
    const warnings: unknown[] = [];
    const edit = async (channelId: string, messageId: string, components: unknown[]) => {
      if (messageId === 'gone') throw new Error('Unknown Message');
      edits.push([channelId, messageId, components]);
    };
    const board = new PromptBoard(keyv, edit, (err) => warnings.push(err));
    await board.posted('c1', 'm1', prompt(1, true));
    expect(edits).toEqual([]);
    // The same message shown again (an update in place) supersedes nothing.
    await board.posted('c1', 'm1', prompt(2));
    expect(edits).toEqual([]);
    await board.posted('c1', 'm2', prompt(3, true));
    expect(edits).toEqual([['c1', 'm1', []]]);
    // A private reply and a ballot leave the prompt slot alone.
    await board.posted('c1', 'p1', { ...prompt(4), ephemeral: true });
    await board.posted('c1', 'b1', ballot);
    expect(edits).toHaveLength(1);
    // A new process on the same store knows the live prompt, and its Dice button stays.
    const restarted = new PromptBoard(keyv, edit, (err) => warnings.push(err));
    await restarted.posted('c1', 'm3', prompt(5));
    expect(edits[1]).toEqual([
      'c1',
      'm2',
      [{ type: 1, components: [{ type: 2, style: 2, custom_id: 'game:abcd2345:3:dice', label: 'Dice' }] }],
    ]);
    expect(await keyv.get(promptKey('abcd2345', 'prompt'))).toMatchObject({ channelId: 'c1', messageId: 'm3' });
    // The live one deleted meanwhile: the edit fails, is reported, and the new one is recorded all the same.
    await keyv.set(promptKey('abcd2345', 'prompt'), { channelId: 'c1', messageId: 'gone', keep: [] });
    await expect(restarted.posted('c1', 'm4', prompt(6))).resolves.toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(await keyv.get(promptKey('abcd2345', 'prompt'))).toMatchObject({ messageId: 'm4' });
  });
});
