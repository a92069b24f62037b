import { describe, expect, it } from 'vitest';
import { buildCommands } from '../../commands/index.js';
import { LIMITS } from '../../src/contracts/limits.js';
import { INSTALLED_GAMES } from '../../src/games/installed.js';
import { GameRegistry } from '../../src/games/registry.js';
import { actRefusal, endRefusal, undoRefusal } from '../../src/session/permissions.js';
import type { GameDocument } from '../../src/store/game-document.js';

/** The guided topics stay true to the commands the bot has; refusals name what to do next. */
describe('help guides', () => {
  const commands = buildCommands(new GameRegistry(INSTALLED_GAMES));
  /** "/air assign" → is there such a command and subcommand? */
  const exists = (command: string, sub: string | undefined) => {
    const json = commands.get(command)?.data.toJSON() as { options?: { name: string; type: number }[] } | undefined;
    if (!json) return false;
    const subs = (json.options ?? []).filter((o) => o.type === 1).map((o) => o.name);
    return subs.length === 0 || (sub !== undefined && subs.includes(sub));
  };

  it.each(INSTALLED_GAMES.flatMap((g) => (g.guides ?? []).map((x) => [g.id, x] as const)))(
    '%s guide fits a message and names only real commands',
    (_id, guide) => {
      expect(guide.text.length).toBeLessThanOrEqual(LIMITS.messageChars);
      const named = [...guide.text.matchAll(/`\/([a-z-]+)(?: ([a-z-]+))?/g)].map((m) => [m[1]!, m[2]] as const);
      expect(named.length).toBeGreaterThan(5);
      for (const [command, sub] of named) expect(exists(command, sub), `/${command} ${sub ?? ''}`).toBe(true);
    },
  );

  it('Operation Typhoon has a first-turn guide', () => {
    expect(INSTALLED_GAMES.find((g) => g.id === 'operation-typhoon')?.guides?.map((x) => x.id)).toContain('first-turn');
  });

  it('permission refusals end with a command to try next', () => {
    const doc = {
      id: 'abcd2345',
      status: 'active',
      mode: 'team',
      createdBy: 'c',
      players: [
        { id: 'c', name: 'Creator', seat: 'german' },
        { id: 's', name: 'Zhukov', seat: 'soviet' },
      ],
      actions: [{ version: 1, userId: 'c', action: {}, at: new Date(0).toISOString() }],
    } as unknown as GameDocument;
    const refusals = [
      actRefusal(doc, { id: 's', name: 'Zhukov' }, { side: 'german', text: '', choices: [] }),
      actRefusal(doc, { id: 'x', name: 'Stranger' }, { side: 'german', text: '', choices: [] }),
      actRefusal({ ...doc, status: 'finished' }, { id: 'c', name: 'Creator' }, { text: '', choices: [] }),
      endRefusal({ ...doc, status: 'ended' }, { id: 'c', name: 'Creator' }),
      undoRefusal(doc, { id: 's', name: 'Zhukov' }, { side: 'german', text: '', choices: [] }),
    ];
    for (const r of refusals) expect(r).toMatch(/\/(game|force|vote) [a-z]+/);
  });
});
