import { writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints every test file's time at the end of a run, slowest first, with each group's share,
 * so CI's log shows where the suite's minutes go. With TEST_RECORD_TIMES set it also writes
 * them to test/file-times.json, which the sequencer reads to start the slowest files first.
 */
const ROOT = resolve(import.meta.dirname, '../..');

export default class FileTimesReporter implements Reporter {
  private started = performance.now();

  onTestRunStart(): void {
    this.started = performance.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows = modules
      .map((m) => {
        const d = m.diagnostic();
        return { file: relative(ROOT, m.moduleId), group: m.project.name, seconds: (d.collectDuration + d.duration) / 1000 };
      })
      .sort((a, b) => b.seconds - a.seconds);
    if (rows.length === 0) return;
    const groups = new Map<string, { files: number; seconds: number }>();
    for (const r of rows) {
      const g = groups.get(r.group) ?? { files: 0, seconds: 0 };
      g.files += 1;
      g.seconds += r.seconds;
      groups.set(r.group, g);
    }
    const lines = [
      '',
      `Test file times (s), ${rows.length} files, wall ${((performance.now() - this.started) / 1000).toFixed(1)} s:`,
      ...[...groups].map(([name, g]) => `  group ${name}: ${g.files} files, ${g.seconds.toFixed(1)} s of file time`),
      ...rows.map((r) => `${r.seconds.toFixed(1).padStart(7)}  ${r.group.padEnd(9)} ${r.file}`),
    ];
    console.log(lines.join('\n'));
    if (process.env.TEST_RECORD_TIMES) {
      const times = Object.fromEntries(rows.map((r) => [r.file, Math.round(r.seconds * 10) / 10]).sort(([a], [b]) => (a! < b! ? -1 : 1)));
      writeFileSync(resolve(ROOT, 'test/file-times.json'), `${JSON.stringify(times, null, 2)}\n`);
    }
  }
}
