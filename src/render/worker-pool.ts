import { parentPort, Worker } from 'node:worker_threads';
import { UserError } from '../contracts/errors.js';

interface Pending<J, R> {
  id: number;
  job: J;
  resolve: (result: R) => void;
  reject: (err: Error) => void;
}

interface Slot<J, R> {
  worker: Worker;
  busy?: Pending<J, R>;
}

/** A job's failure as it crosses back: a refusal meant for the player stays one. */
interface Failure {
  message: string;
  stack?: string;
  user?: boolean;
}

/**
 * Jobs run on worker threads, so one channel's heavy work (a map picture, a bot's search,
 * an import's replay) never stalls another channel's commands on the event loop. Jobs queue
 * in arrival order; a worker that dies fails only its own job and is replaced. `entry` is the
 * worker module's path without extension, next to `base` (an import.meta.url): from source
 * (tsx) the worker first registers tsx's loader through worker-boot.mjs; built, it is plain
 * JavaScript.
 */
export class WorkerPool<J, R> {
  private readonly slots: Slot<J, R>[] = [];
  private readonly queue: Pending<J, R>[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    readonly name: string,
    readonly size: number,
    private readonly entry: { base: string; module: string },
  ) {}

  run(job: J): Promise<R> {
    if (this.closed) return Promise.reject(new Error(`the ${this.name} pool is closed`));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, job, resolve, reject });
      this.pump();
    });
  }

  /** Jobs waiting for a free worker (not counting those running). */
  get waiting(): number {
    return this.queue.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new Error(`the ${this.name} pool is closed`));
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }

  private pump(): void {
    while (this.queue.length) {
      const slot = this.slots.find((s) => !s.busy) ?? (this.slots.length < this.size ? this.spawn() : undefined);
      if (!slot) return;
      const pending = this.queue.shift()!;
      slot.busy = pending;
      // A busy worker keeps the process alive until its answer is in; an idle one does not.
      slot.worker.ref();
      slot.worker.postMessage({ id: pending.id, job: pending.job });
    }
  }

  private spawn(): Slot<J, R> {
    const built = this.entry.base.endsWith('.js');
    const worker = built
      ? new Worker(new URL(`./${this.entry.module}.js`, this.entry.base))
      : new Worker(new URL('./worker-boot.mjs', import.meta.url), {
          workerData: { entry: new URL(`./${this.entry.module}.ts`, this.entry.base).href },
        });
    worker.unref();
    const slot: Slot<J, R> = { worker };
    worker.on('message', (m: { id?: number; result?: R; error?: Failure }) => {
      if (m.id === undefined || slot.busy?.id !== m.id) return;
      const done = slot.busy;
      slot.busy = undefined;
      slot.worker.unref();
      if (m.error !== undefined) done.reject(rebuild(m.error));
      else done.resolve(m.result as R);
      this.pump();
    });
    worker.on('error', (err) => this.retire(slot, err));
    worker.on('exit', (code) => this.retire(slot, new Error(`${this.name} worker exited with code ${code}`)));
    this.slots.push(slot);
    return slot;
  }

  private retire(slot: Slot<J, R>, err: Error): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    slot.busy?.reject(err);
    slot.busy = undefined;
    if (!this.closed) this.pump();
  }
}

function rebuild(failure: Failure): Error {
  const err = failure.user ? new UserError(failure.message) : new Error(failure.message);
  if (failure.stack) err.stack = failure.stack;
  return err;
}

/** A job's answer, and the buffers to hand over instead of copying. */
export interface JobAnswer<R> {
  result: R;
  transfer?: ArrayBuffer[];
}

/** The worker side: run each job posted by the pool with `handle` and post its answer back. */
export function serveJobs<J, R>(handle: (job: J) => Promise<JobAnswer<R>> | JobAnswer<R>): void {
  const port = parentPort!;
  port.on('message', (message: { id: number; job: J }) => {
    Promise.resolve()
      .then(() => handle(message.job))
      .then(
        (answer) => port.postMessage({ id: message.id, result: answer.result }, answer.transfer ?? []),
        (err: unknown) => {
          const error: Failure =
            err instanceof Error
              ? { message: err.message, ...(err.stack ? { stack: err.stack } : {}), ...(err instanceof UserError ? { user: true } : {}) }
              : { message: String(err) };
          port.postMessage({ id: message.id, error });
        },
      );
  });
}
