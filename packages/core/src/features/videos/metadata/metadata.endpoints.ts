import { z } from 'zod';
import { defineEndpoint } from '../../../kernel/endpoint';
import { MetadataInput } from './metadata.schema';
import { getMetadataLists, getTopTags, listLabelCounts } from './metadata.service';

const CountMap = z.record(z.string(), z.number().int());

/**
 * The metadata lists (docs/browse.md, docs/api.md): the tag, music, star and creator lists as
 * name-to-count maps over published videos, most used first, and the top 20 tags. The same for
 * every viewer.
 */
export const metadataEndpoint = defineEndpoint({
  path: '/api/metadata',
  right: 'view',
  summary:
    'Name-to-count maps of tags, music, stars and creators over published videos (one list or all), with the top 20 tags.',
  input: MetadataInput,
  // One list (`list`) or all four, each a name-to-count map, and the top 20 tags.
  output: z.object({
    tags: CountMap.optional(),
    music: CountMap.optional(),
    stars: CountMap.optional(),
    creators: CountMap.optional(),
    topTags: CountMap,
  }),
  async handle(input, { db, listings }) {
    const body = await listings.forVisitors(
      `metadata:${JSON.stringify(input)}`,
      true,
      async () => {
        const options = { limit: input.limit, prefix: input.prefix };
        if (input.list) {
          return {
            [input.list]: await listLabelCounts(db, input.list, options),
            topTags: await getTopTags(db),
          };
        }
        return { ...(await getMetadataLists(db, options)) };
      },
      60,
    );
    return { body };
  },
});
