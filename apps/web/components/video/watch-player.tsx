'use client';

import '@cutroom/player/cutroom-player.css';
import { parseStartTime } from '@cutroom/core/features/videos/watch/embed-code';
import type { Player } from '@cutroom/player';
import { useEffect, useRef, useState } from 'react';
import { resumeAndReport } from '@/components/library/resume';
import { useNotSupporter } from '@/components/shell/member-parts';
import type { VideoAdSettings } from '@/lib/ads/ad-settings';
import { getCurrentPlayer, setCurrentPlayer } from './current-player';
import { countView } from '@/components/video/count-view';
import { followedPlace, forgetFollowedPlace } from '@/components/video/media-follower';
import { SitePlayer } from '@/components/video/site-player';

export interface WatchPlayerProps {
  videoId: string;
  title: string;
  masterPlaylistUrl: string;
  posterUrl: string;
  spritesVttUrl: string | null;
  /** The video's WebVTT subtitle tracks. */
  subtitles?: { language: string; label: string; url: string }[];
  /** Fill the whole frame (the embed page). */
  fillFrame?: boolean;
  /** The video's duration (seconds), shown with its chapters before the media loads. */
  durationSeconds?: number | null;
  /** Count a view when playback starts (off for previews of unpublished videos). */
  countsViews: boolean;
  /** VAST rolls for non-supporters (docs/ads.md); none: no ads. */
  videoAds?: VideoAdSettings | null;
  /** Where playback starts (seconds), before a shared link's ?t= (staff's side-by-side). */
  startAt?: number;
  /** A live on air: played close to its edge (docs/live.md). */
  isLive?: boolean;
}

/**
 * hls.js for a live, close to its edge: Low-Latency HLS (hls.js's `lowLatencyMode`, on by
 * default) keeps the part hold-back the playlist asks for (0.6 s, docs/live.md, "Latency") and
 * catches up a little faster than real time when it drifts behind it. No jump back to the edge
 * (hls.js's `liveMaxLatencyDurationCount`, Infinity by default): a viewer who paused or went
 * back in the window stays there until "Back to live". The browser's own HLS player keeps no
 * such distance and sat 14 s behind (docs/live.md).
 */
const LIVE_HLS_MODULES = {
  configureHls: (config: Record<string, unknown>) => ({
    ...config,
    startPosition: -1,
    lowLatencyMode: true,
    maxLiveSyncPlaybackRate: 1.1,
  }),
};

/** The player's ad rolls for the configured tags. */
function adList(ads: VideoAdSettings) {
  return [
    ...(ads.prerollTag ? [{ roll: 'preRoll', vastTag: ads.prerollTag }] : []),
    ...(ads.midrollTag
      ? [{ roll: 'midRoll', vastTag: ads.midrollTag, timer: ads.midrollTime }]
      : []),
  ];
}

/** The site's player for one video: the HLS ladder, its poster and the timeline previews. */
export function WatchPlayer(props: WatchPlayerProps) {
  const mine = useRef<Player | null>(null);
  // Stops the place reports of the current player, sending the last one.
  const stopReports = useRef<(() => void) | null>(null);
  // With video ads configured the player waits until it is known whether the reader is a
  // supporter (at once for a visitor): its pre-roll's VAST request starts with it.
  const notSupporter = useNotSupporter();
  // New addresses for the media the page plays (a new password, a new file): the new player
  // goes on from where the page's player is as they arrive, playing if it played
  // (docs/videos.md). Read while drawing, when the old player is still there.
  const [source, setSource] = useState(() => ({
    url: props.masterPlaylistUrl,
    followed: followedPlace(props.videoId),
  }));
  if (source.url !== props.masterPlaylistUrl) {
    setSource({ url: props.masterPlaylistUrl, followed: followedPlace(props.videoId) });
  }
  const { followed } = source;
  // A player going on from a place carries no pre-roll: its viewer is in the middle.
  const ads = props.videoAds && notSupporter && !followed?.isPlaying ? props.videoAds : null;
  useEffect(
    () => () => {
      // Leaving the page by a link of the site: no pagehide, the player just goes away.
      stopReports.current?.();
      stopReports.current = null;
      if (mine.current && getCurrentPlayer() === mine.current) setCurrentPlayer(null);
    },
    [],
  );
  const onReady = (player: Player) => {
    mine.current = player;
    setCurrentPlayer(player);
    forgetFollowedPlace(props.videoId);
    // A shared link's ?t=83 (or 1m23s) starts there, else where the viewer left off (not in
    // embeds on other sites); the seek waits for the first play.
    stopReports.current?.();
    stopReports.current = resumeAndReport(player, {
      videoId: props.videoId,
      start:
        props.startAt ??
        (followed?.position || null) ??
        parseStartTime(new URLSearchParams(window.location.search).get('t')),
      reports: props.countsViews && !props.fillFrame,
    });
    if (!props.countsViews) return;
    let counted = false;
    player.on('playing', () => {
      if (counted) return;
      counted = true;
      countView(props.videoId);
    });
  };
  const className = props.fillFrame
    ? 'h-full w-full'
    : 'watch-player-box aspect-video w-full overflow-hidden rounded-xl bg-black';
  if (props.videoAds && notSupporter === null) {
    return <div className={className} data-testid="player-waiting" />;
  }
  return (
    <SitePlayer
      key={props.masterPlaylistUrl}
      className={className}
      sources={[{ src: props.masterPlaylistUrl, type: 'application/x-mpegURL', title: 'Auto' }]}
      tracks={props.subtitles?.map((track) => ({
        src: track.url,
        label: track.label,
        srcLang: track.language,
      }))}
      onReady={onReady}
      options={{
        layoutControls: {
          title: props.fillFrame ? props.title : undefined,
          // Its name for assistive technology: a staff page shows two players side by side.
          label: props.title,
          posterImage: props.posterUrl,
          posterImageSize: 'contain',
          primaryColor: '#ff9800',
          fillToContainer: true,
          // The poster (and the master playlist, for the quality menu) until play: no media
          // segment for a visitor who only looks. Not 'metadata': Chromium's own HLS then
          // buffers 12 s of video (bench:pages, docs/pages.md).
          preload: 'none',
          // Going on from a place where the old player played: at once, with no press.
          autoPlay: followed?.isPlaying ?? false,
          // A live: LIVE and no duration from the first paint, before its media load.
          knownDuration: props.isLive ? Infinity : (props.durationSeconds ?? null),
          allowDownload: false,
          playbackRateEnabled: true,
          timelinePreview: props.spritesVttUrl
            ? { type: 'VTT', file: props.spritesVttUrl }
            : undefined,
          persistentSettings: { volume: true, quality: true, speed: true, theatre: true },
          // The mini player opens when the page scrolls the playing video away.
          miniPlayer: { enabled: true, autoToggle: !props.fillFrame },
          // On the video page, theatre widens the player over the sidebar (globals.css).
          theatreAdvanced: props.fillFrame
            ? undefined
            : { theatreElement: 'watch-layout', classToApply: 'watch-theatre' },
        },
        vastOptions: ads ? { adList: adList(ads) } : undefined,
        ...(props.isLive ? { modules: LIVE_HLS_MODULES } : {}),
      }}
    />
  );
}
