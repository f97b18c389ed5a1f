import {
  endSilentLives,
  LIVE_NODE_STOPPED,
  LIVE_SILENT_MS,
} from '@cutroom/core/features/videos/live/live.service';
import { findLiveFolder, finishEndedLive, type LiveFinishing } from './rtmp-ingest';

/** How often a node looks for lives whose node stopped. */
export const SILENT_LIVE_CHECK_MS = 30_000;

export interface SilentLiveCheckOptions extends LiveFinishing {
  /** This node's `DATA_DIR/live`: a stopped node's work folders are here when it is shared. */
  workDir: string;
  /** The clock: the system's on the site (the check acts for no caller). */
  now: () => Date;
  everyMs?: number;
  silentMs?: number;
  /** Whether this process's own ingest holds the live (it then finishes it on hearing the end). */
  isHeldHere?: (videoId: string) => boolean;
}

export interface SilentLiveCheck {
  /** Ends the lives whose node fell silent and finishes them; answers how many. */
  check(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Every node's check for lives left on air by a node that stopped and did not come back (its
 * heartbeat, `live_streams.seen_at`, older than `silentMs`; docs/live.md). Each is ended as
 * "The node holding the live stopped" and announced (`live-ended`: a node that holds it after
 * all cuts it and finishes it itself); its recording is processed when its work folder is
 * reachable from here (a shared `DATA_DIR`), else its video says the replay is lost.
 */
export function startSilentLiveCheck(options: SilentLiveCheckOptions): SilentLiveCheck {
  const { now } = options;
  let running: Promise<number> | null = null;

  async function check(): Promise<number> {
    const ended = await endSilentLives({ db: options.db, now }, options.silentMs ?? LIVE_SILENT_MS);
    for (const live of ended) {
      const { videoId, ownerId } = live;
      options.log.warn({ videoId }, 'a live whose node stopped is ended');
      options.events.publish({ type: 'live-ended', videoId, ownerId, reason: LIVE_NODE_STOPPED });
      if (options.isHeldHere?.(videoId)) continue;
      options.events.publish({ type: 'processing', videoId, ownerId });
      const folder = await findLiveFolder(options.workDir, videoId);
      await finishEndedLive(options, live, folder, { isUnreachable: !folder }).catch(
        (error: unknown) => options.log.error({ err: error, videoId }, 'finishing a live failed'),
      );
    }
    return ended.length;
  }

  const runOnce = () => {
    running ??= check().finally(() => (running = null));
    return running;
  };
  const timer = setInterval(() => {
    runOnce().catch((error: unknown) =>
      options.log.warn({ err: error }, 'checking for lives whose node stopped failed'),
    );
  }, options.everyMs ?? SILENT_LIVE_CHECK_MS);
  timer.unref();

  return {
    check: runOnce,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
