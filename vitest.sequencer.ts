import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's own order, with the files that spend most of their time waiting moved to the front.
 * Vitest starts the files it has timed before the longest first; a fresh clone (every CI run)
 * has no timings, and Vitest then starts the largest files first, so a short file that waits
 * long (on a live stream's own pace, a server's start and stop) started last and ended the
 * run with idle cores. Started first, its waits overlap the other files' work
 * (docs/testing.md, "Keeping both cores busy").
 */
export function waitingFilesFirst(waits: (file: TestSpecification) => boolean) {
  return class WaitingFilesFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      const first = sorted.filter(waits);
      return [...first, ...sorted.filter((file) => !first.includes(file))];
    }
  };
}
