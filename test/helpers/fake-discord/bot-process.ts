import { type ChildProcess, spawn } from 'node:child_process';
import { plainEntry } from '../plain-build.js';

/**
 * The bot as a real process (`node --import tsx <entry>`, or with `plain` the same source as
 * plain JavaScript: see plain-build.ts), with its output collected.
 */
export interface BotProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Resolve once the output matches (a time limit, not a speed assertion). */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * The member rate limits are off unless the caller sets them: a scripted member (the crash
 * loop) sends the next order the moment the last is answered, far faster than anyone types.
 * The caps on games and free orders keep their defaults. test/discord/rate-limits.test.ts runs the
 * process with the limits set.
 */
const TEST_PACE = { LIMIT_COMMANDS: '0', LIMIT_NEW_GAMES: '0' };

export function spawnBot(entry: string, env: Record<string, string>, options: { plain?: boolean } = {}): BotProcess {
  const child = spawn(process.execPath, options.plain ? [plainEntry(entry)] : ['--import', 'tsx', entry], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...TEST_PACE, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (d: Buffer) => {
    out += d.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    exited,
    waitForOutput(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!pattern.test(out)) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`bot output never matched ${pattern}:\n${out.slice(-2000)}`));
        }, timeoutMs);
        listeners.add(check);
        void exited.then(() => {
          if (!listeners.has(check)) return;
          listeners.delete(check);
          clearTimeout(timer);
          if (pattern.test(out)) resolve();
          else reject(new Error(`bot exited before printing ${pattern}:\n${out.slice(-2000)}`));
        });
        check();
      });
    },
    async kill(signal = 'SIGKILL') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}
