import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { copyFile, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '@cutroom/core/kernel/errors/service-error';
import { probeUploadedVideo } from './accept-upload';
import {
  detectContainer,
  inputArgs,
  readHead,
  UNACCEPTED_FORMAT_MESSAGE,
} from './container-format';
import { runFfmpeg, runTool } from './ffmpeg-runner';
import {
  buildFirstRenditionArgs,
  buildLadderArgs,
  buildSingleRenditionArgs,
  buildSpriteSheetArgs,
  firstRendition,
  planLadder,
} from './ladder';
import { buildPosterArgs } from './poster';
import { buildKeyframeProbeArgs, buildProbeArgs, probeMedia, type MediaInfo } from './probe';
import { generateTestVideo } from '../test-support/test-video';

// Files that point ffmpeg at other files (HLS playlists, concat lists, image sequences) are
// refused by their bytes before ffprobe runs; every run names its demuxer and allows only the
// `file` protocol.

const work = mkdtempSync(join(tmpdir(), 'cutroom-hostile-test-'));
afterAll(() => rm(work, { recursive: true, force: true }));

/** Where uploads arrive, and the scratch space the probe makes its folders in. */
const uploads = join(work, 'uploads');
const scratch = join(work, 'scratch');
/** A video of the server's, outside any scratch folder, that a hostile file names. */
const serverVideo = join(work, 'server-private.mp4');
/** ffprobe behind a script that records its working folder and arguments. */
const ffprobeLog = join(work, 'ffprobe-calls.log');
const recordingFfprobe = join(work, 'recording-ffprobe');

let server: Server;
let requests = 0;
let segmentUrl = '';

beforeAll(async () => {
  mkdirSync(uploads);
  mkdirSync(scratch);
  await generateTestVideo({
    path: serverVideo,
    width: 160,
    height: 90,
    seconds: 1,
    preset: 'ultrafast',
  });
  writeFileSync(
    recordingFfprobe,
    `#!/bin/sh\nprintf '%s\\n' "cwd=$PWD $*" >> '${ffprobeLog}'\nexec ffprobe "$@"\n`,
  );
  chmodSync(recordingFfprobe, 0o755);
  const segment = readFileSync(serverVideo);
  server = createServer((_request, response) => {
    requests += 1;
    response.end(segment);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  segmentUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/segment.mp4`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const ffprobeCalls = () => (existsSync(ffprobeLog) ? readFileSync(ffprobeLog, 'utf8') : '');

function upload(name: string, content: string | Buffer): string {
  const path = join(uploads, name);
  writeFileSync(path, content);
  return path;
}

const playlist = (...uris: string[]) =>
  [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-TARGETDURATION:10',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    ...uris.flatMap((uri) => ['#EXTINF:1.0,', uri]),
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');

/** Probes as the upload endpoint does; answers the refusal, or null when accepted. */
async function refusalOf(path: string): Promise<ServiceError | null> {
  try {
    await probeUploadedVideo(path, { ffprobePath: recordingFfprobe, tmpDir: scratch });
    return null;
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
}

describe('an upload that points at other files', () => {
  it('is what ffprobe would follow without the allow-list: a playlist naming a server file reads as a video', async () => {
    // The attack the checks below stop: plain ffprobe opens the playlist's segment, a file
    // of the server's, and describes it as the uploaded video.
    const path = upload('server-file.m3u8', playlist(serverVideo));
    const json = await runTool('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', path]);
    expect(json).toContain('"codec_type": "video"');
  });

  it('refuses an HLS playlist naming /etc/passwd or a server file, before ffprobe runs', async () => {
    for (const uri of ['/etc/passwd', serverVideo, 'file:/etc/passwd']) {
      const path = upload('playlist.mp4', playlist(uri));
      expect(await refusalOf(path)).toMatchObject({
        kind: 'invalid',
        message: UNACCEPTED_FORMAT_MESSAGE,
      });
    }
    expect(ffprobeCalls()).toBe('');
  });

  it('refuses a playlist naming a network address, and nothing is fetched', async () => {
    const path = upload('remote.m3u8', playlist(segmentUrl));
    // ffprobe fetches it when network protocols are allowed: the server counts the request.
    const withNetwork = ['-protocol_whitelist', 'file,http,tcp', '-v', 'error', '-show_streams'];
    await runTool('ffprobe', [...withNetwork, path]).catch(() => '');
    const fetchedWithoutChecks = requests;
    expect(fetchedWithoutChecks).toBeGreaterThan(0);

    expect(await refusalOf(path)).toMatchObject({ message: UNACCEPTED_FORMAT_MESSAGE });
    expect(requests).toBe(fetchedWithoutChecks);
    expect(ffprobeCalls()).toBe('');
  });

  it('refuses an ffconcat list, a text file named .mp4 and an image sequence pattern', async () => {
    const concat = upload('list.mp4', `ffconcat version 1.0\nfile '${serverVideo}'\n`);
    const text = upload('holiday.mp4', 'Dear diary, today I renamed a text file.\n'.repeat(50));
    // A picture named as a sequence pattern, with a second frame beside it.
    await runFfmpeg({
      args: [
        '-y',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=64x64',
        '-frames:v',
        '2',
      ].concat([join(uploads, 'frame-%03d.png')]),
    });
    const pattern = join(uploads, 'frame-%03d.png');
    await copyFile(join(uploads, 'frame-001.png'), pattern);
    for (const path of [concat, text, pattern]) {
      expect(await refusalOf(path)).toMatchObject({
        kind: 'invalid',
        message: UNACCEPTED_FORMAT_MESSAGE,
      });
    }
    expect(ffprobeCalls()).toBe('');
    // No scratch folder is left behind by a refusal.
    expect(await readdir(scratch)).toEqual([]);
  });

  it('probes an accepted video in a scratch folder of its own with the file protocol and its demuxer only', async () => {
    // A name that would be an image-sequence pattern is read as the one file it is.
    const path = join(uploads, 'clip-%03d.upload');
    await copyFile(serverVideo, path);
    expect(await refusalOf(path)).toBeNull();
    const calls = ffprobeCalls().trim().split('\n');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(
      new RegExp(
        `^cwd=${scratch}/cutroom-probe-\\w+ .*-protocol_whitelist file -f mov -i ${scratch}/cutroom-probe-\\w+/source$`,
      ),
    );
    expect(await readdir(scratch)).toEqual([]);
    expect(existsSync(path)).toBe(true);
  });
});

describe('accepted containers', () => {
  // One short file in each accepted container, as ffmpeg writes them.
  const samples: [string, string, string[]][] = [
    ['mp4', 'mov', ['-c:v', 'libx264', '-preset', 'ultrafast']],
    ['mov', 'mov', ['-c:v', 'libx264', '-preset', 'ultrafast']],
    ['3gp', 'mov', ['-c:v', 'libx264', '-preset', 'ultrafast']],
    ['mkv', 'matroska', ['-c:v', 'libx264', '-preset', 'ultrafast']],
    ['webm', 'matroska', ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8']],
    ['avi', 'avi', ['-c:v', 'mpeg4']],
    ['wmv', 'asf', ['-c:v', 'wmv2']],
    ['flv', 'flv', ['-c:v', 'flv1']],
    ['ts', 'mpegts', ['-c:v', 'libx264', '-preset', 'ultrafast']],
    ['mpg', 'mpeg', ['-c:v', 'mpeg2video']],
    ['ogv', 'ogg', ['-c:v', 'libtheora']],
  ];

  it('recognises each from its bytes, and ffprobe reads each with that demuxer', async () => {
    for (const [extension, demuxer, codec] of samples) {
      const folder = mkdtempSync(join(work, `sample-${extension}-`));
      const path = join(folder, `sample.${extension}`);
      await runFfmpeg({
        args: [
          ...['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=128x72:rate=10'],
          ...['-t', '1', ...codec, path],
        ],
      });
      expect([extension, detectContainer(await readHead(path))]).toEqual([extension, demuxer]);
      const info = await probeMedia(path);
      expect([extension, info.demuxer, info.video.width]).toEqual([extension, demuxer, 128]);
    }
  });

  it('recognises nothing else', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    for (const text of [
      playlist('/etc/passwd'),
      'ffconcat version 1.0\nfile a.mp4\n',
      '<?xml version="1.0"?><MPD></MPD>',
      'abcdfree and some more text',
      '',
    ]) {
      expect(detectContainer(bytes(text))).toBeNull();
    }
    expect(detectContainer(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBeNull();
    expect(
      detectContainer(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
    ).toBeNull();
  });
});

describe('every ffmpeg and ffprobe invocation', () => {
  /** Each `-i` is preceded by `-protocol_whitelist file -f <demuxer>`. */
  function expectConfinedInputs(args: string[], demuxers: string[]) {
    const inputs = args.flatMap((arg, i) => (arg === '-i' ? [i] : []));
    expect(inputs.length).toBeGreaterThan(0);
    expect(inputs.map((i) => args.slice(i - 4, i))).toEqual(
      demuxers.map((demuxer) => ['-protocol_whitelist', 'file', '-f', demuxer]),
    );
  }

  const info: MediaInfo = {
    demuxer: 'matroska',
    formatName: 'matroska,webm',
    durationSeconds: 20,
    bitRate: 2_000_000,
    sizeBytes: 5_000_000,
    audio: { codec: 'opus', profile: null, channels: 2, sampleRate: 48000, bitRate: 96_000 },
    video: {
      codec: 'vp9',
      profile: null,
      pixelFormat: 'yuv420p',
      width: 1280,
      height: 720,
      codedWidth: 1280,
      codedHeight: 720,
      rotation: 0,
      sampleAspectRatio: 1,
      frameRate: 30,
      bitRate: null,
      isInterlaced: false,
    },
  };

  it('names the demuxer and allows only the file protocol', () => {
    const plan = planLadder(info, { withAv1: true });
    expect(plan.inputFormat).toBe('matroska');
    expectConfinedInputs(buildProbeArgs('source', 'matroska'), ['matroska']);
    expectConfinedInputs(buildKeyframeProbeArgs('source', 'matroska'), ['matroska']);
    expectConfinedInputs(buildLadderArgs(plan, 'source', { outputDir: 'out' }), ['matroska']);
    expectConfinedInputs(buildSingleRenditionArgs(plan, plan.rungs[0]!, 'source', 'out'), [
      'matroska',
    ]);
    expectConfinedInputs(buildPosterArgs(info, 'source', 'out'), ['matroska']);
    expectConfinedInputs(buildFirstRenditionArgs(plan, firstRendition(plan), 'source', 'out'), [
      'matroska',
    ]);
    expectConfinedInputs(buildSpriteSheetArgs(plan, 'out'), ['image2']);
    expect(inputArgs('x', 'mov')).toEqual(['-protocol_whitelist', 'file', '-f', 'mov', '-i', 'x']);
  });
});
