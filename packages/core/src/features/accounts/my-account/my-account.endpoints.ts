import { z } from 'zod';
import { defineModeEndpoint, requireMediaServices } from '../../../kernel/endpoint';
import { collectAccountExport, startAccountExport } from './account-export.service';
import { deleteAccount } from './account-deletion.service';
import { RIGHTS, STAFF_RIGHT, requireMemberRight, rightsOf, rolesOf } from '../../../access/rights';
import {
  AccessAnswer,
  AccountExportAnswer,
  DeleteAccountInput,
  SessionAnswer,
  SessionRef,
} from './my-account.schema';
import {
  currentSessionId,
  listSessions,
  signOutOtherSessions,
  signOutSession,
} from './sessions.service';

/**
 * `/api/v2/account`: the signed-in member's own account (docs/account.md): where they are
 * signed in, a copy of their data, and deleting the account.
 */
export const accountEndpoint = defineModeEndpoint({
  path: '/api/v2/account',
  summary:
    'What your account may do, your sessions, a copy of your data, and deleting your account.',
  modes: {
    LoadAccess: {
      right: 'participate',
      summary:
        'What your account may do: `roles`, every right of the rights table you hold, and `isStaff` (moderators and admins) and `isAdmin`; a script asks here whether it has staff access.',
      input: z.object({}),
      output: AccessAnswer,
      handle: async (_input, context) => {
        const actor = requireMemberRight(context.actor, 'participate');
        const rights = rightsOf(actor);
        return {
          body: {
            username: actor.username,
            roles: rolesOf(actor),
            rights: RIGHTS.filter((right) => rights.has(right)),
            isStaff: rights.has(STAFF_RIGHT),
            isAdmin: rights.has('administer'),
          },
        };
      },
    },
    ListSessions: {
      right: 'participate',
      summary:
        'Where you are signed in: device, partly hidden address, first and last use; `isCurrent` marks this one.',
      input: z.object({}),
      output: z.object({ data: z.array(SessionAnswer) }),
      handle: async (_input, context) => ({
        body: {
          data: await listSessions(context, await currentSessionId(context)),
        },
      }),
    },
    SignOutSession: {
      right: 'participate',
      summary: 'Sign out one of your sessions (`id` from ListSessions).',
      input: SessionRef,
      output: z.object({ id: z.string(), signedOut: z.literal(true) }),
      handle: async ({ id }, context) => {
        await signOutSession(context, id);
        return { body: { id, signedOut: true } };
      },
    },
    SignOutOtherSessions: {
      right: 'participate',
      summary: 'Sign out everywhere but here; answers how many sessions ended.',
      input: z.object({}),
      output: z.object({ signedOut: z.number().int().min(0) }),
      handle: async (_input, context) => ({
        body: {
          signedOut: await signOutOtherSessions(context, await currentSessionId(context)),
        },
      }),
    },
    ExportData: {
      right: 'participate',
      summary:
        'A copy of everything you have on the site (profile, videos, messages, playlists, favorites, votes, history, comments, subscriptions), once every 10 minutes. GET /api/account/export sends the same as a file.',
      input: z.object({}),
      output: AccountExportAnswer,
      handle: async (_input, context) => {
        const started = await startAccountExport(context);
        return {
          body: { fileName: started.fileName, data: await collectAccountExport(started) },
        };
      },
    },
    DeleteAccount: {
      right: 'participate',
      summary:
        'Delete your account for good: `password`, your username typed out as `confirmation`, and `videos`: `delete` (removed with their files) or `keep` (published ones stay, shown as a deleted account).',
      input: DeleteAccountInput,
      output: z.object({
        username: z.string(),
        videosDeleted: z.number().int().min(0),
        videosKept: z.number().int().min(0),
      }),
      handle: async (input, context) => ({
        body: {
          ...(await deleteAccount({ ...context, media: requireMediaServices(context) }, input)),
        },
      }),
    },
  },
});
