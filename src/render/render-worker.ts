import { parentPort } from 'node:worker_threads';
import { type RenderJob, runRenderJob } from './render-job.js';

/** A render thread: jobs in, encoded pictures out (the bytes transferred, not copied). */
parentPort!.on('message', (message: { id: number; job: RenderJob }) => {
  runRenderJob(message.job).then(
    (data) => {
      const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice();
      parentPort!.postMessage({ id: message.id, data: bytes }, [bytes.buffer]);
    },
    (err: unknown) => parentPort!.postMessage({ id: message.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
parentPort!.postMessage({ ready: true });
