import { readdirSync, readFileSync } from 'node:fs';

/** CPU time used so far, in ms: the whole process, and its main thread alone where Linux tells it. */
export interface CpuSnapshot {
  processMs: number;
  mainThreadMs?: number;
  /** Each thread's time by its Linux name and id (render workers, libvips, libuv, V8 helpers). */
  threads?: Map<string, number>;
}

const TICK_MS = 10; // Linux reports thread times in clock ticks of 1/100 s (USER_HZ).

export function cpuSnapshot(): CpuSnapshot {
  const u = process.cpuUsage();
  const threads = threadTimes();
  // The main thread's id is the process id.
  const main = threads && [...threads].find(([key]) => key.endsWith(`#${process.pid}`));
  return { processMs: (u.user + u.system) / 1000, mainThreadMs: main?.[1], threads };
}

/** CPU used between two snapshots. */
export function cpuSince(before: CpuSnapshot): CpuSnapshot {
  const now = cpuSnapshot();
  return {
    processMs: now.processMs - before.processMs,
    mainThreadMs: now.mainThreadMs !== undefined && before.mainThreadMs !== undefined ? now.mainThreadMs - before.mainThreadMs : undefined,
    threads: now.threads && new Map([...now.threads].map(([k, v]) => [k, v - (before.threads?.get(k) ?? 0)])),
  };
}

function threadTimes(): Map<string, number> | undefined {
  try {
    const times = new Map<string, number>();
    for (const tid of readdirSync('/proc/self/task')) {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // Fields 14 and 15 of stat are utime and stime; the command name (field 2) may hold spaces.
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      times.set(`${name}#${tid}`, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    }
    return times;
  } catch {
    return undefined;
  }
}
