'use client';

import type { Player } from '@cutroom/player';
import {
  callLibrary,
  isMemberReading,
  localPlace,
  saveLocalPlace,
  type Place,
} from './library-client';

/** How often a playing video reports where it is (seconds). */
const REPORT_EVERY_SECONDS = 10;

/**
 * Continue watching for one player: starts at `start` (a shared link's ?t=) or else where the
 * viewer left off (the member's place from the server, a visitor's from this browser), and
 * reports the place while it plays, on pause, and a last time however the viewer leaves: the
 * page hiding (a typed address, a closed tab, another app) or the player going away (a link
 * followed in the site). Answers the function that stops it, sending that last report; the
 * page calls it when the player goes away.
 */
export function resumeAndReport(
  player: Player,
  options: { videoId: string; start: number | null; reports: boolean },
): () => void {
  const { videoId } = options;
  const isMember = isMemberReading();
  let wanted: number | null = options.start;
  let started = false;
  const seekTo = (seconds: number) => {
    wanted = seconds;
    player.skipTo(seconds);
  };
  if (options.start) seekTo(options.start);
  else if (options.reports) {
    const apply = (place: Place | null) => {
      if (place && !started && player.video.currentTime < 1) seekTo(place.position);
    };
    if (isMember) {
      void callLibrary('LibraryState', {
        videoIds: [videoId],
      }).then((answer) => apply(answer?.progress.find((p) => p.videoId === videoId) ?? null));
    } else apply(localPlace(videoId));
  }
  // hls.js may start the first load from the beginning: the wanted place is asked again once.
  player.on('playing', () => {
    if (started) return;
    started = true;
    if (wanted != null && player.video.currentTime < wanted - 1) player.skipTo(wanted);
  });
  if (!options.reports) return () => undefined;

  // The place last seen while playing: once the player is destroyed its video reads 0.
  let seen: Place | null = null;
  let lastReported = -Infinity;
  const remember = () => {
    const { currentTime: position, duration } = player.video;
    if (started && Number.isFinite(duration) && duration > 0) seen = { position, duration };
  };
  // Members' reports are sent with keepalive (callLibrary), so one sent as the page goes away
  // still reaches the server.
  const send = (place: Place) => {
    lastReported = place.position;
    if (isMember) void callLibrary('SaveProgress', { videoId, ...place });
    else saveLocalPlace(videoId, place);
  };
  const report = () => {
    remember();
    if (seen) send(seen);
  };
  player.on('timeupdate', (time) => {
    remember();
    if (Math.abs(time - lastReported) >= REPORT_EVERY_SECONDS) report();
  });
  player.on('pause', report);
  player.on('ended', report);
  const final = () => {
    if (seen && seen.position !== lastReported) send(seen);
  };
  // As the page hides the player is still there: its place is read once more.
  const onPageHide = () => {
    remember();
    final();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') onPageHide();
  };
  window.addEventListener('pagehide', onPageHide);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    final();
    window.removeEventListener('pagehide', onPageHide);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
