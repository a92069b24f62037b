import { availableParallelism } from 'node:os';
// libvips stays loaded in the thread that starts the workers: glibc would otherwise unload it
// when a render worker exits, and the next worker to load it would crash.
import 'sharp';
import { type RenderJob, runRenderJob } from './render-job.js';
import { WorkerPool } from './worker-pool.js';

let shared: WorkerPool<RenderJob, Uint8Array> | undefined | null;

/** A pool size from the environment: a whole number, 0 for none; blank or unset: `fallback`. */
export function poolSize(value: string | undefined, fallback: number): number {
  const wanted = value?.trim();
  const size = wanted ? Number(wanted) : fallback;
  return Number.isInteger(size) && size > 0 ? size : 0;
}

/**
 * The process's render pool: RENDER_WORKERS threads (default: the CPUs, at most 4), or
 * none when RENDER_WORKERS=0, when pictures are drawn on the main thread.
 */
export function renderPool(): WorkerPool<RenderJob, Uint8Array> | undefined {
  if (shared === undefined) {
    const size = poolSize(process.env.RENDER_WORKERS, Math.min(4, availableParallelism()));
    shared = size ? new WorkerPool('render', size, { base: import.meta.url, module: 'render-worker' }) : null;
  }
  return shared ?? undefined;
}

/** Render through the pool when there is one, else here. */
export async function renderPicture(job: RenderJob): Promise<Buffer> {
  const pool = renderPool();
  if (!pool) return runRenderJob(job);
  const data = await pool.run(job);
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

export async function closeRenderPool(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}
