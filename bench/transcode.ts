/**
 * npm run bench:transcode — our one-run HLS ladder against the same ladder made the common way,
 * one plain ffmpeg command per rendition, on the same generated source in the same run.
 *
 * Source: 20 s of 1080p30 H.264 at about 8 Mbit/s (testsrc2 with a sine tone), 2 s keyframe
 * interval as phones and cameras write. Both sides use the same rungs and x264 settings.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildLadderArgs,
  buildSingleRenditionArgs,
  ladderDirectories,
  planLadder,
} from '@cutroom/media/ladder';
import { processVideoFiles } from '@cutroom/media/process-video';
import { probeKeyframeInterval, probeMedia } from '@cutroom/media/probe';
import { generateTestVideo } from '@cutroom/media/test-support/test-video';

const SECONDS = 20;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const REQUIRED_SPEEDUP = 1.5;

interface Cost {
  /** Wall-clock seconds. */
  wall: number;
  /** CPU seconds (user + system) of the ffmpeg processes: steadier than wall time on a busy machine. */
  cpu: number;
}

/** Runs ffmpeg under bash, whose `times` reports the CPU its child used. */
function ffmpegCost(args: string[]): Promise<Cost> {
  const start = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const script = 'ffmpeg "$@" || exit $?; times >&2';
    const child = spawn('bash', ['-c', script, 'bash', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`ffmpeg failed (${code}): ${stderr.slice(-500)}`));
      const children = stderr.trim().split('\n').at(-1) ?? '';
      const seconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map(
        (m) => Number(m[1]) * 60 + Number(m[2]),
      );
      resolve({
        wall: Number(process.hrtime.bigint() - start) / 1e9,
        cpu: seconds.reduce((a, b) => a + b, 0),
      });
    });
  });
}

const sum = (costs: Cost[]): Cost => ({
  wall: costs.reduce((a, c) => a + c.wall, 0),
  cpu: costs.reduce((a, c) => a + c.cpu, 0),
});
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
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
    maxKeyframeIntervalSeconds: await probeKeyframeInterval(source, info.demuxer),
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
    return ffmpegCost(buildLadderArgs(ladder, source, { outputDir: out }));
  };
  const perRendition = async (run: number) => {
    const out = join(dir, `plain-${run}`);
    // The baseline encodes every rung, the top one included, each with its own decode.
    const rungs = plan.rungs.map((r) => ({ ...r, isRemux: false }));
    for (const rung of rungs) await mkdir(join(out, rung.name), { recursive: true });
    const costs: Cost[] = [];
    for (const rung of rungs)
      costs.push(await ffmpegCost(buildSingleRenditionArgs(plan, rung, source, out)));
    return sum(costs);
  };

  const plain: Cost[] = [];
  const oneRun: Cost[] = [];
  const encoded: Cost[] = [];
  // Interleaved, so a burst of load from elsewhere hits every variant alike.
  for (let run = 0; run < RUNS; run++) {
    plain.push(await perRendition(run));
    oneRun.push(await ours(run));
    encoded.push(await ours(run, encodedPlan));
    const show = (c: Cost) => `${c.wall.toFixed(2)} s (cpu ${c.cpu.toFixed(1)} s)`;
    console.log(
      `run ${run + 1}: one command per rendition ${show(plain.at(-1)!)}, ours ${show(oneRun.at(-1)!)}, ` +
        `ours without remux ${show(encoded.at(-1)!)}`,
    );
  }
  const fullOut = join(dir, 'full');
  await mkdir(fullOut);
  const fullStart = process.hrtime.bigint();
  await processVideoFiles({ input: source, outputDir: fullOut });
  const fullSeconds = Number(process.hrtime.bigint() - fullStart) / 1e9;

  const d = info.durationSeconds;
  const wallOf = (costs: Cost[]) => median(costs.map((c) => c.wall));
  const cpuOf = (costs: Cost[]) => median(costs.map((c) => c.cpu));
  const ratio = (costs: Cost[], key: keyof Cost) =>
    median(costs.map((c, i) => plain[i]![key] / c[key]));
  const row = (name: string, costs: Cost[], note = '') =>
    console.log(
      `${name.padEnd(28)}${wallOf(costs).toFixed(2).padStart(8)} s  ${(d / wallOf(costs)).toFixed(2).padStart(6)}x` +
        `${cpuOf(costs).toFixed(1).padStart(9)} s${note}`,
    );
  console.log('');
  console.log(`median of ${RUNS} run(s)              wall  realtime   cpu time`);
  row('one ffmpeg per rendition', plain);
  row(
    'ours, one run',
    oneRun,
    `   speed-up ${ratio(oneRun, 'wall').toFixed(2)}x wall, ${ratio(oneRun, 'cpu').toFixed(2)}x cpu`,
  );
  row(
    'ours, top rung encoded',
    encoded,
    `   speed-up ${ratio(encoded, 'wall').toFixed(2)}x wall, ${ratio(encoded, 'cpu').toFixed(2)}x cpu`,
  );
  console.log(
    `${'ours + poster, sprites'.padEnd(28)}${fullSeconds.toFixed(2).padStart(8)} s  ${(d / fullSeconds).toFixed(2).padStart(6)}x   (the whole job)`,
  );
  const speedup = ratio(oneRun, 'wall');
  console.log(`speed-up: ${speedup.toFixed(2)}x (required: at least ${REQUIRED_SPEEDUP}x)`);
  if (speedup < REQUIRED_SPEEDUP) process.exitCode = 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
