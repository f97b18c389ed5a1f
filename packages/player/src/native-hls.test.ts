import { describe, expect, test } from 'vitest';
import { parseMasterPlaylist } from './native-hls.ts';

describe('parseMasterPlaylist', () => {
  test('reads each rendition with its height, bitrate, codecs and URL resolved to the master', () => {
    const master = [
      '#EXTM3U',
      '#EXT-X-STREAM-INF:BANDWIDTH=264000,RESOLUTION=320x180,CODECS="avc1.42c01e,mp4a.40.2"',
      'v180/index.m3u8',
      '#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=1000000,BANDWIDTH=1264000,RESOLUTION=1280x720',
      '',
      'https://cdn.example/v720/index.m3u8',
    ].join('\n');
    expect(parseMasterPlaylist(master, 'https://site.example/v/42/master.m3u8')).toEqual([
      {
        id: 0,
        title: '180p',
        isHD: false,
        bitrate: 264000,
        url: 'https://site.example/v/42/v180/index.m3u8',
        codecs: 'avc1.42c01e,mp4a.40.2',
      },
      {
        id: 1,
        title: '720p',
        isHD: true,
        bitrate: 1264000,
        url: 'https://cdn.example/v720/index.m3u8',
        codecs: '',
      },
    ]);
  });

  test('a media playlist has no renditions', () => {
    const media = '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\nseg0.ts\n#EXT-X-ENDLIST\n';
    expect(parseMasterPlaylist(media, 'https://site.example/a.m3u8')).toEqual([]);
  });
});
