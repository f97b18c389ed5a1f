import { z } from 'zod';
import { defineEndpoint } from '../../../kernel/endpoint';
import { notificationSinkOf, notify } from '../notifications';
import { findUserByUsername, PEOPLE_MESSAGES } from '../social';
import { SendMessageInput } from './messages.schema';
import { sendMessage } from './messages.service';
import { unitOf } from '../../../platform/db/unit-of-work';

/**
 * `/api/messages/send` (docs/people.md): a private message to another member, with the site's
 * session or `Authorization: Bearer`. Answers `id` and `delivered`; a refusal `error` and its
 * status.
 */
export const sendMessageEndpoint = defineEndpoint({
  path: '/api/messages/send',
  right: 'participate',
  refusal: { signIn: PEOPLE_MESSAGES.notAuthenticated },
  summary:
    'Send a private message: `recipient` (a username), `subject` (at most 150 characters), `message` (at most 5000) and optionally `ticket` (a support-ticket reference). At most 30 messages in 10 minutes.',
  input: SendMessageInput,
  output: z.object({ id: z.string(), delivered: z.boolean(), recipient: z.string() }),
  handle: async (input, context) => {
    const sent = await sendMessage(context, input);
    const recipient = await findUserByUsername(context.db, sent.recipient);
    await notify(unitOf(context), notificationSinkOf(context), {
      userId: recipient.id,
      kind: 'message',
      actorId: context.actor?.id,
      targetPath: `/inbox/${sent.id}`,
      targetTitle: input.subject ?? '',
    });
    return { status: 201, body: sent };
  },
});
