import { readdirSync, readFileSync } from 'node:fs';

/** CPU time used so far, in ms: the whole process, and its main thread alone where Linux tells it. */
export interface CpuSnapshot {
  processMs: number;
  mainThreadMs?: number;
}

const TICK_MS = 10; // Linux reports thread times in clock ticks of 1/100 s (USER_HZ).

export function cpuSnapshot(): CpuSnapshot {
  const u = process.cpuUsage();
  return { processMs: (u.user + u.system) / 1000, mainThreadMs: mainThreadMs() };
}

/** CPU used between two snapshots. */
export function cpuSince(before: CpuSnapshot): CpuSnapshot {
  const now = cpuSnapshot();
  return {
    processMs: now.processMs - before.processMs,
    mainThreadMs: now.mainThreadMs !== undefined && before.mainThreadMs !== undefined ? now.mainThreadMs - before.mainThreadMs : undefined,
  };
}

function mainThreadMs(): number | undefined {
  try {
    if (!readdirSync('/proc/self/task').includes(String(process.pid))) return undefined;
    // Fields 14 and 15 of stat are utime and stime; the command name (field 2) may hold spaces.
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}
