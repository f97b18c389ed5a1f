// A live stream's controls alone: its window (the seekable range) and the time stand in for
// the media, which a real browser test plays (packages/player/test, e2e/tests/live.test.ts).
import { afterEach, describe, expect, test, vi } from 'vitest';
import { testContext } from '../controllers/testing.ts';
import type { ControlsHost } from './host.ts';
import {
  createLiveIndicator,
  LIVE_EDGE_STILL_MS,
  LIVE_STALL_MS,
  RECONNECTING_TEXT,
} from './live-indicator.ts';
import { createProgressBar } from './progress-bar.ts';
import { createTimeDisplay } from './time-display.ts';

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

type Playback = Pick<ControlsHost['playback'], 'pendingSeek' | 'isLive' | 'skipTo' | 'engine'>;

/** A live video 720 s into its stream with a 600 s window (120–720), at `currentTime`. */
function liveVideo(
  video: HTMLVideoElement,
  state: { currentTime: number; paused?: boolean; seeking?: boolean },
  window = { start: 120, end: 720 },
) {
  Object.defineProperties(video, {
    duration: { get: () => Infinity, configurable: true },
    seekable: {
      get: () => ({ length: 1, start: () => window.start, end: () => window.end }),
      configurable: true,
    },
    currentTime: {
      get: () => state.currentTime,
      set: (t: number) => (state.currentTime = t),
      configurable: true,
    },
    paused: { get: () => state.paused ?? false, configurable: true },
    seeking: { get: () => state.seeking ?? false, configurable: true },
    readyState: { get: () => 4, configurable: true },
    played: { get: () => ({ length: 1 }), configurable: true },
  });
  return window;
}

function playbackAt(
  state: { currentTime: number },
  engine: Playback['engine'] = null,
): Playback & { seeks: number[] } {
  const seeks: number[] = [];
  return {
    pendingSeek: null,
    isLive: true,
    engine,
    seeks,
    skipTo: (t: number) => {
      seeks.push(t);
      state.currentTime = t;
    },
  };
}

describe('live controls', () => {
  test('the page says it is live (knownDuration Infinity): LIVE shows before the media load', () => {
    const { ctx } = testContext({ layoutControls: { knownDuration: Infinity } });
    const playback = { pendingSeek: null, isLive: false, skipTo: () => undefined, engine: null };
    const live = createLiveIndicator(ctx, playback);
    const time = createTimeDisplay(ctx, playback);
    expect(live.element.hidden).toBe(false);
    expect(live.element.textContent).toBe('LIVE');
    // No "0:00 / 0:00": a live has no duration.
    expect(time.element.textContent).toBe('');
  });

  test('the bar is the window; behind it the time says how far and LIVE offers to go back', () => {
    const { ctx, video } = testContext();
    const state = { currentTime: 715 };
    liveVideo(video, state);
    const playback = playbackAt(state);
    const bar = createProgressBar(ctx, playback);
    const live = createLiveIndicator(ctx, playback);
    const time = createTimeDisplay(ctx, playback);
    bar.update();
    expect(bar.element.getAttribute('aria-valuemax')).toBe('600');
    expect(bar.element.getAttribute('aria-valuenow')).toBe('595');
    expect(bar.element.getAttribute('aria-valuetext')).toBe('Live, in a window of 10:00');
    expect(live.element.textContent).toBe('LIVE');

    // Three minutes back.
    state.currentTime = 540;
    video.dispatchEvent(new Event('timeupdate'));
    expect(bar.element.getAttribute('aria-valuenow')).toBe('420');
    expect(bar.element.getAttribute('aria-valuetext')).toBe(
      '3:00 behind live, in a window of 10:00',
    );
    expect(time.element.textContent).toBe('-3:00');
    expect(live.element.textContent).toBe('Back to live');
    expect(live.element.getAttribute('aria-label')).toBe('Back to live');

    // One press: 3 s before the edge.
    live.element.click();
    expect(playback.seeks).toEqual([717]);
    video.dispatchEvent(new Event('timeupdate'));
    expect(live.element.textContent).toBe('LIVE');
    expect(time.element.textContent).toBe('');
  });

  test('a click on the bar seeks within the window', () => {
    const { ctx, video } = testContext();
    const state = { currentTime: 715 };
    liveVideo(video, state);
    const playback = playbackAt(state);
    const bar = createProgressBar(ctx, playback);
    bar.element.getBoundingClientRect = () =>
      ({ left: 0, width: 1000, top: 0, height: 10 }) as DOMRect;
    bar.element.dispatchEvent(new PointerEvent('pointerdown', { clientX: 300, pointerId: 1 }));
    // 30 % of the window (120–720).
    expect(playback.seeks).toEqual([300]);
  });

  test('a live playing whose time stands still says it is reconnecting, until it moves', () => {
    vi.useFakeTimers();
    const { ctx, video, root } = testContext();
    // At the edge: its stream dropped, so the edge does not move either.
    const state = { currentTime: 716 };
    liveVideo(video, state);
    createLiveIndicator(ctx, playbackAt(state));
    const note = root.querySelector<HTMLElement>('.cr-live-reconnecting')!;
    vi.advanceTimersByTime(LIVE_STALL_MS - 600);
    expect(note.hidden).toBe(true);
    vi.advanceTimersByTime(1_200);
    expect(note.hidden).toBe(false);
    expect(note.textContent).toBe(RECONNECTING_TEXT);
    state.currentTime = 717;
    vi.advanceTimersByTime(500);
    expect(note.hidden).toBe(true);
  });

  test('a paused live is not reconnecting', () => {
    vi.useFakeTimers();
    const { ctx, video, root } = testContext();
    const state = { currentTime: 700, paused: true };
    liveVideo(video, state);
    createLiveIndicator(ctx, playbackAt(state));
    vi.advanceTimersByTime(LIVE_STALL_MS * 3);
    expect(root.querySelector<HTMLElement>('.cr-live-reconnecting')!.hidden).toBe(true);
  });

  test('a viewer at the edge is kept there after a stall; one who went back or paused stays', () => {
    vi.useFakeTimers();
    const { ctx, video } = testContext();
    const state = { currentTime: 715, paused: false };
    liveVideo(video, state);
    const playback = playbackAt(state);
    createLiveIndicator(ctx, playback);
    // A stall left the player 15 s behind, nobody asked for it: back to 3 s before the edge.
    state.currentTime = 705;
    vi.advanceTimersByTime(600);
    expect(playback.seeks).toEqual([717]);

    // Three minutes back on purpose: it stays there.
    state.currentTime = 540;
    video.dispatchEvent(new Event('seeking'));
    vi.advanceTimersByTime(2_000);
    expect(playback.seeks).toEqual([717]);

    // Back at the edge, then a pause and a play: where it was paused, not the edge.
    state.currentTime = 716;
    video.dispatchEvent(new Event('seeking'));
    state.paused = true;
    video.dispatchEvent(new Event('pause'));
    state.paused = false;
    state.currentTime = 700;
    vi.advanceTimersByTime(2_000);
    expect(playback.seeks).toEqual([717]);
  });

  test('with Low-Latency HLS, "Back to live" and a stall go where the engine follows the live', () => {
    vi.useFakeTimers();
    const { ctx, video } = testContext();
    const state = { currentTime: 719, paused: false };
    liveVideo(video, state);
    // hls.js follows the site's lives at their part hold-back: 0.6 s before the edge.
    const engine = {
      levels: () => [],
      setLevel: () => undefined,
      selectedLevel: () => -1,
      destroy: () => undefined,
      liveSyncPosition: () => 719.4,
      kind: 'hls.js' as const,
      instance: null,
    };
    const playback = playbackAt(state, engine);
    const live = createLiveIndicator(ctx, playback);
    // A stall left it 3 s behind where it follows: back there, not 3 s before the edge.
    state.currentTime = 716.2;
    vi.advanceTimersByTime(600);
    expect(playback.seeks).toEqual([719.4]);
    // Three minutes back on purpose, then one press: where the engine follows.
    state.currentTime = 540;
    video.dispatchEvent(new Event('seeking'));
    vi.advanceTimersByTime(2_000);
    expect(playback.seeks).toEqual([719.4]);
    live.element.click();
    expect(playback.seeks).toEqual([719.4, 719.4]);
  });

  test('a live whose edge stands still says it is reconnecting, whatever its time does', () => {
    vi.useFakeTimers();
    const { ctx, video, root } = testContext();
    const window = { start: 120, end: 720 };
    // Its stream dropped while a seek could not finish (no media where it was going).
    const state = { currentTime: 719, seeking: true };
    liveVideo(video, state, window);
    createLiveIndicator(ctx, playbackAt(state));
    const note = root.querySelector<HTMLElement>('.cr-live-reconnecting')!;
    vi.advanceTimersByTime(LIVE_EDGE_STILL_MS - 1_000);
    expect(note.hidden).toBe(true);
    vi.advanceTimersByTime(1_500);
    expect(note.hidden).toBe(false);
    expect(note.textContent).toBe(RECONNECTING_TEXT);
    // The stream is back: the edge moves and the time with it.
    state.seeking = false;
    window.end = 722;
    state.currentTime = 721;
    vi.advanceTimersByTime(500);
    expect(note.hidden).toBe(true);
  });
});
