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
 * reports the place while it plays, on pause and when the page goes away.
 */
export function resumeAndReport(
  player: Player,
  options: { videoId: string; start: number | null; reports: boolean },
): void {
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
      void callLibrary<{ progress: (Place & { videoId: string })[] }>('LibraryState', {
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
  if (!options.reports) return;

  let lastReported = -Infinity;
  const report = () => {
    const { currentTime: position, duration } = player.video;
    if (!started || !Number.isFinite(duration) || duration <= 0) return;
    lastReported = position;
    const place = { position, duration };
    if (isMember) void callLibrary('SaveProgress', { videoId, ...place });
    else saveLocalPlace(videoId, place);
  };
  player.on('timeupdate', (time) => {
    if (Math.abs(time - lastReported) >= REPORT_EVERY_SECONDS) report();
  });
  player.on('pause', report);
  player.on('ended', report);
  const onHide = () => report();
  window.addEventListener('pagehide', onHide);
  player.video.addEventListener('emptied', () => window.removeEventListener('pagehide', onHide), {
    once: true,
  });
}
