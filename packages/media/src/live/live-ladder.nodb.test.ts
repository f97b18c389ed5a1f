import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLiveMediaKey } from '@cutroom/core/features/videos/live/live-media-keys';
import { cacheControlForKey } from '@cutroom/core/platform/storage/storage';
import { LocalStorage } from '@cutroom/core/platform/storage/local-storage';
import { createLogger } from '@cutroom/core/platform/logging/logger';
import {
  avcCodecOf,
  LIVE_RUNG_FIRST_FD,
  LiveMediaSync,
  liveLadderArgs,
  readReplayLists,
  liveMasterPlaylist,
  liveVariants,
  probeRecordingPart,
  recordingJoinArgs,
  replayMasterPlaylist,
  replayMediaPlaylist,
  segmentsOf,
} from './live-ladder';
import { runTool } from '../ffmpeg-runner';

/** Each rung's output arguments, joined: those after the recording's, up to its pipe. */
function rungsOf(args: string[]): string[] {
  const rungs: string[] = [];
  let from = args.findIndex((arg) => arg.endsWith('.flv')) + 1;
  args.forEach((arg, index) => {
    if (/^pipe:[3-9]$/.test(arg)) {
      rungs.push(args.slice(from, index + 1).join(' '));
      from = index + 1;
    }
  });
  return rungs;
}

describe('the live ladder', () => {
  it('passes a tall stream through and makes a 360p rung cut at its keyframes', () => {
    const args = liveLadderArgs({
      part: 'part-001.flv',
      hasAudio: true,
      inputWidth: 1280,
      inputHeight: 720,
    });
    // The stream from standard input only; files only in the live's folder.
    expect(
      args.slice(args.indexOf('-protocol_whitelist'), args.indexOf('-protocol_whitelist') + 2),
    ).toEqual(['-protocol_whitelist', 'pipe,file']);
    expect(args).toContain('pipe:0');
    const [top, low, ...more] = rungsOf(args);
    expect(more).toEqual([]);
    expect(top).toContain('-map 0:v:0 -map 0:a:0 -c:v copy -c:a copy');
    expect(low).toContain('-filter:v scale=-2:360');
    expect(low).toContain('-force_key_frames source');
    // Each rung fragmented MP4 on its own pipe, a fragment a part (0.2 s), flushed at once.
    for (const [index, rung] of [top!, low!].entries()) {
      expect(rung).toContain('-f mp4 -movflags +frag_keyframe+empty_moov+default_base_moof');
      expect(rung).toContain('-frag_duration 200000 -flush_packets 1');
      expect(rung.endsWith(`pipe:${LIVE_RUNG_FIRST_FD + index}`)).toBe(true);
    }
  });

  it('passes a stream of 360p or less through alone, and one without audio without audio', () => {
    const args = liveLadderArgs({
      part: 'part-001.flv',
      hasAudio: false,
      inputWidth: 640,
      inputHeight: 360,
    });
    expect(rungsOf(args)).toHaveLength(1);
    expect(args).not.toContain('0:a:0');
  });

  it("fits a stream back at another size to the live's first: its rungs and sizes stay", () => {
    const shape = {
      width: 1280,
      height: 720,
      hasAudio: true,
      videoCodec: 'avc1.4d401f',
      bitRate: 2_500_000,
    };
    /** The arguments for a stream back (with sound) of this size into a live of `live`'s shape. */
    const backAt = (inputWidth: number, inputHeight: number, live = shape) =>
      liveLadderArgs({
        part: 'part-002.flv',
        hasAudio: true,
        inputWidth,
        inputHeight,
        shape: live,
      });
    // Back at 360p: still two rungs, the top one encoded at 1280x720 (main profile, as began).
    const [top, low, ...more] = rungsOf(backAt(640, 360));
    expect(more).toEqual([]);
    expect(top).toContain('-c:v libx264');
    expect(top).toContain('-profile:v main');
    expect(top).toContain(
      '-filter:v scale=1280:720:force_original_aspect_ratio=decrease,pad=1280:720',
    );
    expect(top).toContain('-force_key_frames source');
    expect(low).toContain('-c:v libx264');
    // Back as it began: passed through.
    expect(rungsOf(backAt(1280, 720))[0]).toContain('-c:v copy');
    // Sound the live began without stays out of its rungs (the recording keeps it).
    const withSound = backAt(1280, 720, { ...shape, hasAudio: false });
    for (const rung of rungsOf(withSound)) {
      expect(rung).not.toContain('0:a:0');
      expect(rung).not.toContain('-c:a');
    }
    expect(withSound.join(' ')).toContain('-map 0:v:0 -map 0:a:0 -c copy -f flv part-002.flv');
  });

  it('joins recording parts alike as they are, and parts that differ fitted to the first', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'cutroom-join-'));
    try {
      const make = (name: string, size: string, seconds: number, hasAudio: boolean) =>
        runTool(
          'ffmpeg',
          ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'].concat(
            ['-i', `testsrc2=size=${size}:rate=25:duration=${seconds}`],
            hasAudio ? ['-f', 'lavfi', '-i', `sine=sample_rate=44100:duration=${seconds}`] : [],
            ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
            hasAudio ? ['-c:a', 'aac'] : [],
            ['-f', 'flv', name],
          ),
          { cwd: folder },
        );
      await make('part-001.flv', '320x180', 2, true);
      await make('part-002.flv', '320x180', 1, true);
      await make('part-003.flv', '160x160', 1, false);
      const probe = (name: string) => probeRecordingPart('ffprobe', folder, name);
      const [first, alike, other] = await Promise.all(
        ['part-001.flv', 'part-002.flv', 'part-003.flv'].map(probe),
      );
      expect(first!.signature).toBe(alike!.signature);
      expect(other).toMatchObject({ width: 160, height: 160, hasAudio: false });
      expect(recordingJoinArgs([first!, alike!])).toContain('copy');

      await runTool('ffmpeg', recordingJoinArgs([first!, other!, alike!]), { cwd: folder });
      const joined = await probe('recording.mp4');
      expect(joined).toMatchObject({ width: 320, height: 180, hasAudio: true });
      expect(joined.durationSeconds).toBeGreaterThan(3.8);
      expect(joined.durationSeconds).toBeLessThan(4.3);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it('writes the master playlist with both rungs and their codecs', () => {
    const master = liveMasterPlaylist(
      liveVariants({
        width: 1280,
        height: 720,
        bitRate: 3_000_000,
        videoCodec: 'avc1.64001f',
        audioCodec: 'mp4a.40.2',
      }),
    );
    expect(master).toContain(
      'BANDWIDTH=3000000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"\nv0/index.m3u8',
    );
    expect(master).toContain('RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2"\nv1/index.m3u8');
  });

  it("reads the codec from the stream's sequence header", () => {
    const header = Buffer.alloc(24);
    header.set([0x64, 0x00, 0x28], 17);
    expect(avcCodecOf(header)).toBe('avc1.640028');
    expect(avcCodecOf(null)).toBe('avc1.4d401f');
  });

  it('names the segments of a media playlist', () => {
    expect(segmentsOf('#EXTM3U\n#EXTINF:1.0,\nseg-00001.ts\n#EXTINF:1.0,\nseg-00002.ts\n')).toEqual(
      ['seg-00001.ts', 'seg-00002.ts'],
    );
  });

  it("keeps a live's playlists fresh and its segments cacheable", () => {
    expect(cacheControlForKey('live/abc/v0/index.m3u8')).toBe('no-cache');
    expect(cacheControlForKey('live/abc/master.m3u8')).toBe('no-cache');
    expect(cacheControlForKey('live/abc/v0/seg-00001.ts')).toBe('public, max-age=3600');
    expect(cacheControlForKey('live/abc/v0/seg-00001.m4s')).toBe('public, max-age=3600');
    expect(cacheControlForKey('live/abc/v0/part-1.0.m4s')).toBe('public, max-age=3600');
    expect(cacheControlForKey('live/abc/v0/init-1.mp4')).toBe('public, max-age=3600');
    // Its poster is taken again while on air: asked again on every page.
    expect(cacheControlForKey('live/abc/poster.jpg')).toBe('no-cache');
    expect(cacheControlForKey('live/abc/replay.jpg')).toBe('public, max-age=3600');
    expect(isLiveMediaKey('live/abc/poster.jpg')).toBe(true);
    expect(isLiveMediaKey('videos/abc/v1/poster.jpg')).toBe(false);
    // The replay made of a live's segments is no live on air.
    expect(isLiveMediaKey('live/abc/replay.jpg')).toBe(false);
    expect(isLiveMediaKey('live/abc/replay.m3u8')).toBe(false);
  });

  it("makes the replay of a live's segments: their real durations, the end, the rungs that ran", () => {
    const segments = [
      { name: 'seg-00004.m4s', seconds: 1.001, init: 'init-1.mp4' },
      { name: 'seg-00005.m4s', seconds: 0.967, init: 'init-1.mp4' },
      { name: 'seg-00006.m4s', seconds: 1, init: 'init-2.mp4', isDiscontinuity: true },
    ];
    const playlist = replayMediaPlaylist(segments);
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-TARGETDURATION:2\n');
    // Each stream's init before its segments, a stream back after a discontinuity.
    expect(playlist).toContain(
      '#EXT-X-MAP:URI="init-1.mp4"\n#EXTINF:1.001000,\nseg-00004.m4s\n#EXTINF:0.967000,\nseg-00005.m4s\n' +
        '#EXT-X-DISCONTINUITY\n#EXT-X-MAP:URI="init-2.mp4"\n#EXTINF:1.000000,\nseg-00006.m4s\n',
    );
    expect(playlist.endsWith('#EXT-X-ENDLIST\n')).toBe(true);
    // A live's segments of MPEG-TS (from before) need no init.
    expect(replayMediaPlaylist([{ name: 'seg-00001.ts', seconds: 1 }])).not.toContain('MAP');
    const master = liveMasterPlaylist(
      liveVariants({
        width: 1280,
        height: 720,
        bitRate: 3_000_000,
        videoCodec: 'avc1.64001f',
        audioCodec: null,
      }),
    );
    expect(replayMasterPlaylist(master, new Set(['v0', 'v1']))).toMatch(
      /RESOLUTION=1280x720.*\nv0\/replay\.m3u8\n.*RESOLUTION=640x360.*\nv1\/replay\.m3u8\n$/,
    );
    const topOnly = replayMasterPlaylist(master, new Set(['v0']));
    expect(topOnly).toContain('v0/replay.m3u8');
    expect(topOnly).not.toContain('640x360');
  });

  it("copies a rung's updates to storage, files before the playlist, and notes segments for the replay", async () => {
    const folder = await mkdtemp(join(tmpdir(), 'cutroom-live-sync-'));
    try {
      const rung = join(folder, 'hls', 'v0');
      await mkdir(rung, { recursive: true });
      for (const name of ['init-1.mp4', 'seg-00000.m4s', 'part-1.0.m4s'])
        await writeFile(join(rung, name), name);
      const storage = new LocalStorage({ root: join(folder, 'media'), publicBaseUrl: '/media' });
      const told: string[] = [];
      const sync = new LiveMediaSync(
        folder,
        storage,
        'abc',
        createLogger({ level: 'silent' }),
        '#EXTM3U\nmaster\n',
        1,
        (key, playlist) => told.push(`${key} ${playlist}`),
      );
      sync.take(0, {
        playlist: '#EXTM3U\none\n',
        msn: 1,
        part: 0,
        // A part the packager let go before its copy came is not needed, and no failure.
        written: ['init-1.mp4', 'seg-00000.m4s', 'part-0.4.m4s', 'part-1.0.m4s'],
        removed: [],
        closed: [
          { name: 'seg-00000.m4s', seconds: 1.001, init: 'init-1.mp4', isDiscontinuity: false },
        ],
        left: [],
      });
      await sync.flush();
      await sync.watchable;
      const read = async (key: string) => {
        const { body } = await storage.getStream(key);
        const chunks: Buffer[] = [];
        for await (const chunk of body) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks).toString('utf8');
      };
      expect(await read('live/abc/v0/seg-00000.m4s')).toBe('seg-00000.m4s');
      expect(await read('live/abc/v0/part-1.0.m4s')).toBe('part-1.0.m4s');
      expect(await read('live/abc/v0/index.m3u8')).toBe('#EXTM3U\none\n');
      expect(await read('live/abc/master.m3u8')).toBe('#EXTM3U\nmaster\n');
      expect(told).toEqual(['live/abc/v0/index.m3u8 #EXTM3U\none\n']);
      expect(sync.isWatchable).toBe(true);
      expect((await readReplayLists(folder)).get('v0')).toEqual([
        { name: 'seg-00000.m4s', seconds: 1.001, init: 'init-1.mp4', isDiscontinuity: false },
      ]);
      // A part no longer listed leaves storage; a segment that left the window leaves the disk
      // and stays in storage (the replay).
      sync.take(0, {
        playlist: '#EXTM3U\ntwo\n',
        msn: 2,
        part: 0,
        written: [],
        removed: ['part-1.0.m4s'],
        closed: [],
        left: ['seg-00000.m4s'],
      });
      await sync.flush();
      expect(await storage.stat('live/abc/v0/part-1.0.m4s')).toBeNull();
      expect(await read('live/abc/v0/seg-00000.m4s')).toBe('seg-00000.m4s');
      await expect(readFile(join(rung, 'seg-00000.m4s'))).rejects.toThrow();
      expect(await read('live/abc/v0/index.m3u8')).toBe('#EXTM3U\ntwo\n');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
