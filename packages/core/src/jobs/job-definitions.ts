import { z } from 'zod';

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

const intFromEnv = (value: string | undefined, fallback: number, min: number) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= min ? n : fallback;
};

export const TranscodeVideoPayload = z.object({ videoId: z.string().min(1).max(64) });
export type TranscodeVideoPayload = z.infer<typeof TranscodeVideoPayload>;

/** Queue of transcodes whose retries were all used up; its handler marks the video failed. */
export const transcodeDeadLetterJob = defineJob({
  name: 'video.transcode.dead',
  schema: TranscodeVideoPayload,
  settings: { retryLimit: 5, retryDelaySeconds: 5, expireInSeconds: 300, heartbeatSeconds: 0 },
});

/**
 * Transcode an uploaded video into its renditions. Settings come from the environment so
 * operators (and the crash test) can shorten the time a dead worker's job waits to be retried.
 */
export function createTranscodeVideoJob(env: Record<string, string | undefined> = process.env) {
  return defineJob({
    name: 'video.transcode',
    schema: TranscodeVideoPayload,
    settings: {
      retryLimit: intFromEnv(env.TRANSCODE_RETRY_LIMIT, 3, 0),
      retryDelaySeconds: intFromEnv(env.TRANSCODE_RETRY_DELAY_SECONDS, 10, 0),
      expireInSeconds: intFromEnv(env.TRANSCODE_TIMEOUT_SECONDS, 6 * 3600, 60),
      heartbeatSeconds: intFromEnv(env.JOB_HEARTBEAT_SECONDS, 30, 10),
      deadLetter: transcodeDeadLetterJob.name,
    },
  });
}

export const transcodeVideoJob = createTranscodeVideoJob();
export type TranscodeVideoJob = typeof transcodeVideoJob;

/** Every queue the application uses, dead-letter queues first (they must exist before use). */
export const ALL_JOBS: JobDefinition<z.ZodType>[] = [transcodeDeadLetterJob, transcodeVideoJob];
