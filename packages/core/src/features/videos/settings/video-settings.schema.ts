import { z } from 'zod';
import { cleanText } from '../../../kernel/clean-text';
import { VIDEO_VISIBILITIES } from '../../../platform/db/schema';
import { VideoId } from '../input';
import { MAX_POSTER_BYTES } from './thumbnails.service';
import { MAX_SUBTITLE_BYTES } from './subtitles.service';
import { MAX_VIDEO_VIEWERS } from './visibility.service';
import { MAX_EMBED_SITES } from './embed-sites';
import { VIDEO_PASSWORD_MAX, VIDEO_PASSWORD_MIN } from './video-password.service';

export const VideoSettingsRef = z.object({ _id: VideoId });

export const SetVisibilityInput = z.object({
  _id: VideoId,
  visibility: z.enum(VIDEO_VISIBILITIES, { error: `is one of ${VIDEO_VISIBILITIES.join(', ')}` }),
  viewers: z
    .array(z.string({ error: 'is a list of usernames' }).trim().min(1, 'is empty').max(40), {
      error: 'is a list of usernames',
    })
    .max(MAX_VIDEO_VIEWERS, `are at most ${MAX_VIDEO_VIEWERS}`)
    .optional(),
  publishAt: z.iso
    .datetime({ offset: true, error: 'is a date and time (ISO 8601, e.g. 2030-01-31T18:00:00Z)' })
    .nullable()
    .optional(),
  /** A password video's new password; left out keeps the one it has. */
  password: z
    .string({ error: 'is text' })
    .min(VIDEO_PASSWORD_MIN, `is at least ${VIDEO_PASSWORD_MIN} characters long`)
    .max(VIDEO_PASSWORD_MAX, `is at most ${VIDEO_PASSWORD_MAX} characters long`)
    .optional(),
});
export type SetVisibilityInput = z.infer<typeof SetVisibilityInput>;

export const ChooseFrameInput = z.object({
  _id: VideoId,
  frame: z.number({ error: 'is a frame number' }).int('is a frame number').min(0).max(15),
});

/** A data URL or bare base64 of the picture; its content is checked by the service. */
export const UploadPosterInput = z.object({
  _id: VideoId,
  image: z
    .string({ error: 'is required' })
    .min(1, 'is required')
    .max(Math.ceil((MAX_POSTER_BYTES * 4) / 3) + 100, 'may be at most 5 MB'),
});

/** A BCP 47 language tag: en, pt-BR, zh-Hant, es-419. */
export const LanguageTag = z
  .string({ error: 'is a language code such as en or pt-BR' })
  .trim()
  .max(35, 'is a language code such as en or pt-BR')
  .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,3}$/, 'is a language code such as en or pt-BR');

export const AddSubtitlesInput = z.object({
  _id: VideoId,
  language: LanguageTag,
  label: z
    .string({ error: 'is required' })
    .transform((value) => cleanText(value, { singleLine: true }))
    .pipe(z.string().min(1, 'is required').max(40, 'is at most 40 characters long')),
  /** The file's text (WebVTT or SRT). */
  file: z
    .string({ error: 'is the text of a .vtt or .srt file' })
    .min(1, 'is empty')
    .max(MAX_SUBTITLE_BYTES, `may be at most ${MAX_SUBTITLE_BYTES / 1024} KB`),
});

export const DeleteSubtitlesInput = z.object({ _id: VideoId, language: LanguageTag });

const Track = z.object({ language: z.string(), label: z.string(), url: z.string() });

/** What the owner's panel shows of a video's settings. */
export const VideoSettingsAnswer = z.object({
  video: z.object({
    _id: z.string(),
    status: z.string(),
    visibility: z.enum(VIDEO_VISIBILITIES),
    publishAt: z.string().nullable(),
    viewers: z.array(z.string()),
    hasPassword: z.boolean(),
    embedSites: z.array(z.string()),
    /** A new file being processed, or the reason the last one failed. */
    replacement: z.object({ status: z.string(), failureReason: z.string().nullable() }).nullable(),
    posterUrl: z.string().nullable(),
    frames: z.array(z.string()),
    subtitles: z.array(Track),
  }),
});

export const SetEmbedSitesInput = z.object({
  _id: VideoId,
  sites: z
    .array(z.string({ error: 'is a list of site addresses' }).max(300, 'is too long'), {
      error: 'is a list of site addresses',
    })
    .max(MAX_EMBED_SITES, `are at most ${MAX_EMBED_SITES}`),
});

export const UnlockVideoInput = z.object({
  _id: VideoId,
  password: z
    .string({ error: 'is text' })
    .max(VIDEO_PASSWORD_MAX, 'is not the password of this video')
    .optional(),
  /** The proof of an earlier unlock this browser kept for its session. */
  unlock: z.string({ error: 'is text' }).max(64, 'is not an unlock of this video').optional(),
  /** The visitor's browser, as it names itself: its wrong tries are its own. */
  client: z
    .string({ error: 'is text' })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'is 8 to 64 letters, digits, - or _')
    .optional(),
});

/** A password video's media, under addresses that carry the unlock's token. */
export const UnlockVideoAnswer = z.object({
  masterPlaylistUrl: z.string(),
  posterUrl: z.string(),
  spritesVttUrl: z.string().nullable(),
  subtitles: z.array(Track),
  /** Keeps the browser's session unlocked until the password changes (docs/videos.md). */
  unlock: z.string(),
});
