import { describe, expect, it } from 'vitest';
import {
  aacCodecString,
  avcCodecFromInit,
  buildMasterPlaylist,
  buildSpritesVtt,
  initSegmentOf,
  measureBitrates,
  parseMediaPlaylist,
} from './playlists';

describe('playlists', () => {
  it('measures peak and average rates from segment sizes', () => {
    const segments = parseMediaPlaylist(
      '#EXTM3U\n#EXTINF:4.000000,\na.ts\n#EXTINF:4.000,\nb.ts\n#EXTINF:0.2,\nc.ts\n#EXT-X-ENDLIST\n',
    );
    expect(segments.map((s) => s.uri)).toEqual(['a.ts', 'b.ts', 'c.ts']);
    const sizes: Record<string, number> = { 'a.ts': 100_000, 'b.ts': 300_000, 'c.ts': 50_000 };
    const rates = measureBitrates(segments, (uri) => sizes[uri]!);
    expect(rates.peakBps).toBe(600_000);
    expect(rates.averageBps).toBe(Math.ceil((450_000 * 8) / 8.2));
  });

  it('writes RFC 6381 codec strings', () => {
    // An avcC box: size, type, version 1, profile High (0x64), no constraints, level 4.0.
    const avcC = [0, 0, 0, 19, ...Buffer.from('avcC'), 1, 0x64, 0x00, 0x28, 0xff, 0xe1];
    const init = new Uint8Array([...Buffer.from('....stsd....avc1'), ...avcC]);
    expect(avcCodecFromInit(init)).toBe('avc1.640028');
    expect(avcCodecFromInit(new Uint8Array([...avcC.slice(0, 9), 0x4d, 0x40, 0x1f]))).toBe(
      'avc1.4d401f',
    );
    expect(avcCodecFromInit(Buffer.from('....hvc1....hvcC'))).toBeNull();
    expect(initSegmentOf('#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4,\nseg-00000.m4s\n')).toBe(
      'init.mp4',
    );
    expect(aacCodecString('LC')).toBe('mp4a.40.2');
    expect(aacCodecString('HE-AAC')).toBe('mp4a.40.5');
  });

  it('writes a master playlist whose variants share one audio rendition', () => {
    const text = buildMasterPlaylist(
      [
        {
          uri: '720p/index.m3u8',
          bandwidth: 3_000_000,
          averageBandwidth: 2_000_000,
          width: 1280,
          height: 720,
          codecs: 'avc1.64001f,mp4a.40.2',
          frameRate: 25,
        },
      ],
      { uri: 'audio/index.m3u8', channels: 2 },
    );
    expect(text).toContain('#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio"');
    expect(text).toContain(
      '#EXT-X-STREAM-INF:BANDWIDTH=3000000,AVERAGE-BANDWIDTH=2000000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2",FRAME-RATE=25.000,AUDIO="audio"\n720p/index.m3u8',
    );
  });

  it('indexes sprite tiles row by row across sheets', () => {
    const vtt = buildSpritesVtt(
      { intervalSeconds: 2, tileWidth: 160, tileHeight: 90, columns: 2, rows: 2, count: 5 },
      9,
    );
    const cues = vtt.trim().split('\n\n').slice(1);
    expect(vtt.startsWith('WEBVTT\n')).toBe(true);
    expect(cues).toEqual([
      '00:00:00.000 --> 00:00:02.000\nsprite-0.jpg#xywh=0,0,160,90',
      '00:00:02.000 --> 00:00:04.000\nsprite-0.jpg#xywh=160,0,160,90',
      '00:00:04.000 --> 00:00:06.000\nsprite-0.jpg#xywh=0,90,160,90',
      '00:00:06.000 --> 00:00:08.000\nsprite-0.jpg#xywh=160,90,160,90',
      '00:00:08.000 --> 00:00:09.000\nsprite-1.jpg#xywh=0,0,160,90',
    ]);
  });
});
