import { expect, it } from 'vitest';
import { freePort } from '@cutroom/core/test-support/free-port';
import { ANSWER_LIMIT_MS } from '../soak/checks';
import { describeResults, runIngestBench, SHORT_SCALE } from './run';

// The short form of `npm run bench:ingest`: every attack, at a fifth to a tenth of its size,
// against the production site with a real stream on the air.
it('keeps the site answering and the real stream on the air under every attack on the RTMP port', async () => {
  const bench = await runIngestBench({
    scale: SHORT_SCALE,
    port: await freePort(),
    rtmpPort: await freePort(),
  });
  console.log(describeResults(bench));
  for (const result of bench.results) {
    // A stall as the soak counts one (its answer limit): the goal of 1 s is the full bench's,
    // printed above; a test asserts no time finer than a stall on a shared machine.
    expect(result.slowestPageMs, result.name).toBeLessThan(ANSWER_LIMIT_MS);
    expect(result.failedPages, result.name).toBe(0);
    expect(result.isStreamOnAir, result.name).toBe(true);
    expect(result.errors, result.name).toEqual([]);
    if (!result.name.startsWith('no attack'))
      expect(result.logged.size, result.name).toBeGreaterThan(0);
  }
  expect(bench.rssMb.last - bench.rssMb.first).toBeLessThan(50);
});
