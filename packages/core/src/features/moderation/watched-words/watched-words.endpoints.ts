import { z } from 'zod';
import { defineModeEndpoint, type RequestContext } from '../../../kernel/endpoint';
import { WATCHED_WORD_ACTIONS } from '../../../platform/db/schema';
import {
  deleteWatchedWordList,
  listWatchedWordLists,
  MAX_WATCHED_WORD_LENGTH,
  MAX_WATCHED_WORDS,
  saveWatchedWordList,
  type ListScope,
} from './watched-words.service';

const ListId = z.string().regex(/^[a-f0-9]{16}$/, 'Unknown list');

const SaveInput = z.object({
  id: ListId.optional(),
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(60, 'is at most 60 characters long'),
  action: z.enum(WATCHED_WORD_ACTIONS, { error: 'is hold or refuse' }),
  words: z
    .array(
      z
        .string({ error: 'is a list of words and phrases' })
        .max(MAX_WATCHED_WORD_LENGTH, `are at most ${MAX_WATCHED_WORD_LENGTH} characters each`),
      { error: 'is a list of words and phrases' },
    )
    .max(MAX_WATCHED_WORDS, `are at most ${MAX_WATCHED_WORDS}`),
});
const DeleteInput = z.object({ id: ListId });

const ListView = z.object({
  id: z.string(),
  name: z.string(),
  action: z.enum(WATCHED_WORD_ACTIONS),
  words: z.array(z.string()),
  updatedAt: z.string(),
});

const lists = async (context: RequestContext, scope: ListScope) => ({
  body: { lists: await listWatchedWordLists(context, scope) },
});

/** The modes of one scope: the site's lists (staff) or the member's own. */
function modesOf(scope: ListScope, right: 'moderate' | 'upload', whose: string) {
  return {
    List: {
      right,
      summary: `${whose} lists of watched words.`,
      input: z.object({}),
      output: z.object({ lists: z.array(ListView) }),
      handle: (_input: object, context: RequestContext) => lists(context, scope),
    },
    Save: {
      right,
      summary: `Create (no \`id\`) or change one of ${whose.toLowerCase()} lists: \`name\`, \`action\` (hold: held for review; refuse), \`words\` (words and phrases; case, accents, repeated letters and spacing are variants of one).`,
      input: SaveInput,
      output: z.object({ list: ListView }),
      handle: async (input: z.infer<typeof SaveInput>, context: RequestContext) => ({
        body: {
          list: await saveWatchedWordList(context, scope, input),
        },
      }),
    },
    Delete: {
      right,
      summary: `Delete one of ${whose.toLowerCase()} lists.`,
      input: DeleteInput,
      output: z.object({ lists: z.array(ListView) }),
      handle: async ({ id }: z.infer<typeof DeleteInput>, context: RequestContext) => {
        await deleteWatchedWordList(context, scope, id);
        return lists(context, scope);
      },
    },
  };
}

const site = modesOf('site', 'moderate', "The site's");
const mine = modesOf('mine', 'upload', 'Your own');

/**
 * `/api/v2/watchedWords` (docs/moderation.md): the site's lists, kept by staff (each change
 * logged), and a member's own list for the comments under their videos.
 */
export const watchedWordsEndpoint = defineModeEndpoint({
  path: '/api/v2/watchedWords',
  summary:
    "Lists of watched words: the site's (staff; comments, titles, descriptions, messages) and a member's own (comments under their videos).",
  modes: {
    ListSite: site.List,
    SaveSite: site.Save,
    DeleteSite: site.Delete,
    ListMine: mine.List,
    SaveMine: mine.Save,
    DeleteMine: mine.Delete,
  },
});
