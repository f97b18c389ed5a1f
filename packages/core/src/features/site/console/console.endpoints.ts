import { z } from 'zod';
import { requireMemberRight } from '../../../access/rights';
import { defineModeEndpoint } from '../../../kernel/endpoint';
import { ServiceError } from '../../../kernel/errors/service-error';
import { PersonAnswer } from '../../discovery/browse';
import { loadChangelog } from './changelog';
import { suggestPeople } from './suggestions.service';

/**
 * The API's authToken (docs/api.md): the same token `Authorization: Bearer` carries (the web route
 * moves it there when the header is absent), for clients that send it in the body.
 */
const AuthToken = z
  .string()
  .max(4096, 'is at most 4096 characters long')
  .optional()
  .describe('A bearer token, for clients that send it in the body');

const count = z.number().int().min(0);
const SuggestionAnswer = PersonAnswer.extend({
  sharedFriends: count,
  sharedSubscriptions: count,
});

/** `/api/v2/console` (docs/api.md): the project's changelog, and whom a member might befriend. */
export const consoleEndpoint = defineModeEndpoint({
  path: '/api/v2/console',
  summary: "The site's changelog, and people a member might befriend or follow.",
  modes: {
    GetChangelog: {
      right: 'view',
      summary:
        "The project's CHANGELOG.md as entries, newest first: each `version`, `date` and `changes` (`kind`: Added, Changed, Fixed …; `text`).",
      input: z.object({ authToken: AuthToken, username: z.string().max(64).optional() }),
      output: z.object({
        data: z.array(
          z.object({
            version: z.string(),
            date: z.string().nullable(),
            changes: z.array(z.object({ kind: z.string(), text: z.string() })),
          }),
        ),
      }),
      async handle() {
        return { body: { data: loadChangelog(process.cwd()) } };
      },
    },
    GetUserSuggestions: {
      right: 'participate',
      summary:
        'People to befriend (friends of friends, people subscribed to the same uploaders) and uploaders to follow (whom they subscribe to), at most 10 each. `username`, when given, must be your own.',
      input: z.object({
        authToken: AuthToken,
        username: z.string().trim().max(64, 'is at most 64 characters long').optional(),
      }),
      output: z.object({
        data: z.object({ befriend: z.array(SuggestionAnswer), follow: z.array(SuggestionAnswer) }),
        username: z.string(),
      }),
      async handle({ username }, context) {
        const actor = requireMemberRight(context.actor, 'participate');
        if (username && username.toLowerCase() !== actor.username.toLowerCase()) {
          throw new ServiceError('forbidden', 'Suggestions are only for your own account');
        }
        return {
          body: { data: await suggestPeople({ ...context, actor }), username: actor.username },
        };
      },
    },
  },
});
