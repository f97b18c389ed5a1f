import { z } from 'zod';
import { PagePosition, PersonAnswer } from '../../discovery/browse';
import { defineModeEndpoint } from '../../../kernel/endpoint';
import { MESSAGE_PRIVACY } from '../../../platform/db/schema';
import { pagePosition } from '../../people/social';
import { MemberInput, MessagePrivacyInput, PageInput } from './privacy.schema';
import {
  blockMember,
  getPrivacySettings,
  listBlockedMembers,
  setMessagePrivacy,
  unblockMember,
} from './privacy.service';

const SettingsAnswer = z.object({ messagesFrom: z.enum(MESSAGE_PRIVACY) });
const BlockAnswer = z.object({ username: z.string(), blocked: z.boolean() });

/**
 * `/api/v2/privacy`: who may message the signed-in member, and the members they blocked
 * (docs/comments.md). A blocked member's messages and comments disappear for the blocker,
 * and they cannot message the blocker.
 */
export const privacyEndpoint = defineModeEndpoint({
  path: '/api/v2/privacy',
  summary: 'Your message privacy (everyone or friends only) and the members you blocked.',
  modes: {
    GetPrivacy: {
      right: 'participate',
      summary: 'Who may send you private messages: `everyone` or `friends`.',
      input: z.object({}),
      output: SettingsAnswer,
      handle: async (_input, context) => ({
        body: { ...(await getPrivacySettings(context)) },
      }),
    },
    SetMessagePrivacy: {
      right: 'participate',
      summary:
        'Choose who may send you private messages: `messagesFrom` is `everyone` or `friends`.',
      input: MessagePrivacyInput,
      output: SettingsAnswer,
      handle: async (input, context) => ({
        body: {
          ...(await setMessagePrivacy(context, input.messagesFrom)),
        },
      }),
    },
    Block: {
      right: 'participate',
      summary:
        'Block a member (`username`): their messages and comments disappear for you and they cannot message you.',
      input: MemberInput,
      output: BlockAnswer,
      handle: async (input, context) => ({
        body: { ...(await blockMember(context, input.username)) },
      }),
    },
    Unblock: {
      right: 'participate',
      summary: 'Lift the block of a member (`username`).',
      input: MemberInput,
      output: BlockAnswer,
      handle: async (input, context) => ({
        body: { ...(await unblockMember(context, input.username)) },
      }),
    },
    ListBlocked: {
      right: 'participate',
      summary: 'The members you blocked, 18 a page, most recent first.',
      input: PageInput,
      output: PagePosition.extend({
        data: z.array(PersonAnswer.extend({ blockedAt: z.string() })),
      }),
      handle: async (input, context) => {
        const page = await listBlockedMembers(context, { index: input.index });
        return { body: { data: page.data, ...pagePosition(page) } };
      },
    },
  },
});
