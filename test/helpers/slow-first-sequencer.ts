import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Runs each group's slowest files first, so the two workers finish together instead of one
 * starting a 30-second file when the other is done. Vitest orders by the durations in its
 * own cache, which a fresh clone (CI) does not have; this reads the durations measured on
 * this machine and committed in test/file-times.json (`npm run test:times` records them anew).
 * A file not listed yet runs first, as vitest runs files it does not know.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const TIMES_FILE = resolve(ROOT, 'test/file-times.json');

function recordedTimes(): Record<string, number> {
  return existsSync(TIMES_FILE) ? (JSON.parse(readFileSync(TIMES_FILE, 'utf8')) as Record<string, number>) : {};
}

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const times = recordedTimes();
    const time = (f: TestSpecification) => times[relative(ROOT, f.moduleId)] ?? Number.POSITIVE_INFINITY;
    return [...files].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      return time(b) - time(a) || (a.moduleId < b.moduleId ? -1 : 1);
    });
  }
}
