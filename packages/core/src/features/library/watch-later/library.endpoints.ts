import { z } from 'zod';
import { toVideoListItem } from '../../discovery/browse';
import { defineModeEndpoint } from '../../../kernel/endpoint';
import {
  ContinueWatchingAnswer,
  LibraryStateAnswer,
  LibraryStateInput,
  ListWatchLaterInput,
  SaveProgressInput,
  WatchLaterInput,
  WatchLaterPage,
} from './library.schema';
import {
  addToWatchLater,
  getLibraryState,
  listContinueWatching,
  listWatchLater,
  removeFromWatchLater,
  saveProgress,
} from './library.service';

/**
 * `/api/v2/library`: the member's Watch later list and where they left off in videos
 * (continue watching). Everything here is the member's own; pages served alike to everyone
 * fill it in after they load.
 */
export const libraryEndpoint = defineModeEndpoint({
  path: '/api/v2/library',
  summary:
    "The member's Watch later list and their place in videos they started (continue watching).",
  modes: {
    AddWatchLater: {
      right: 'participate',
      summary: 'Save a published video (`videoId`) to Watch later (again: it moves to the top).',
      input: WatchLaterInput,
      output: z.object({ videoId: z.string(), inWatchLater: z.literal(true) }),
      handle: async ({ videoId }, context) => {
        await addToWatchLater(context, videoId);
        return { body: { videoId, inWatchLater: true } };
      },
    },
    RemoveWatchLater: {
      right: 'participate',
      summary: 'Take a video (`videoId`) out of Watch later; `removed` says whether it was there.',
      input: WatchLaterInput,
      output: z.object({
        videoId: z.string(),
        inWatchLater: z.literal(false),
        removed: z.boolean(),
      }),
      handle: async ({ videoId }, context) => {
        const removed = await removeFromWatchLater(context, videoId);
        return { body: { videoId, inWatchLater: false, removed } };
      },
    },
    ListWatchLater: {
      right: 'participate',
      summary: 'A page (`index`) of the Watch later list, most recently saved first.',
      input: ListWatchLaterInput,
      output: WatchLaterPage,
      handle: async ({ index }, context) => {
        const page = await listWatchLater(context, { index });
        return {
          body: {
            ...page,
            data: page.data.map(({ addedAt, ...video }) => ({
              ...toVideoListItem(video),
              addedAt,
            })),
          },
        };
      },
    },
    SaveProgress: {
      right: 'participate',
      summary:
        'Where the member is in a published video (`videoId`, `position` and `duration` in seconds); near the start or the end it is forgotten. `kept` says which.',
      input: SaveProgressInput,
      output: z.object({ videoId: z.string(), kept: z.boolean() }),
      handle: async (input, context) => {
        const kept = await saveProgress(context, input);
        return { body: { videoId: input.videoId, kept } };
      },
    },
    LibraryState: {
      right: 'participate',
      summary:
        'Of up to 60 videos (`videoIds`), those in Watch later and where the member left off in each: the watch page, the cards and their progress bars.',
      input: LibraryStateInput,
      output: LibraryStateAnswer,
      handle: async ({ videoIds }, context) => ({
        body: await getLibraryState(context, videoIds),
      }),
    },
    ContinueWatching: {
      right: 'participate',
      summary:
        'The videos the member started and did not finish, most recently watched first, with `position` and `duration`.',
      input: z.object({}),
      output: ContinueWatchingAnswer,
      handle: async (_input, context) => {
        const rows = await listContinueWatching(context);
        return {
          body: {
            data: rows.map(({ position, duration, ...video }) => ({
              ...toVideoListItem(video),
              position,
              duration,
            })),
          },
        };
      },
    },
  },
});
