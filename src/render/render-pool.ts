import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type RenderJob, runRenderJob } from './render-job.js';

interface Pending {
  id: number;
  job: RenderJob;
  resolve: (data: Buffer) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  busy?: Pending;
}

/**
 * Map pictures drawn on worker threads, so one channel's render never stalls another
 * channel's commands on the event loop. Jobs queue in arrival order; a worker that dies
 * fails only its own job and is replaced.
 */
export class RenderPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(readonly size: number) {}

  render(job: RenderJob): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('the render pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, job, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new Error('the render pool is closed'));
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }

  private pump(): void {
    while (this.queue.length) {
      const slot = this.slots.find((s) => !s.busy) ?? (this.slots.length < this.size ? this.spawn() : undefined);
      if (!slot) return;
      const pending = this.queue.shift()!;
      slot.busy = pending;
      slot.worker.postMessage({ id: pending.id, job: pending.job });
    }
  }

  private spawn(): Slot {
    // From source (tsx) the worker needs tsx's loader registered first; built, it is plain JavaScript.
    const built = import.meta.url.endsWith('.js');
    const worker = new Worker(new URL(built ? './render-worker.js' : './render-worker-boot.mjs', import.meta.url));
    worker.unref();
    const slot: Slot = { worker };
    worker.on('message', (m: { id?: number; data?: Uint8Array; error?: string }) => {
      if (m.id === undefined || slot.busy?.id !== m.id) return;
      const done = slot.busy;
      slot.busy = undefined;
      if (m.error !== undefined) done.reject(new Error(m.error));
      else done.resolve(Buffer.from(m.data!.buffer, m.data!.byteOffset, m.data!.byteLength));
      this.pump();
    });
    worker.on('error', (err) => this.retire(slot, err));
    worker.on('exit', (code) => this.retire(slot, new Error(`render worker exited with code ${code}`)));
    this.slots.push(slot);
    return slot;
  }

  private retire(slot: Slot, err: Error): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    slot.busy?.reject(err);
    slot.busy = undefined;
    if (!this.closed) this.pump();
  }
}

let shared: RenderPool | undefined | null;

/**
 * The process's render pool: RENDER_WORKERS threads (default: the CPUs, at most 4), or
 * none when RENDER_WORKERS=0, when pictures are drawn on the main thread.
 */
export function renderPool(): RenderPool | undefined {
  if (shared === undefined) {
    const wanted = process.env.RENDER_WORKERS?.trim();
    const size = wanted ? Number(wanted) : Math.min(4, availableParallelism());
    shared = Number.isInteger(size) && size > 0 ? new RenderPool(size) : null;
  }
  return shared ?? undefined;
}

/** Render through the pool when there is one, else here. */
export async function renderPicture(job: RenderJob): Promise<Buffer> {
  const pool = renderPool();
  return pool ? pool.render(job) : runRenderJob(job);
}

export async function closeRenderPool(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}
