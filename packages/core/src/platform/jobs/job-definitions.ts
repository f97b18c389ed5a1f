import { z } from 'zod';
import type { Config } from '../config/config';

/** pg-boss queue settings a job definition carries. */
export interface JobQueueSettings {
  retryLimit: number;
  retryDelaySeconds: number;
  /** Longest a single attempt may run. */
  expireInSeconds: number;
  /**
   * A worker refreshes its claim this often (over two); a claim not refreshed for this long is
   * taken as a dead worker and the job is retried. pg-boss accepts 10 s at the least.
   */
  heartbeatSeconds: number;
  /** Where a job goes when its retries are spent (so the video can be marked failed). */
  deadLetter?: string;
}

/** A job: its queue name, the payload schema the web app's enqueue is checked against, its settings. */
export interface JobDefinition<Schema extends z.ZodType> {
  name: string;
  schema: Schema;
  settings: JobQueueSettings;
}

export type JobPayload<D> = D extends JobDefinition<infer S> ? z.infer<S> : never;

export function defineJob<Schema extends z.ZodType>(definition: JobDefinition<Schema>) {
  return definition;
}

export const TranscodeVideoPayload = z.object({
  videoId: z.string().min(1).max(64),
  /** The video's new file (its `video_replacements` row), not its first (docs/videos.md). */
  replacement: z.boolean().optional(),
});
export type TranscodeVideoPayload = z.infer<typeof TranscodeVideoPayload>;

/** Queue of transcodes whose retries were all used up; its handler marks the video failed. */
export const transcodeDeadLetterJob = defineJob({
  name: 'video.transcode.dead',
  schema: TranscodeVideoPayload,
  settings: { retryLimit: 5, retryDelaySeconds: 5, expireInSeconds: 300, heartbeatSeconds: 0 },
});

/** The configuration's transcode job settings (ConfigSchema documents each). */
export type TranscodeJobConfig = Pick<
  Config,
  | 'TRANSCODE_RETRY_LIMIT'
  | 'TRANSCODE_RETRY_DELAY_SECONDS'
  | 'TRANSCODE_TIMEOUT_SECONDS'
  | 'JOB_HEARTBEAT_SECONDS'
>;

const DEFAULT_TRANSCODE_JOB_CONFIG: TranscodeJobConfig = {
  TRANSCODE_RETRY_LIMIT: 3,
  TRANSCODE_RETRY_DELAY_SECONDS: 10,
  TRANSCODE_TIMEOUT_SECONDS: 6 * 3600,
  JOB_HEARTBEAT_SECONDS: 30,
};

/**
 * Transcode an uploaded video into its renditions. Settings come from the configuration so
 * operators (and the crash test) can shorten the time a dead worker's job waits to be retried;
 * missing ones take their defaults.
 */
export function createTranscodeVideoJob(config: Partial<TranscodeJobConfig> = {}) {
  const settings = { ...DEFAULT_TRANSCODE_JOB_CONFIG, ...config };
  return defineJob({
    name: 'video.transcode',
    schema: TranscodeVideoPayload,
    settings: {
      retryLimit: settings.TRANSCODE_RETRY_LIMIT,
      retryDelaySeconds: settings.TRANSCODE_RETRY_DELAY_SECONDS,
      expireInSeconds: settings.TRANSCODE_TIMEOUT_SECONDS,
      heartbeatSeconds: settings.JOB_HEARTBEAT_SECONDS,
      deadLetter: transcodeDeadLetterJob.name,
    },
  });
}

/** The transcode job with default settings: its name and payload are what enqueuing needs. */
export const transcodeVideoJob = createTranscodeVideoJob();
export type TranscodeVideoJob = typeof transcodeVideoJob;

/** Every queue the application uses, dead-letter queues first (they must exist before use). */
export const ALL_JOBS: JobDefinition<z.ZodType>[] = [transcodeDeadLetterJob, transcodeVideoJob];

export const RemoveOldMediaPayload = z.object({
  videoId: z.string().min(1).max(64),
  /** The storage folders of the files replaced: earlier versions, a live's segments. */
  prefixes: z.array(z.string().min(1).max(300)).max(100),
});
export type RemoveOldMediaPayload = z.infer<typeof RemoveOldMediaPayload>;

/**
 * Removes a video's previous files once the pages that played them have followed its new
 * ones (OLD_MEDIA_GRACE_SECONDS after the swap, docs/videos.md). A job, not a timer: a
 * restart in between does not leave them behind.
 */
export const removeOldMediaJob = defineJob({
  name: 'media.remove-old',
  schema: RemoveOldMediaPayload,
  settings: { retryLimit: 5, retryDelaySeconds: 60, expireInSeconds: 600, heartbeatSeconds: 0 },
});
