import { describe, expect, test } from 'vitest';
import { parseMediaPlaylist } from './ladder-engine.ts';

const BASE = 'https://site.example/v/42/hls/720p/index.m3u8';
const LADDER = [
  '#EXTM3U',
  '#EXT-X-VERSION:7',
  '#EXT-X-TARGETDURATION:4',
  '#EXT-X-PLAYLIST-TYPE:VOD',
  '#EXT-X-INDEPENDENT-SEGMENTS',
  '#EXT-X-MAP:URI="init.mp4"',
  '#EXTINF:4.000000,',
  'seg-00000.m4s',
  '#EXTINF:4.000000,',
  'seg-00001.m4s',
  '#EXTINF:1.500000,',
  'seg-00002.m4s',
  '#EXT-X-ENDLIST',
].join('\n');

describe('the own engine reads the media playlists of the site ladder (docs/decisions/0046)', () => {
  test('fMP4 VOD: the init segment, each segment on the timeline, the duration', () => {
    expect(parseMediaPlaylist(LADDER, BASE)).toEqual({
      init: 'https://site.example/v/42/hls/720p/init.mp4',
      segments: [
        { url: 'https://site.example/v/42/hls/720p/seg-00000.m4s', start: 0, end: 4 },
        { url: 'https://site.example/v/42/hls/720p/seg-00001.m4s', start: 4, end: 8 },
        { url: 'https://site.example/v/42/hls/720p/seg-00002.m4s', start: 8, end: 9.5 },
      ],
      duration: 9.5,
    });
  });

  test('any other stream is left to hls.js', () => {
    const ts = LADDER.replace('#EXT-X-MAP:URI="init.mp4"\n', '').replace(/\.m4s/g, '.ts');
    const cases = [
      ts,
      LADDER.replace('#EXT-X-ENDLIST', ''),
      LADDER.replace('#EXT-X-MAP', '#EXT-X-KEY:METHOD=AES-128,URI="k"\n#EXT-X-MAP'),
      LADDER.replace('seg-00001.m4s', '#EXT-X-BYTERANGE:100@0\nseg-00001.m4s'),
      LADDER.replace('#EXTINF:1.5', '#EXT-X-DISCONTINUITY\n#EXTINF:1.5'),
      LADDER.replace('URI="init.mp4"', 'URI="init.mp4",BYTERANGE="700@0"'),
    ];
    for (const text of cases) expect(parseMediaPlaylist(text, BASE)).toBeNull();
  });
});
