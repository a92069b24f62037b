import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesText } from '../../src/contracts/text.js';

const problems = (schema: z.ZodType, value: unknown) => issuesText(schema.safeParse(value).error!);

/** Refusals built from a schema speak the players' words, never zod's stock English. */
describe('issuesText', () => {
  it('puts the limit in plain words: lists, text, numbers', () => {
    expect(problems(z.object({ units: z.array(z.string()).max(10) }), { units: Array(11).fill('x') })).toBe('units: names at most 10');
    expect(problems(z.object({ units: z.array(z.string()).min(1) }), { units: [] })).toBe('units: names at least 1');
    expect(problems(z.object({ name: z.string().max(3) }), { name: 'abcd' })).toBe('name: is at most 3 characters');
    expect(problems(z.object({ name: z.string().min(1) }), { name: '' })).toBe('name: may not be empty');
    expect(problems(z.object({ air: z.number().int().max(3) }), { air: 4 })).toBe('air: is at most 3');
    expect(problems(z.object({ odds: z.number().lt(3) }), { odds: 3 })).toBe('odds: is below 3');
  });

  it('says what is missing, of what kind a value should be, and which values there are', () => {
    const schema = z.object({ to: z.string(), seed: z.number().int(), side: z.enum(['german', 'soviet']) });
    expect(problems(schema, { seed: 'x', side: 'finnish' })).toBe(
      'to: is missing; seed: should be a number; side: is one of: german, soviet',
    );
    expect(problems(z.object({ seed: z.number().int() }), { seed: 1.5 })).toBe('seed: should be a whole number');
    expect(problems(z.strictObject({ to: z.string() }), { to: '1010', from: '1' })).toBe('options: from is not an option here');
  });

  it("keeps a schema's own words (a rule's)", () => {
    const schema = z.object({ units: z.array(z.string()).max(5, 'a stack is at most five units (6.0)') });
    expect(problems(schema, { units: Array(6).fill('x') })).toBe('units: a stack is at most five units (6.0)');
  });

  it('never passes on zod stock phrases', () => {
    const schema = z.object({
      a: z.array(z.number()).max(1),
      b: z.string().min(2),
      c: z.literal('x'),
      d: z.union([z.number(), z.boolean()]),
    });
    const text = problems(schema, { a: [1, 2], b: 'y', c: 'z', d: 'w' });
    expect(text).not.toMatch(/Too (big|small)|Invalid (input|option)|expected/);
    expect(text.split('; ')).toHaveLength(4);
  });
});
