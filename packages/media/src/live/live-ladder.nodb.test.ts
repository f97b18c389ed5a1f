import { describe, expect, it } from 'vitest';
import { isLiveMediaKey } from '@cutroom/core/features/videos/live/live-media-keys';
import { cacheControlForKey } from '@cutroom/core/platform/storage/storage';
import {
  avcCodecOf,
  liveLadderArgs,
  liveMasterPlaylist,
  liveVariants,
  replayMasterPlaylist,
  replayMediaPlaylist,
  segmentsOf,
  timedSegmentsOf,
} from './live-ladder';

describe('the live ladder', () => {
  it('passes a tall stream through and makes a 360p rung cut at its keyframes', () => {
    const args = liveLadderArgs({ part: 'part-001.flv', hasAudio: true, inputHeight: 720 });
    // The stream from standard input only; files only in the live's folder.
    expect(
      args.slice(args.indexOf('-protocol_whitelist'), args.indexOf('-protocol_whitelist') + 2),
    ).toEqual(['-protocol_whitelist', 'pipe,file']);
    expect(args).toContain('pipe:0');
    expect(args.join(' ')).toContain('-c:v:0 copy');
    expect(args.join(' ')).toContain('-filter:v:1 scale=-2:360');
    expect(args.join(' ')).toContain('-force_key_frames:v:1 source');
    expect(args[args.indexOf('-var_stream_map') + 1]).toBe('v:0,a:0 v:1,a:1');
    expect(args[args.indexOf('-hls_time') + 1]).toBe('1');
    // At least ten minutes to seek back in.
    expect(Number(args[args.indexOf('-hls_list_size') + 1])).toBeGreaterThanOrEqual(600);
  });

  it('passes a stream of 360p or less through alone, and one without audio without audio', () => {
    const args = liveLadderArgs({ part: 'part-001.flv', hasAudio: false, inputHeight: 360 });
    expect(args).not.toContain('-c:v:1');
    expect(args[args.indexOf('-var_stream_map') + 1]).toBe('v:0');
    expect(args).not.toContain('0:a:0');
  });

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
    const live =
      '#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:4\n#EXT-X-PROGRAM-DATE-TIME:2026-12-06T23:00:00.000Z\n' +
      '#EXTINF:1.001000,\nseg-00004.ts\n#EXTINF:0.967000,\nseg-00005.ts\n';
    const segments = timedSegmentsOf(live);
    expect(segments).toEqual([
      { name: 'seg-00004.ts', seconds: 1.001 },
      { name: 'seg-00005.ts', seconds: 0.967 },
    ]);
    const playlist = replayMediaPlaylist(segments);
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-TARGETDURATION:2\n');
    expect(playlist).toContain('#EXTINF:1.001000,\nseg-00004.ts\n#EXTINF:0.967000,\nseg-00005.ts');
    expect(playlist.endsWith('#EXT-X-ENDLIST\n')).toBe(true);
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
});
