import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A throwaway redis-server on 127.0.0.1 for a test, or the reason there cannot be one. */
export interface LocalRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
}

let warned = false;

/**
 * Why the Redis suites cannot run here, or undefined when they can. In CI (CI set) they always
 * run: a missing redis-server then fails them instead of letting the run go green without them.
 * On a developer's machine they skip, and the reason is printed once.
 */
export function redisMissingReason(): string | undefined {
  if (process.env.CI) return undefined;
  const found = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (found.status === 0) return undefined;
  const reason = 'redis-server is not installed (.ci/run installs it from Debian; `apt-get install redis-server`)';
  if (!warned) console.warn(`Skipping the Redis tests: ${reason}`);
  warned = true;
  return reason;
}

/** `durable`: an append-only file in `dir`, so a restart on the same port and dir keeps the data. */
export async function startLocalRedis(
  port?: number,
  options: { dir?: string; durable?: boolean } = {},
): Promise<LocalRedis & { dir: string }> {
  const p = port ?? (await freePort());
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'redis-'));
  const persistence = options.durable ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no'];
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(p), '--bind', '127.0.0.1', '--save', '', ...persistence, '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (/Ready to accept connections/i.test(out)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out.slice(-500)}`)));
  });
  return {
    url: `redis://127.0.0.1:${p}`,
    port: p,
    dir,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}
