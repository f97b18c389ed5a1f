// The progress bar: what is played and buffered, seeking on press and drag, the timeline preview
// on hover; a slider with the time as its value. Chapters and ad markers are drawn on its track
// by their own controllers.
import type { PlayerContext } from '../controllers/context.ts';
import { displayDuration } from '../controllers/context.ts';
import { el, formatTime } from '../dom.ts';
import type { ControlsHost } from './host.ts';
import { LIVE_BEHIND_SECONDS, liveWindow, onTimeChange, timeState } from './shared.ts';
import { createTimelinePreview } from './timeline-preview.ts';

const BUFFER_POLL_MS = 500;

export function createProgressBar(
  ctx: PlayerContext,
  playback: Pick<ControlsHost['playback'], 'pendingSeek' | 'isLive' | 'skipTo'>,
): { element: HTMLElement; update(): void } {
  const { video, listen } = ctx;
  const progress = el('div', 'cr-progress fluid_controls_progress_container fluid_slider', {
    role: 'slider',
    tabindex: '0',
    'aria-label': 'Seek',
    'aria-valuemin': '0',
    'aria-valuemax': '0',
    'aria-valuenow': '0',
    'aria-valuetext': '0:00',
  });
  const buffered = el('div', 'cr-buffered fluid_controls_buffered');
  const played = el('div', 'cr-played fluid_controls_currentprogress');
  const preview = createTimelinePreview(ctx);
  const track = el('div', 'cr-progress-track fluid_controls_progress');
  track.append(buffered, played);
  progress.append(track, preview.thumbnail, preview.time);

  const update = (): void => {
    const { duration, currentTime, isKnown, window } = timeState(ctx, playback);
    played.style.width = isKnown
      ? `${(currentTime / duration) * 100}%`
      : window
        ? `${Math.max(0, Math.min(1, (currentTime - window.start) / (window.end - window.start))) * 100}%`
        : '0%';
    if (window) {
      // A live stream: the slider is its window (DVR), from its oldest second to its edge.
      const length = window.end - window.start;
      const position = Math.max(0, Math.min(length, currentTime - window.start));
      const behind = length - position;
      progress.setAttribute('aria-valuemax', String(Math.round(length)));
      progress.setAttribute('aria-valuenow', String(Math.round(position)));
      progress.setAttribute(
        'aria-valuetext',
        behind > LIVE_BEHIND_SECONDS
          ? `${formatTime(behind)} behind live, in a window of ${formatTime(length)}`
          : `Live, in a window of ${formatTime(length)}`,
      );
      return;
    }
    progress.setAttribute('aria-valuemax', String(isKnown ? Math.round(duration) : 0));
    progress.setAttribute('aria-valuenow', String(Math.round(currentTime)));
    progress.setAttribute(
      'aria-valuetext',
      `${formatTime(currentTime)} of ${formatTime(isKnown ? duration : 0)}`,
    );
  };
  onTimeChange(ctx, update);

  const updateBuffered = (): void => {
    const { buffered: ranges, duration, currentTime } = video;
    // A live stream's buffer is drawn over its window.
    const window = duration === Infinity ? liveWindow(video) : null;
    if (!window && (!Number.isFinite(duration) || duration <= 0)) return;
    let end = 0;
    for (let i = 0; i < ranges.length; i++) {
      if (ranges.start(i) <= currentTime + 0.5) end = Math.max(end, ranges.end(i));
    }
    const ratio = window ? (end - window.start) / (window.end - window.start) : end / duration;
    buffered.style.width = `${Math.max(0, Math.min(1, ratio)) * 100}%`;
  };
  const poll = setInterval(updateBuffered, BUFFER_POLL_MS);
  ctx.onDestroy(() => clearInterval(poll));

  let isScrubbing = false;
  const timeAt = (clientX: number): number => {
    const rect = progress.getBoundingClientRect();
    const ratio = rect.width > 0 ? (clientX - rect.left) / rect.width : 0;
    const duration = displayDuration(ctx);
    const clamped = Math.max(0, Math.min(1, ratio));
    // A live stream seeks within the window it keeps (its DVR window).
    const window = duration === Infinity ? liveWindow(video) : null;
    if (window) return window.start + clamped * (window.end - window.start);
    return Number.isFinite(duration) ? clamped * duration : 0;
  };
  listen<PointerEvent>(progress, 'pointerdown', (e) => {
    isScrubbing = true;
    progress.setPointerCapture?.(e.pointerId);
    playback.skipTo(timeAt(e.clientX));
  });
  listen<PointerEvent>(progress, 'pointermove', (e) => {
    if (isScrubbing) playback.skipTo(timeAt(e.clientX));
    preview.show(e.clientX, timeAt(e.clientX), progress.getBoundingClientRect());
  });
  listen(progress, 'pointerup', () => {
    isScrubbing = false;
  });
  listen(progress, 'pointerleave', () => preview.hide());
  update();
  return { element: progress, update };
}
