import { expect } from 'vitest';
import type { FakeMessage } from './fake-discord/fake-types.js';

/** A refusal as a member sees it: shown to that member only (ephemeral), saying why. */
export function expectRefused(answer: FakeMessage | undefined, why: RegExp): void {
  expect(answer, 'an answer to the member').toBeDefined();
  expect(answer!.ephemeral, answer!.content).toBe(true);
  expect(answer!.content).toMatch(why);
}
