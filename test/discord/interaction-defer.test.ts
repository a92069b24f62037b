import type { ChatInputCommandInteraction } from 'discord.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InteractionResponder } from '../../src/discord/interaction-responder.js';

afterEach(() => {
  vi.useRealTimers();
});

/** A slash command interaction created `ageMs` before now, recording when it is deferred. */
function commandCreated(ageMs: number) {
  const deferred: number[] = [];
  const interaction = {
    createdTimestamp: Date.now() - ageMs,
    channelId: 'c',
    isMessageComponent: () => false,
    deferReply: async () => void deferred.push(Date.now()),
  } as unknown as ChatInputCommandInteraction;
  return { interaction, deferred };
}

describe('deferring in time', () => {
  it('counts the wait from the interaction’s creation, so a command that reached a busy process late is still acknowledged in time', async () => {
    vi.useFakeTimers();
    const { interaction, deferred } = commandCreated(1200);
    new InteractionResponder(interaction, 1500);
    await vi.advanceTimersByTimeAsync(299);
    expect(deferred).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(deferred).toHaveLength(1);
  });

  it('defers at once when the command is already older than the wait, and waits the whole time for a fresh one', async () => {
    vi.useFakeTimers();
    const late = commandCreated(2200);
    new InteractionResponder(late.interaction, 1500);
    await vi.advanceTimersByTimeAsync(0);
    expect(late.deferred).toHaveLength(1);
    // A clock behind Discord's makes the interaction look younger than nothing: the whole wait.
    const fresh = commandCreated(-400);
    new InteractionResponder(fresh.interaction, 1500);
    await vi.advanceTimersByTimeAsync(1499);
    expect(fresh.deferred).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fresh.deferred).toHaveLength(1);
  });
});
