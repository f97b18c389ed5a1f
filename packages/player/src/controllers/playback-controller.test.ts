import { afterEach, describe, expect, test, vi } from 'vitest';
import { PersistenceController } from './persistence-controller.ts';
import { PlaybackController, readSources, sourceKind } from './playback-controller.ts';
import { testContext } from './testing.ts';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

function setUp() {
  const { ctx, video } = testContext();
  video.innerHTML = '<source src="/a.mp4" type="video/mp4" title="A">';
  const playback = new PlaybackController(ctx, new PersistenceController(ctx), false);
  const calls: string[] = [];
  vi.spyOn(video, 'play').mockImplementation(() => {
    calls.push('play');
    return Promise.resolve();
  });
  vi.spyOn(video, 'pause').mockImplementation(() => void calls.push('pause'));
  return { playback, video, calls };
}

describe('PlaybackController', () => {
  test('calls made before the source and the ads are in place wait, then run in order', async () => {
    const { playback, video, calls } = setUp();
    playback.play();
    playback.pause();
    playback.play();
    expect(calls).toEqual([]);
    await playback.start();
    expect(video.getAttribute('src')).toMatch(/\/a\.mp4$/);
    playback.flush();
    expect(calls).toEqual(['play', 'pause', 'play']);
    playback.pause();
    expect(calls.at(-1)).toBe('pause');
  });

  test('the ads take the first play: the content does not start', async () => {
    const { playback, calls } = setUp();
    let taken = 0;
    playback.takesPlay = () => ++taken === 1;
    await playback.start();
    playback.flush();
    playback.play();
    expect(taken).toBe(1);
    expect(calls).toEqual([]);
    playback.play();
    expect(calls).toEqual(['play']);
  });

  test('sources and their kinds', () => {
    const video = document.createElement('video');
    video.innerHTML =
      '<source src="/v/master.m3u8" type="application/x-mpegURL" title="HLS"><source src="/v/a.mpd"><source src="/v/720.mp4" data-fluid-hd>';
    const sources = readSources(video);
    expect(sources.map((s) => [s.title, sourceKind(s), s.isHD])).toEqual([
      ['HLS', 'hls', false],
      ['a.mpd', 'dash', false],
      ['720.mp4', 'file', true],
    ]);
  });
});
