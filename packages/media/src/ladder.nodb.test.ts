import { describe, expect, it } from 'vitest';
import {
  buildLadderArgs,
  buildSingleRenditionArgs,
  ladderDirectories,
  planLadder,
  planSprites,
} from './ladder';
import type { MediaInfo } from './probe';

function source(
  overrides: Partial<MediaInfo['video']> = {},
  rest: Partial<MediaInfo> = {},
): MediaInfo {
  const width = overrides.width ?? 1920;
  const height = overrides.height ?? 1080;
  return {
    demuxer: 'mov',
    formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
    durationSeconds: 20,
    bitRate: 8_200_000,
    sizeBytes: 20_000_000,
    audio: { codec: 'aac', profile: 'LC', channels: 2, sampleRate: 48000, bitRate: 128_000 },
    ...rest,
    video: {
      codec: 'h264',
      profile: 'High',
      pixelFormat: 'yuv420p',
      width,
      height,
      codedWidth: width,
      codedHeight: height,
      rotation: 0,
      sampleAspectRatio: 1,
      frameRate: 25,
      bitRate: 8_000_000,
      isInterlaced: false,
      ...overrides,
    },
  };
}

const valueAfter = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('planLadder', () => {
  it('takes every standard height up to the source, highest first, never upscaling', () => {
    const plan = planLadder(source(), { maxKeyframeIntervalSeconds: 2 });
    expect(plan.rungs.map((r) => [r.name, r.width, r.height])).toEqual([
      ['1080p', 1920, 1080],
      ['720p', 1280, 720],
      ['480p', 854, 480],
      ['360p', 640, 360],
      ['240p', 426, 240],
    ]);
    const small = planLadder(source({ width: 640, height: 360 }), {
      maxKeyframeIntervalSeconds: 2,
    });
    expect(small.rungs.map((r) => r.quality)).toEqual([360, 240]);
  });

  it('keeps the aspect ratio with even sizes, for portrait and odd sources too', () => {
    const portrait = planLadder(source({ width: 1080, height: 1920 }));
    expect(portrait.rungs[0]).toMatchObject({ quality: 1080, width: 1080, height: 1920 });
    expect(portrait.rungs.at(-1)).toMatchObject({ quality: 240, width: 240, height: 426 });
    const odd = planLadder(source({ width: 1000, height: 562 }));
    for (const rung of odd.rungs) {
      expect(rung.width % 2).toBe(0);
      expect(rung.height % 2).toBe(0);
    }
    // 562 is well above 480: the source's own size becomes the top rung rather than being lost.
    expect(odd.rungs.map((r) => r.quality)).toEqual([562, 480, 360, 240]);
    const tiny = planLadder(source({ width: 320, height: 180 }));
    expect(tiny.rungs.map((r) => [r.width, r.height])).toEqual([[320, 180]]);
  });

  it('remuxes the top rung only when the source is H.264/yuv420p within the cap with short GOPs', () => {
    const fit = { maxKeyframeIntervalSeconds: 2 };
    expect(planLadder(source(), fit).rungs[0]!.isRemux).toBe(true);
    expect(planLadder(source(), { maxKeyframeIntervalSeconds: 10 }).rungs[0]!.isRemux).toBe(false);
    expect(planLadder(source()).rungs[0]!.isRemux).toBe(false);
    expect(planLadder(source({ codec: 'hevc' }), fit).rungs[0]!.isRemux).toBe(false);
    expect(planLadder(source({ pixelFormat: 'yuv420p10le' }), fit).rungs[0]!.isRemux).toBe(false);
    expect(planLadder(source({ bitRate: 20_000_000 }), fit).rungs[0]!.isRemux).toBe(false);
    expect(planLadder(source({ rotation: 90 }), fit).rungs[0]!.isRemux).toBe(false);
    expect(planLadder(source(), { ...fit, isRemuxAllowed: false }).rungs[0]!.isRemux).toBe(false);
    expect(
      planLadder(source(), fit)
        .rungs.slice(1)
        .every((r) => !r.isRemux),
    ).toBe(true);
  });

  it('copies AAC stereo audio and encodes anything else once', () => {
    expect(planLadder(source()).audio).toBe('copy');
    const opus = source(
      {},
      { audio: { codec: 'opus', profile: null, channels: 2, sampleRate: 48000, bitRate: 96_000 } },
    );
    expect(planLadder(opus).audio).toBe('encode');
    expect(planLadder(source({}, { audio: null })).audio).toBe('none');
  });

  it('spaces sprites so long videos get about a hundred thumbnails', () => {
    expect(planSprites(source())).toMatchObject({
      intervalSeconds: 1,
      count: 20,
      tileWidth: 160,
      tileHeight: 90,
    });
    expect(planSprites(source({}, { durationSeconds: 3600 }))).toMatchObject({
      intervalSeconds: 20,
      count: 180,
    });
    expect(planSprites(source({ width: 1080, height: 1920 }))).toMatchObject({
      tileWidth: 50,
      tileHeight: 90,
    });
  });
});

describe('buildLadderArgs', () => {
  it('decodes once and scales each rung from the one above', () => {
    const plan = planLadder(source(), { maxKeyframeIntervalSeconds: 2 });
    const args = buildLadderArgs(plan, 'in.mp4', { outputDir: 'out' });
    expect(args.filter((a) => a === '-i')).toHaveLength(1);
    const graph = valueAfter(args, '-filter_complex')!.split(';');
    expect(graph).toEqual([
      '[0:v]scale=1280:720,setsar=1,format=yuv420p,split=2[v720p][c1]',
      '[c1]scale=854:480,setsar=1,split=2[v480p][c2]',
      '[c2]scale=640:360,setsar=1,split=2[v360p][c3]',
      '[c3]scale=426:240,setsar=1,split=2[v240p][vsprites]',
      '[vsprites]fps=1/1,scale=160:90[sprites]',
    ]);
    // The top rung is the source stream, copied.
    expect(args.join(' ')).toContain('-map 0:v:0 -c:v copy -an -f hls');
    expect(args.filter((a) => a === 'libx264')).toHaveLength(4);
    // Audio: one output of its own, shared by every rung; no rung carries audio.
    expect(args.filter((a) => a === '0:a:0')).toHaveLength(1);
    expect(args.join(' ')).toContain('-map 0:a:0 -vn -c:a copy -f hls');
    expect(args.filter((a) => a.endsWith('index.m3u8'))).toEqual([
      'out/hls/1080p/index.m3u8',
      'out/hls/720p/index.m3u8',
      'out/hls/480p/index.m3u8',
      'out/hls/360p/index.m3u8',
      'out/hls/240p/index.m3u8',
      'out/hls/audio/index.m3u8',
    ]);
    expect(valueAfter(args, '-hls_time')).toBe('4');
    expect(valueAfter(args, '-g')).toBe('100');
    expect(args).toContain('-progress');
  });

  it('encodes the top rung from the decoded source when it cannot be copied, and adds AV1 as an output', () => {
    const plan = planLadder(source({ codec: 'hevc', width: 1280, height: 720 }), {
      withAv1: true,
      withSprites: false,
    });
    const args = buildLadderArgs(plan, 'in.mkv', { outputDir: 'o' });
    const graph = valueAfter(args, '-filter_complex')!.split(';');
    expect(graph[0]).toBe('[0:v]scale=1280:720,setsar=1,format=yuv420p,split=3[v720p][vav1][c1]');
    expect(args.join(' ')).not.toContain('-c:v copy');
    expect(args.join(' ')).toContain('-map [vav1] -c:v libsvtav1');
    expect(args.at(-1)).toBe('o/av1/av1.mp4');
    expect(ladderDirectories(plan)).toEqual([
      'hls/720p',
      'hls/480p',
      'hls/360p',
      'hls/240p',
      'hls/audio',
      'av1',
    ]);
  });

  it('needs no filter graph when the only rung is copied and nothing else is made', () => {
    const plan = planLadder(source({ width: 320, height: 180, bitRate: 300_000 }), {
      maxKeyframeIntervalSeconds: 2,
      withSprites: false,
    });
    const args = buildLadderArgs(plan, 'in.mp4', { outputDir: 'o' });
    expect(args).not.toContain('-filter_complex');
    expect(args).toContain('copy');
  });

  it('builds the one-command-per-rendition baseline with the same encoder settings', () => {
    const plan = planLadder(source());
    const rung = plan.rungs[1]!;
    const args = buildSingleRenditionArgs(plan, rung, 'in.mp4', 'base');
    expect(valueAfter(args, '-vf')).toBe('scale=1280:720,setsar=1');
    expect(valueAfter(args, '-maxrate')).toBe(`${rung.maxKbps}k`);
    expect(valueAfter(args, '-c:a')).toBe('aac');
    expect(args.at(-1)).toBe('base/720p/index.m3u8');
  });
});
