import { z } from 'zod';
import {
  defineModeEndpoint,
  requireMediaServices,
  type RequestContext,
} from '../../../kernel/endpoint';
import { CATEGORIES, VIDEO_STATUSES } from '../../../platform/db/schema';
import {
  disableStreamKey,
  DisableStreamKeyInput,
  endOwnLive,
  staffEndLive,
  StaffEndLiveInput,
  issueStreamKey,
  LiveDetailsInput,
  LIVE_VISIBILITIES,
  readGoLive,
  saveLiveDetails,
  scheduleLive,
  ScheduleLiveInput,
} from './live.service';

/** Where streams go: the site's host on the RTMP port, app `live` (null when ingest is off). */
export function rtmpUrlOf(config: RequestContext['config']): string | null {
  if (config.LIVE_RTMP_PORT === 0) return null;
  return `rtmp://${new URL(config.PUBLIC_URL).hostname}:${config.LIVE_RTMP_PORT}/live`;
}

const OkAnswer = z.object({ ok: z.boolean() });

const GoLiveAnswer = z.object({
  live: z.object({
    rtmpUrl: z.string().nullable(),
    hasKey: z.boolean(),
    keyCreatedAt: z.string().nullable(),
    isDisabled: z.boolean(),
    details: z.object({
      title: z.string(),
      description: z.string(),
      category: z.enum(CATEGORIES),
      visibility: z.enum(LIVE_VISIBILITIES),
      keepRecording: z.boolean(),
    }),
    lastRefusal: z.string().nullable(),
    lastRefusalAt: z.string().nullable(),
    disabledReason: z.string().nullable(),
    lastEnded: z
      .object({
        videoId: z.string(),
        slug: z.string(),
        title: z.string(),
        endedAt: z.string(),
        reason: z.string(),
        replay: z.enum(VIDEO_STATUSES).nullable(),
        replayPlays: z.boolean(),
      })
      .nullable(),
    onAir: z.object({ videoId: z.string(), slug: z.string(), isDropped: z.boolean() }).nullable(),
    scheduled: z.object({ videoId: z.string(), slug: z.string(), startsAt: z.string() }).nullable(),
  }),
});

async function goLiveAnswer(context: RequestContext) {
  const state = await readGoLive(context);
  return {
    live: {
      rtmpUrl: rtmpUrlOf(context.config),
      hasKey: state.hasKey,
      keyCreatedAt: state.keyCreatedAt?.toISOString() ?? null,
      isDisabled: state.isDisabled,
      details: state.details,
      lastRefusal: state.lastRefusal,
      lastRefusalAt: state.lastRefusalAt?.toISOString() ?? null,
      disabledReason: state.disabledReason,
      lastEnded: state.lastEnded
        ? { ...state.lastEnded, endedAt: state.lastEnded.endedAt.toISOString() }
        : null,
      onAir: state.live
        ? { videoId: state.live.videoId, slug: state.live.slug, isDropped: state.live.isDropped }
        : null,
      scheduled: state.scheduled
        ? { ...state.scheduled, startsAt: state.scheduled.startsAt.toISOString() }
        : null,
    },
  };
}

/** `/api/v2/live`: a member's stream key and the details of their next live (docs/live.md). */
export const liveEndpoint = defineModeEndpoint({
  path: '/api/v2/live',
  summary:
    'Going live: the stream key (shown once when made), the RTMP URL, the next live’s details and the live on air.',
  modes: {
    get: {
      right: 'upload',
      summary:
        'The Go live page’s state: the RTMP URL, whether a key exists (never the key), the next live’s details, the last refused stream’s reason and the live on air.',
      input: z.object({}),
      output: GoLiveAnswer,
      handle: async (_input, context) => ({ body: await goLiveAnswer(context) }),
    },
    NewKey: {
      right: 'upload',
      summary:
        'Make a stream key, or a new one in place of the old (which stops working at once). `key` is answered this once and never again.',
      input: z.object({}),
      output: GoLiveAnswer.extend({ key: z.string() }),
      handle: async (_input, context) => {
        const { key } = await issueStreamKey(context);
        return { body: { key, ...(await goLiveAnswer(context)) } };
      },
    },
    End: {
      right: 'upload',
      summary:
        'End the live on air now; its recording then goes through the normal ladder (or the video is removed when it is not kept).',
      input: z.object({}),
      output: GoLiveAnswer,
      handle: async (_input, context) => {
        const { events } = requireMediaServices(context);
        await endOwnLive({ db: context.db, events, actor: context.actor, now: context.now });
        return { body: await goLiveAnswer(context) };
      },
    },
    StaffEnd: {
      right: 'moderate',
      summary:
        'Staff: end a live on air (`videoId`, `reason`); the streamer is told, the staff log records it, and its recording is processed as at any end.',
      input: StaffEndLiveInput,
      output: OkAnswer,
      handle: async (input, context) => {
        const { events } = requireMediaServices(context);
        await staffEndLive(
          { db: context.db, events, actor: context.actor, now: context.now },
          input,
        );
        return { body: { ok: true } };
      },
    },
    DisableKey: {
      right: 'moderate',
      summary:
        "Staff: disable a member's stream key (`userId`, `reason`); streams on it are refused until they make a new one. The staff log records it.",
      input: DisableStreamKeyInput,
      output: OkAnswer,
      handle: async (input, context) => {
        await disableStreamKey(context, input);
        return { body: { ok: true } };
      },
    },
    Schedule: {
      right: 'upload',
      summary:
        'Schedule the next live (`startsAt`, in the future): its waiting page is made now from the next live’s details and turns live when the stream arrives. Again: moves it; `startsAt: null` takes it back.',
      input: ScheduleLiveInput,
      output: GoLiveAnswer,
      handle: async (input, context) => {
        await scheduleLive({ ...context, events: context.media?.events }, input);
        return { body: await goLiveAnswer(context) };
      },
    },
    SaveDetails: {
      right: 'upload',
      summary:
        'The next live’s title, description, category, visibility and whether its recording is kept; a live on air takes them at once.',
      input: LiveDetailsInput,
      output: GoLiveAnswer,
      handle: async (input, context) => {
        await saveLiveDetails({ ...context, events: context.media?.events }, input);
        return { body: await goLiveAnswer(context) };
      },
    },
  },
});
