// `npm run bench:ingest`: the RTMP ingest under attack while a real stream is on the air
// (bench/ingest/run.ts; docs/live.md, "The ingest process"). Needs the site built
// (`npm run build`). BENCH_PORT and BENCH_RTMP_PORT choose the ports.
import { killEverything, loadAverage } from './support/site';
import { describeResults, FULL_SCALE, runIngestBench } from './ingest/run';

const port = Number(process.env.BENCH_PORT) || 4161;
const rtmpPort = Number(process.env.BENCH_RTMP_PORT) || 4160;

try {
  const bench = await runIngestBench({
    scale: FULL_SCALE,
    port,
    rtmpPort,
    print: (line) => console.log(line),
  });
  console.log(`\n${describeResults(bench)}`);
  console.log(`\nLoad average: ${loadAverage()}`);
  const isMet = bench.results.every(
    (result) =>
      result.slowestPageMs < 1_000 &&
      result.isStreamOnAir &&
      result.errors.length === 0 &&
      result.failedPages === 0,
  );
  if (!isMet || bench.rssMb.last - bench.rssMb.first >= 50) process.exitCode = 1;
} finally {
  killEverything();
}
