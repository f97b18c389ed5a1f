import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNACCEPTED_FORMAT_MESSAGE } from './container-format';
import { runFfmpeg, runTool } from './ffmpeg-runner';
import { processVideoFiles } from './process-video';
import { InvalidMediaError, probeMedia } from './probe';
import { generateTestVideo } from '../test-support/test-video';

const work = mkdtempSync(join(tmpdir(), 'cutroom-media-test-'));
afterAll(() => rm(work, { recursive: true, force: true }));

const landscape = join(work, 'landscape.mp4');
const portrait = join(work, 'portrait.mkv');

beforeAll(async () => {
  await generateTestVideo({ path: landscape, width: 640, height: 360, seconds: 6 });
  // MPEG-4 part 2 without audio: a source whose top rung must be encoded, with no audio group.
  await runFfmpeg({
    args: [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=360x640:rate=30',
      '-t',
      '5',
      '-c:v',
      'mpeg4',
      '-q:v',
      '5',
      portrait,
    ],
  });
});

async function probeJson(
  path: string,
): Promise<{ streams: Record<string, unknown>[]; format: Record<string, string> }> {
  return JSON.parse(
    await runTool('ffprobe', [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      path,
    ]),
  ) as { streams: Record<string, unknown>[]; format: Record<string, string> };
}

/** A source with two audio streams: English (tagged, titled) and French (tagged only). */
async function generateTwoLanguageVideo(path: string): Promise<void> {
  await runFfmpeg({
    args: [
      ...['-y', '-loglevel', 'error'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=880:sample_rate=44100'],
      ...['-t', '5', '-map', '0:v', '-map', '1:a', '-map', '2:a'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '50'],
      // English as AAC the ladder can copy; French as MP3, which it must encode.
      ...['-c:a:0', 'aac', '-b:a:0', '96k', '-c:a:1', 'libmp3lame', '-b:a:1', '96k'],
      ...['-metadata:s:a:0', 'language=eng', '-metadata:s:a:0', 'title=English (original)'],
      ...['-metadata:s:a:1', 'language=fre'],
      path,
    ],
  });
}

describe('processVideoFiles', () => {
  it('keeps every audio stream of the upload as an alternate audio rendition, with its language and title', async () => {
    const source = join(work, 'two-languages.mkv');
    await generateTwoLanguageVideo(source);
    const info = await probeMedia(source);
    expect(info.audioStreams?.map((a) => [a.codec, a.language, a.title])).toEqual([
      ['aac', 'eng', 'English (original)'],
      ['mp3', 'fre', null],
    ]);
    const out = join(work, 'out-two-languages');
    await mkdir(out);
    await processVideoFiles({ input: source, outputDir: out });

    const master = readFileSync(join(out, 'hls/master.m3u8'), 'utf8');
    const media = master.split('\n').filter((l) => l.startsWith('#EXT-X-MEDIA:'));
    expect(media).toEqual([
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="English (original)",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="1",URI="audio/index.m3u8"',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Français",LANGUAGE="fr",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="audio-2/index.m3u8"',
    ]);
    // Each rendition is that stream's sound: the French one is the 880 Hz tone, encoded to AAC.
    const english = await probeJson(join(out, 'hls/audio/index.m3u8'));
    const french = await probeJson(join(out, 'hls/audio-2/index.m3u8'));
    expect(english.streams.map((s) => [s.codec_type, s.codec_name, s.sample_rate])).toEqual([
      ['audio', 'aac', '48000'],
    ]);
    expect(french.streams.map((s) => [s.codec_type, s.codec_name, s.sample_rate])).toEqual([
      ['audio', 'aac', '44100'],
    ]);
    expect(Number(french.format.duration)).toBeCloseTo(5, 0);
    // Every variant carries video: none a browser adapting over the master could pick to show
    // no picture (the player's "audio only" plays a rendition's own playlist).
    expect(master).not.toMatch(/#EXT-X-STREAM-INF:[^\n]*\naudio/);
    const videoVariants = [...master.matchAll(/#EXT-X-STREAM-INF:.*RESOLUTION=.*AUDIO="audio"\n/g)];
    expect(videoVariants.length).toBeGreaterThan(0);
  });

  it('writes a playable HLS ladder, its master playlist, poster and sprites from one H.264 source', async () => {
    const out = join(work, 'out-landscape');
    await mkdir(out);
    const progress: number[] = [];
    const result = await processVideoFiles({
      input: landscape,
      outputDir: out,
      onProgress: (p) => progress.push(p),
    });

    expect(result).toMatchObject({ durationSeconds: 6, width: 640, height: 360, topQuality: 360 });
    expect(result.aspectRatio).toBeCloseTo(16 / 9);
    expect(result.renditions.map((r) => [r.name, r.isRemux])).toEqual([
      ['360p', true],
      ['240p', false],
    ]);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const master = readFileSync(join(out, 'hls/master.m3u8'), 'utf8');
    expect(master).toMatch(/#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio".*URI="audio\/index.m3u8"/);
    const variants = [...master.matchAll(/#EXT-X-STREAM-INF:(.*)\n(.*)/g)].map((m) => [m[1], m[2]]);
    // The video variants only, highest first.
    expect(variants.map((v) => v[1])).toEqual(['360p/index.m3u8', '240p/index.m3u8']);
    for (const [attributes] of variants.slice(0, 2)) {
      expect(attributes).toMatch(
        /BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,RESOLUTION=\d+x\d+,CODECS="avc1\.64[0-9a-f]{4},mp4a\.40\.2"/,
      );
    }
    expect(variants[0]![0]).toContain('RESOLUTION=640x360');
    expect(variants[1]![0]).toContain('RESOLUTION=426x240');

    // ffprobe reads the whole ladder through the master playlist, as a player would.
    const ladder = await probeJson(join(out, 'hls/master.m3u8'));
    const videos = ladder.streams.filter((s) => s.codec_type === 'video');
    expect(videos.map((s) => `${s.codec_name} ${s.width}x${s.height}`).sort()).toEqual([
      'h264 426x240',
      'h264 640x360',
    ]);
    expect(ladder.streams.some((s) => s.codec_type === 'audio' && s.codec_name === 'aac')).toBe(
      true,
    );
    for (const name of ['360p', '240p', 'audio']) {
      const rendition = await probeJson(join(out, `hls/${name}/index.m3u8`));
      expect(Number(rendition.format.duration)).toBeCloseTo(6, 0);
    }
    const segments = readFileSync(join(out, 'hls/240p/index.m3u8'), 'utf8').match(
      /#EXTINF:([\d.]+)/g,
    );
    expect(segments).toEqual(['#EXTINF:4.000000', '#EXTINF:2.000000']);

    const poster = await probeJson(join(out, 'poster.jpg'));
    expect(poster.streams[0]).toMatchObject({ codec_name: 'mjpeg', width: 640, height: 360 });
    expect((await probeJson(join(out, 'poster.webp'))).streams[0]).toMatchObject({
      codec_name: 'webp',
    });
    // Four candidate frames for the owner to pick from, at 10, 30, 50 and 70 %: four pictures.
    expect(result.frames).toEqual([1, 2, 3, 4].map((n) => `frames/frame-${n}.jpg`));
    for (const frame of result.frames) {
      expect((await probeJson(join(out, frame))).streams[0]).toMatchObject({
        codec_name: 'mjpeg',
        width: 640,
        height: 360,
      });
    }
    const frameBytes = result.frames.map((frame) =>
      readFileSync(join(out, frame)).toString('base64'),
    );
    expect(new Set(frameBytes).size).toBe(4);

    const vtt = readFileSync(join(out, 'sprites/sprites.vtt'), 'utf8');
    const cues = vtt.trim().split('\n\n').slice(1);
    expect(vtt.startsWith('WEBVTT')).toBe(true);
    expect(cues).toHaveLength(6);
    expect(cues[1]).toBe('00:00:01.000 --> 00:00:02.000\nsprite-0.jpg#xywh=160,0,160,90');
    const sheet = await probeJson(join(out, 'sprites/sprite-0.jpg'));
    expect(sheet.streams[0]).toMatchObject({ width: 1600, height: 900 });
    expect(existsSync(join(out, 'sprites/sprite-1.jpg'))).toBe(false);
    expect(existsSync(join(out, 'sprites-work'))).toBe(false);
  });

  it('makes the first rendition playable before the rest of the ladder: the copied top rung', async () => {
    const out = join(work, 'out-first-copied');
    await mkdir(out);
    const seen: { quality: number; isRemux: boolean; variants: string[]; later: boolean }[] = [];
    const result = await processVideoFiles({
      input: landscape,
      outputDir: out,
      withSprites: false,
      onFirstRendition: async (first) => {
        const master = readFileSync(join(out, first.masterPlaylist), 'utf8');
        // A player reads it now: one video rendition with the audio, and the poster is there.
        const probed = await probeJson(join(out, first.masterPlaylist));
        expect(probed.streams.filter((s) => s.codec_type === 'video')).toHaveLength(1);
        expect(probed.streams.some((s) => s.codec_type === 'audio')).toBe(true);
        expect(existsSync(join(out, first.poster))).toBe(true);
        seen.push({
          quality: first.quality,
          isRemux: first.rendition.isRemux,
          variants: [...master.matchAll(/\n([^#\n]+\.m3u8)/g)].map((m) => m[1]!),
          later: existsSync(join(out, 'hls/240p/index.m3u8')),
        });
      },
    });
    expect(seen).toEqual([
      {
        quality: 360,
        isRemux: true,
        variants: ['360p/index.m3u8'],
        later: false,
      },
    ]);
    // Then the master playlist names the whole ladder.
    const master = readFileSync(join(out, 'hls/master.m3u8'), 'utf8');
    expect([...master.matchAll(/\n([^#\n]+\.m3u8)/g)].map((m) => m[1])).toEqual([
      '360p/index.m3u8',
      '240p/index.m3u8',
    ]);
    expect(result.renditions.map((r) => r.name)).toEqual(['360p', '240p']);
  });

  it('makes a small encoded rendition playable first when the source cannot be copied', async () => {
    const source = join(work, 'first-encoded.mp4');
    // 540p MPEG-4 part 2: nothing to copy; the first rendition is the 480p rung.
    await runFfmpeg({
      args: [
        ...['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=960x540:rate=25'],
        ...['-t', '1', '-c:v', 'mpeg4', '-q:v', '5', source],
      ],
    });
    const out = join(work, 'out-first-encoded');
    await mkdir(out);
    const firsts: { quality: number; isRemux: boolean; others: string[] }[] = [];
    const result = await processVideoFiles({
      input: source,
      outputDir: out,
      withSprites: false,
      onFirstRendition: async (first) => {
        firsts.push({
          quality: first.quality,
          isRemux: first.rendition.isRemux,
          others: ['540p', '360p', '240p'].filter((name) =>
            existsSync(join(out, `hls/${name}/index.m3u8`)),
          ),
        });
      },
    });
    expect(firsts).toEqual([{ quality: 480, isRemux: false, others: [] }]);
    expect(result.renditions.map((r) => r.name)).toEqual(['540p', '480p', '360p', '240p']);
  });

  it('encodes every rung of a source that cannot be copied, and leaves out audio it lacks', async () => {
    const out = join(work, 'out-portrait');
    await mkdir(out);
    const result = await processVideoFiles({ input: portrait, outputDir: out, withSprites: false });
    expect(result).toMatchObject({ width: 360, height: 640, topQuality: 360, spritesVtt: null });
    expect(result.renditions.map((r) => [r.width, r.height, r.isRemux])).toEqual([
      [360, 640, false],
      [240, 426, false],
    ]);
    const master = readFileSync(join(out, 'hls/master.m3u8'), 'utf8');
    expect(master).not.toContain('EXT-X-MEDIA');
    expect(master).toMatch(/CODECS="avc1\.64[0-9a-f]{4}",FRAME-RATE=30\.000\n360p\/index.m3u8/);
    const top = await probeJson(join(out, 'hls/360p/index.m3u8'));
    expect(top.streams).toHaveLength(1);
    expect(top.streams[0]).toMatchObject({
      codec_name: 'h264',
      width: 360,
      height: 640,
      pix_fmt: 'yuv420p',
    });
  });
});

describe('AV1 rendition', () => {
  it('is written by the same run when enabled, with sound, beside the H.264 ladder', async () => {
    const source = join(work, 'av1-source.mp4');
    await generateTestVideo({
      path: source,
      width: 426,
      height: 240,
      seconds: 2,
      preset: 'ultrafast',
    });
    const out = join(work, 'out-av1');
    await mkdir(out);
    const result = await processVideoFiles({
      input: source,
      outputDir: out,
      withAv1: true,
      withSprites: false,
    });
    expect(result.av1).toBe('av1/av1.mp4');
    const av1 = await probeJson(join(out, 'av1/av1.mp4'));
    expect(av1.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'av1']);
    expect(av1.streams.find((s) => s.codec_name === 'av1')).toMatchObject({
      width: 426,
      height: 240,
    });
    expect(Number(av1.format.duration)).toBeCloseTo(2, 0);
    expect(existsSync(join(out, 'hls/master.m3u8'))).toBe(true);
  });
});

describe('probeMedia', () => {
  it('refuses a text file named .mp4 with a clear message', async () => {
    const fake = join(work, 'notes.mp4');
    writeFileSync(fake, 'These are my holiday notes, not a video.\n'.repeat(50));
    await expect(probeMedia(fake)).rejects.toThrow(
      new InvalidMediaError(UNACCEPTED_FORMAT_MESSAGE),
    );
  });

  it('refuses a file with sound but no picture', async () => {
    const song = join(work, 'song.mp4');
    await runFfmpeg({
      args: ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=d=1', '-c:a', 'aac', song],
    });
    await expect(probeMedia(song)).rejects.toThrow('no video stream was found');
  });

  it('describes a video by its content', async () => {
    const info = await probeMedia(landscape);
    expect(info.video).toMatchObject({
      codec: 'h264',
      pixelFormat: 'yuv420p',
      width: 640,
      height: 360,
      frameRate: 25,
    });
    expect(info.audio).toMatchObject({ codec: 'aac', channels: 2 });
    expect(info.durationSeconds).toBeCloseTo(6, 1);
  });
});
