import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ConsoleOptions, ConsoleSession } from '../../src/console/console-session.js';
import type { GameDef } from '../../src/games/game-def.js';
import { gameExportSchema } from '../../src/session/export-format.js';
import { type VerifiedGame, verifyGame } from '../../src/session/verify-export.js';

/**
 * Tests drive the bot through the local console as a player would, typing lines. This is the
 * one runner they share, so that each does not carry its own copy of the same few lines: a
 * console on its own temp folder, what each line printed, the channel's stored state, and
 * buttons pressed by their label.
 */
export interface ConsoleRunnerOptions extends Omit<ConsoleOptions, 'outDir' | 'print'> {
  /** The folder for images, exports and (by default) the SQLite file; default a fresh temp folder. */
  outDir?: string;
  /** The fresh temp folder's name starts with this (default the channel id). */
  prefix?: string;
}

export type ConsoleRunner<S> = ReturnType<typeof consoleRunner<S>>;

/** A console on its own channel and folder; `S` is the type of the channel's game state. */
export function consoleRunner<S = unknown>(options: ConsoleRunnerOptions = {}) {
  const { outDir, prefix, ...rest } = options;
  const channelId = options.channelId ?? 'console';
  const dir = outDir ?? mkdtempSync(join(tmpdir(), `${prefix ?? channelId}-`));
  /** Everything printed so far, in order (ballots closing on their clock print here too). */
  const printed: string[] = [];
  const session = new ConsoleSession({ ...rest, outDir: dir, print: (t) => printed.push(t), channelId });

  /** Runs one line; returns what that line printed, and only that. */
  const run = async (line: string): Promise<string> => {
    const at = printed.length;
    await session.run(line);
    return printed.slice(at).join('\n');
  };
  /** The channel's game as stored. */
  const doc = async () => (await session.services.sessions.require(channelId)).doc;
  /** The channel's game state as stored. */
  const state = async (): Promise<S> => (await doc()).state as S;
  /** The labels of the buttons in `out` (its last line of buttons), in order: /press 1 is the first. */
  const buttons = (out: string): string[] => {
    const line =
      out
        .split('\n')
        .filter((l) => l.includes('(/press N)'))
        .at(-1) ?? '';
    return [...line.matchAll(/\[(\d+)\] (.+?)(?=\s{2}\[\d+\]|\s{3}\(\/press N\))/g)].map((m) => m[2]!.trim());
  };
  /** Presses the button of `out` whose label matches; returns what the press printed. */
  const press = async (out: string, label: RegExp): Promise<string> => {
    const n = buttons(out).findIndex((b) => label.test(b));
    if (n < 0) throw new Error(`no button ${label} in:\n${out}`);
    return run(`/press ${n + 1}`);
  };
  /** Ends the channel's game, exports it and replays the export through `def`'s engine (as npm run verify does). */
  const endAndVerify = async (def: GameDef): Promise<VerifiedGame> => {
    await run('/game end');
    const exported = await run('/game export');
    const file = exported.match(/\[file\] (\S+\.json)/)?.[1];
    if (!file) throw new Error(`no export file in:\n${exported}`);
    return verifyGame(gameExportSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).game, def);
  };
  return {
    session,
    services: session.services,
    printed,
    /** The files the console wrote (images, exports), in order. */
    written: session.written,
    run,
    doc,
    state,
    buttons,
    press,
    endAndVerify,
    close: () => session.close(),
    channelId,
    dir,
  };
}
