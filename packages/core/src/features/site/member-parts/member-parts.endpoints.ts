import { defineEndpoint } from '../../../kernel/endpoint';
import { MemberParts, MemberPartsInput } from './member-parts.schema';
import { getMemberParts } from './member-parts.service';

/**
 * `/api/member-parts`: the signed-in member's own parts of a page every member and visitor is
 * served alike (docs/decisions/0024): account menu, unread count, promotions, and with
 * `videoId` the video's vote, favorite, subscribe and manage state. Visitors get nulls.
 */
export const memberPartsEndpoint = defineEndpoint({
  path: '/api/member-parts',
  right: 'view',
  summary:
    "The signed-in member's own parts of a shared page: `viewer` (username, staff, adFree, unreadMessages) and, with `videoId`, `video` (myVote, isFavorited, subscribed, isOwner, canManage). A visitor gets `viewer: null`.",
  input: MemberPartsInput,
  output: MemberParts,
  handle: async (input, context) => ({
    status: 200,
    body: await getMemberParts(context, input, context.memberCache),
  }),
});
