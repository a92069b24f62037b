import { type RenderJob, runRenderJob } from './render-job.js';
import { serveJobs } from './worker-pool.js';

/** A render thread: jobs in, encoded pictures out (the bytes transferred, not copied). */
serveJobs(async (job: RenderJob) => {
  const data = await runRenderJob(job);
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice();
  return { result: bytes, transfer: [bytes.buffer] };
});
