// The live indicator: shown for a live stream (before its media load too, when the page says it
// is live); behind the live edge it reads "Back to live" and one press takes the viewer there.
// A live that stops moving while playing (its stream dropped) says it is reconnecting, until
// the picture moves again. A viewer who stays at the edge is kept there: fallen behind by a
// stall, the player goes back to the edge; one who paused or went back in the window stays
// where they chose until they go back to the edge themselves.
import type { PlayerContext } from '../controllers/context.ts';
import { el } from '../dom.ts';
import type { ControlsHost } from './host.ts';
import { LIVE_BEHIND_SECONDS, liveWindow, onTimeChange, timeState } from './shared.ts';

/**
 * Where "back to live" lands when the engine does not say (docs/player/behaviour.md): this far
 * before the edge, so playback does not stall on it. hls.js says where it follows a live (the
 * part hold-back of Low-Latency HLS, 0.6 s on the site's lives; more after stalls).
 */
const LIVE_EDGE_OFFSET_SECONDS = 3;
/** Following the edge, a player this far behind where it follows it (a stall) goes back. */
export const LIVE_FOLLOW_SECONDS = 2;
/** A live playing without its time moving this long is waiting for its stream. */
export const LIVE_STALL_MS = 2_500;
/**
 * A live whose edge has not moved this long (or three times its longest recent wait, for a
 * live of long segments) is waiting for its stream, wherever its time is; the site's lives
 * move it with each part, every 0.2 s.
 */
export const LIVE_EDGE_STILL_MS = 4_000;
const STALL_POLL_MS = 500;
const HAVE_FUTURE_DATA = 3;
export const RECONNECTING_TEXT = 'The stream is reconnecting…';

export function createLiveIndicator(
  ctx: PlayerContext,
  playback: Pick<ControlsHost['playback'], 'pendingSeek' | 'isLive' | 'skipTo' | 'engine'>,
): { element: HTMLElement; update(): void } {
  const element = el('button', 'cr-live fluid_control_live_indicator', { type: 'button' });
  element.hidden = true;
  const label = el('span', 'cr-live-label');
  label.textContent = 'LIVE';
  element.append(label);
  const update = (): void => {
    const { currentTime, isLive, window } = timeState(ctx, playback);
    element.hidden = !isLive;
    ctx.root.classList.toggle('cr-is-live', isLive);
    const isBehind = window !== null && window.end - currentTime > LIVE_BEHIND_SECONDS;
    element.classList.toggle('cr-live-behind', isBehind);
    label.textContent = isBehind ? 'Back to live' : 'LIVE';
    element.setAttribute('aria-label', isBehind ? 'Back to live' : 'Live');
    element.title = isBehind ? 'Back to live' : 'Live';
  };
  const toEdge = (): void => {
    const target = followedPosition(ctx, playback);
    if (target !== null) playback.skipTo(target);
  };
  ctx.listen(element, 'click', () => {
    toEdge();
    if (ctx.video.paused) void ctx.video.play().catch(() => undefined);
  });
  onTimeChange(ctx, update);
  update();
  watchStalls(ctx, playback, toEdge);
  return { element, update };
}

/** Where a viewer following the live is kept: the engine's sync position, or near the edge. */
function followedPosition(
  ctx: PlayerContext,
  playback: Pick<ControlsHost['playback'], 'engine'>,
): number | null {
  const window = liveWindow(ctx.video);
  if (!window) return null;
  const synced = playback.engine?.liveSyncPosition?.() ?? null;
  const target =
    synced !== null && Number.isFinite(synced) && synced <= window.end
      ? synced
      : window.end - LIVE_EDGE_OFFSET_SECONDS;
  return Math.max(window.start, target);
}

/**
 * Says "The stream is reconnecting…" over a live that plays but whose time stands still, and
 * keeps a viewer who follows the edge at it (a pause or a seek back in the window stops
 * following; a seek to the edge follows again).
 */
function watchStalls(
  ctx: PlayerContext,
  playback: Pick<ControlsHost['playback'], 'pendingSeek' | 'isLive' | 'engine'>,
  toEdge: () => void,
): void {
  const { video } = ctx;
  let isFollowing = true;
  ctx.listen(video, 'pause', () => {
    if (timeState(ctx, playback).isLive && !video.ended) isFollowing = false;
  });
  ctx.listen(video, 'seeking', () => {
    const window = liveWindow(video);
    if (window) isFollowing = window.end - video.currentTime <= LIVE_BEHIND_SECONDS;
  });
  const note = el('div', 'cr-live-reconnecting', { role: 'status' });
  note.hidden = true;
  ctx.root.append(note);
  let lastTime = -1;
  let stillSince = 0;
  let lastEnd: number | null = null;
  let endStillSince = Date.now();
  const edgeGaps: number[] = [];
  const check = (): void => {
    const { isLive } = timeState(ctx, playback);
    const isPlaying = isLive && !video.paused && !video.ended && video.played.length > 0;
    const isWaiting = isPlaying && !video.seeking;
    // The live's edge stands still too when its stream dropped, whatever the engine does with
    // the time meanwhile (a seek it cannot finish, a nudge over a gap).
    const end = liveWindow(video)?.end ?? null;
    if (end !== lastEnd) {
      // How often this live's edge moves (its parts', or segments' and playlists' pace).
      if (lastEnd !== null && end !== null) {
        edgeGaps.push(Date.now() - endStillSince);
        if (edgeGaps.length > 8) edgeGaps.shift();
      }
      lastEnd = end;
      endStillSince = Date.now();
    }
    const edgeStillMs = Math.max(LIVE_EDGE_STILL_MS, 3 * Math.max(0, ...edgeGaps));
    const isEdgeStill = isPlaying && end !== null && Date.now() - endStillSince >= edgeStillMs;
    // Only once it plays again: a jump while the media is still missing would wait once more.
    const followed =
      isWaiting && isFollowing && video.readyState >= HAVE_FUTURE_DATA
        ? followedPosition(ctx, playback)
        : null;
    if (followed !== null && followed - video.currentTime > LIVE_FOLLOW_SECONDS) toEdge();
    if (!isWaiting || video.currentTime !== lastTime) {
      lastTime = video.currentTime;
      stillSince = Date.now();
    }
    const isTimeStill = isWaiting && Date.now() - stillSince >= LIVE_STALL_MS;
    const isReconnecting = isTimeStill || isEdgeStill;
    if (isReconnecting === !note.hidden) return;
    note.hidden = !isReconnecting;
    note.textContent = isReconnecting ? RECONNECTING_TEXT : '';
  };
  const poll = setInterval(check, STALL_POLL_MS);
  ctx.onDestroy(() => clearInterval(poll));
}
