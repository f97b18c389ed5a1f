/**
 * npm run bench:transcode — our one-run HLS ladder against the same ladder made the common way,
 * one plain ffmpeg command per rendition, on the same generated source in the same run.
 *
 * Source: 20 s of 1080p30 H.264 at about 8 Mbit/s (testsrc2 with a sine tone), 2 s keyframe
 * interval as phones and cameras write. Both sides use the same rungs and x264 settings.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFfmpeg } from '@cutroom/media/ffmpeg-runner';
import {
  buildLadderArgs,
  buildSingleRenditionArgs,
  ladderDirectories,
  planLadder,
} from '@cutroom/media/ladder';
import { processVideoFiles } from '@cutroom/media/process-video';
import { probeKeyframeInterval, probeMedia } from '@cutroom/media/probe';
import { generateTestVideo } from '@cutroom/media/test-video';

const SECONDS = 20;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 2));
const REQUIRED_SPEEDUP = 1.5;

const time = async (work: () => Promise<unknown>) => {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e9;
};

const dir = await mkdtemp(join(tmpdir(), 'cutroom-bench-transcode-'));
try {
  const source = join(dir, 'source.mp4');
  console.log(`Generating a ${SECONDS} s 1080p30 H.264 source at ~8 Mbit/s ...`);
  await generateTestVideo({
    path: source,
    width: 1920,
    height: 1080,
    seconds: SECONDS,
    fps: 30,
    videoBitrate: '8M',
    gopFrames: 60,
  });
  const info = await probeMedia(source);
  const plan = planLadder(info, {
    maxKeyframeIntervalSeconds: await probeKeyframeInterval(source),
    withSprites: false,
  });
  console.log(
    `source: ${info.video.width}x${info.video.height} ${info.video.codec} ${info.video.pixelFormat}, ` +
      `${((info.bitRate ?? 0) / 1e6).toFixed(1)} Mbit/s, ${info.durationSeconds.toFixed(1)} s`,
  );
  console.log(
    `ladder: ${plan.rungs.map((r) => `${r.name}${r.isRemux ? ' (remux)' : ''}`).join(', ')}; ` +
      `audio ${plan.audio}; x264 ${plan.x264Preset}, CRF-capped, ${plan.segmentSeconds} s segments`,
  );

  // The same one-run ladder with the top rung encoded: what the cascade and shared audio alone buy.
  const encodedPlan = { ...plan, rungs: plan.rungs.map((r) => ({ ...r, isRemux: false })) };
  const ours = async (run: number, ladder = plan) => {
    const out = join(dir, `ours-${run}-${ladder === plan ? 'remux' : 'encoded'}`);
    for (const sub of ladderDirectories(ladder)) await mkdir(join(out, sub), { recursive: true });
    return time(() => runFfmpeg({ args: buildLadderArgs(ladder, source, { outputDir: out }) }));
  };
  const perRendition = async (run: number) => {
    const out = join(dir, `plain-${run}`);
    // The baseline encodes every rung, the top one included, each with its own decode.
    const rungs = plan.rungs.map((r) => ({ ...r, isRemux: false }));
    for (const rung of rungs) await mkdir(join(out, rung.name), { recursive: true });
    return time(async () => {
      for (const rung of rungs) {
        await runFfmpeg({ args: buildSingleRenditionArgs(plan, rung, source, out) });
      }
    });
  };

  const oursTimes: number[] = [];
  const plainTimes: number[] = [];
  const encodedTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    plainTimes.push(await perRendition(run));
    oursTimes.push(await ours(run));
    encodedTimes.push(await ours(run, encodedPlan));
    console.log(
      `run ${run + 1}: one command per rendition ${plainTimes.at(-1)!.toFixed(2)} s, ` +
        `ours ${oursTimes.at(-1)!.toFixed(2)} s, ours without remux ${encodedTimes.at(-1)!.toFixed(2)} s`,
    );
  }
  const best = (values: number[]) => Math.min(...values);
  const plainSeconds = best(plainTimes);
  const oursSeconds = best(oursTimes);
  const encodedSeconds = best(encodedTimes);
  const fullOut = join(dir, 'full');
  await mkdir(fullOut);
  const fullSeconds = await time(() => processVideoFiles({ input: source, outputDir: fullOut }));

  const speedup = plainSeconds / oursSeconds;
  console.log('');
  console.log(`best of ${RUNS}               wall time   realtime factor`);
  console.log(
    `one ffmpeg per rendition  ${plainSeconds.toFixed(2).padStart(7)} s   ${(info.durationSeconds / plainSeconds).toFixed(2)}x`,
  );
  console.log(
    `ours, one run             ${oursSeconds.toFixed(2).padStart(7)} s   ${(info.durationSeconds / oursSeconds).toFixed(2)}x`,
  );
  console.log(
    `ours, top rung encoded    ${encodedSeconds.toFixed(2).padStart(7)} s   ${(info.durationSeconds / encodedSeconds).toFixed(2)}x  (${(plainSeconds / encodedSeconds).toFixed(2)}x faster than one per rendition)`,
  );
  console.log(
    `ours + poster, sprites    ${fullSeconds.toFixed(2).padStart(7)} s   ${(info.durationSeconds / fullSeconds).toFixed(2)}x  (whole job)`,
  );
  console.log(`speed-up: ${speedup.toFixed(2)}x (required: at least ${REQUIRED_SPEEDUP}x)`);
  if (speedup < REQUIRED_SPEEDUP) process.exitCode = 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
