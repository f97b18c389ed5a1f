import { requireAccountServices } from '../../accounts/auth';
import {
  defineModeEndpoint,
  requireMediaServices,
  type RequestContext,
} from '../../../kernel/endpoint';
import { ServiceError } from '../../../kernel/errors/service-error';
import type { Call } from '../../../access/call';
import type { Video } from '../../../platform/db/schema';
import { loadManagedVideo } from '../input';
import {
  AddSubtitlesInput,
  ChooseFrameInput,
  DeleteSubtitlesInput,
  SetEmbedSitesInput,
  SetVisibilityInput,
  UnlockVideoAnswer,
  UnlockVideoInput,
  UploadPosterInput,
  VideoSettingsAnswer,
  VideoSettingsRef,
} from './video-settings.schema';
import {
  addSubtitles,
  deleteSubtitles,
  listSubtitles,
  type SubtitleContext,
} from './subtitles.service';
import { chooseFrame, frameUrls, THUMBNAIL_MESSAGES, uploadPoster } from './thumbnails.service';
import { readVisibility, setVisibility } from './visibility.service';
import { subtitleTracks, unlockVideo } from './video-password.service';
import { mediaAddressesFor } from '../../../access/media-grants';
import { setEmbedSites } from './embed-sites';
import { findReplacement } from '../processing';
import { visitorKey } from '../watch';

/** Where a new file of the video stands, if one was given (docs/videos.md). */
async function replacementState(context: RequestContext, videoId: string) {
  const found = await findReplacement(context, videoId);
  return found ? { status: found.status, failureReason: found.failureReason } : null;
}

/**
 * The owner's view of a video's settings. A video not open to all has its poster, frames and
 * tracks named under a media grant (docs/security.md): the media route serves them so.
 */
async function settingsAnswer(context: RequestContext, video: Video) {
  const { storage } = requireMediaServices(context);
  const visibility = await readVisibility(context.db, video);
  const secret = context.accounts?.settings.secret;
  const publicUrl = (key: string) => storage.publicUrl(key);
  const granted = secret
    ? await mediaAddressesFor(
        { db: context.db, now: context.now, secret },
        video.id,
        context.actor,
        publicUrl,
      )
    : null;
  const token = granted !== null && granted !== publicUrl ? granted : null;
  const urlOf = token ?? publicUrl;
  return {
    video: {
      _id: video.id,
      ...visibility,
      embedSites: video.embedSites,
      replacement: await replacementState(context, video.id),
      posterUrl: video.posterKey ? urlOf(video.posterKey) : null,
      frames: token ? video.frameKeys.map((key) => urlOf(key)) : frameUrls(storage, video),
      subtitles: token
        ? await subtitleTracks(context.db, video.id, urlOf)
        : await listSubtitles(context.db, storage, video.id),
    },
  };
}

const thumbnailContext = (context: RequestContext) => ({
  db: context.db,
  storage: requireMediaServices(context).storage,
  listings: context.listings,
  ffmpegPath: context.config.FFMPEG_PATH ?? 'ffmpeg',
  now: context.now,
});

/** Adds or removes a track, then answers the settings. */
async function changeSubtitles<Input extends { _id: string }>(
  context: RequestContext,
  input: Input,
  change: (ctx: SubtitleContext & Pick<Call, 'actor'>, input: Input) => Promise<unknown>,
) {
  const { storage } = requireMediaServices(context);
  await change({ ...context, storage }, input);
  const video = await loadManagedVideo(context, input._id);
  return { body: await settingsAnswer(context, video) };
}

/** Image bytes of a data URL or bare base64; 400 naming `image` when neither. */
function decodePoster(data: string): Uint8Array {
  const base64 = data.startsWith('data:') ? data.slice(data.indexOf(',') + 1) : data;
  if (!/^[A-Za-z0-9+/=\s]+$/.test(base64)) {
    throw new ServiceError('invalid', THUMBNAIL_MESSAGES.notImage);
  }
  return Buffer.from(base64, 'base64');
}

/**
 * `/api/v2/videoSettings`: what the owner of a video (or staff) sets beside its details: who
 * may open it and when it goes out, its poster, its subtitle tracks (docs/videos.md).
 */
export const videoSettingsEndpoint = defineModeEndpoint({
  path: '/api/v2/videoSettings',
  summary:
    "A video's visibility (public, unlisted, private and its people, password), scheduled publishing, poster, subtitles and the sites that may embed it: for its owner or staff; and the unlocking of a password video by anyone.",
  modes: {
    get: {
      right: 'upload',
      summary:
        "The video's visibility, publish time, picked people, poster, candidate frames and subtitle tracks.",
      input: VideoSettingsRef,
      output: VideoSettingsAnswer,
      handle: async ({ _id }, context) => ({
        body: await settingsAnswer(context, await loadManagedVideo(context, _id)),
      }),
    },
    SetVisibility: {
      right: 'upload',
      summary:
        '`visibility` public (listed), unlisted (by link only), private (the owner and `viewers`, usernames) or password (by link and `password`, kept hashed, never answered); `publishAt` (ISO 8601, future) schedules it, null publishes at once.',
      input: SetVisibilityInput,
      output: VideoSettingsAnswer,
      handle: async (input, context) => {
        await setVisibility(
          { ...context, queue: context.media?.queue, events: context.media?.events },
          {
            ...input,
            publishAt:
              input.publishAt === undefined
                ? undefined
                : input.publishAt === null
                  ? null
                  : new Date(input.publishAt),
          },
        );
        const video = await loadManagedVideo(context, input._id);
        return { body: await settingsAnswer(context, video) };
      },
    },
    SetEmbedSites: {
      right: 'upload',
      summary:
        'The other sites whose pages may embed the video (`sites`: origins or host names, at most 20); empty: every site the site allows. Frames on other sites show a notice instead.',
      input: SetEmbedSitesInput,
      output: VideoSettingsAnswer,
      handle: async (input, context) => ({
        body: await settingsAnswer(context, await setEmbedSites(context, input)),
      }),
    },
    Unlock: {
      right: 'view',
      summary:
        "A password video's media addresses, for its `password` or the `unlock` an earlier answer gave (its owner and staff need neither): at most 5 wrong tries a member or visitor's browser (`client`) and 20 an address in 15 minutes, a right one never counts; the addresses work for 6 hours or until the video's access changes, the `unlock` for 24 hours or until its password changes.",
      input: UnlockVideoInput,
      output: UnlockVideoAnswer,
      handle: async ({ _id, password, unlock, client }, context) => {
        const secret = requireAccountServices(context).settings.secret;
        const address = visitorKey(secret, context.ip, 'password-tries');
        return {
          body: await unlockVideo(context, {
            videoId: _id,
            password,
            unlock,
            // A member's wrong tries are their own; a visitor's their browser's, at its address,
            // and every visitor behind the address shares a larger number.
            viewerKey: context.actor
              ? `u:${context.actor.id}`
              : `${address}:${client ?? 'anonymous'}`,
            addressKey: context.actor ? undefined : address,
            secret,
          }),
        };
      },
    },
    ChooseFrame: {
      right: 'upload',
      summary: 'Make one of the frames taken at processing (`frame`, from 0) the poster.',
      input: ChooseFrameInput,
      output: VideoSettingsAnswer,
      handle: async (input, context) => ({
        body: await settingsAnswer(
          context,
          await chooseFrame({ ...thumbnailContext(context), actor: context.actor }, input),
        ),
      }),
    },
    UploadPoster: {
      right: 'upload',
      summary:
        'Make an uploaded picture the poster: `image` is a data URL or base64 of a JPEG, PNG or WebP (at most 5 MB), re-encoded.',
      input: UploadPosterInput,
      output: VideoSettingsAnswer,
      handle: async ({ _id, image }, context) => ({
        body: await settingsAnswer(
          context,
          await uploadPoster(
            { ...thumbnailContext(context), actor: context.actor },
            {
              _id,
              image: decodePoster(image),
            },
          ),
        ),
      }),
    },
    AddSubtitles: {
      right: 'upload',
      summary:
        'Add or replace the subtitles of a `language` (BCP 47) named `label`: `file` is the text of a WebVTT or SRT file (at most 512 KB), stored as WebVTT with plain-text cues.',
      input: AddSubtitlesInput,
      output: VideoSettingsAnswer,
      handle: (input, context) => changeSubtitles(context, input, addSubtitles),
    },
    DeleteSubtitles: {
      right: 'upload',
      summary: 'Remove the subtitles of a `language`.',
      input: DeleteSubtitlesInput,
      output: VideoSettingsAnswer,
      handle: (input, context) => changeSubtitles(context, input, deleteSubtitles),
    },
  },
});
