import { z } from 'zod';

/** `/api/member-parts`: the parts of a shared page that are the signed-in member's own. */
export const MemberPartsInput = z.object({
  /** The video whose page is open: its vote, favorite, subscribe and manage state too. */
  videoId: z
    .string()
    .max(64, 'at most 64 characters')
    .regex(/^[\w-]+$/, 'letters, digits, - or _ only')
    .optional(),
});
export type MemberPartsInput = z.infer<typeof MemberPartsInput>;

export const VideoParts = z.object({
  videoId: z.string(),
  myVote: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
  isFavorited: z.boolean(),
  /** Subscribed to the video's uploader. */
  subscribed: z.boolean(),
  /** The member uploaded it (no subscribe button for one's own videos). */
  isOwner: z.boolean(),
  /** The member may edit, unpublish or delete it (its owner or a moderator). */
  canManage: z.boolean(),
  /** The member has reported this video already (their Report button says so). */
  hasReported: z.boolean(),
  /** Staff only (null for everyone else): the video's open reports, the reported marker. */
  openReports: z.number().int().min(0).nullable(),
});
export type VideoParts = z.infer<typeof VideoParts>;

export const MemberParts = z.object({
  /** Null for a visitor (no session, or one that ended). */
  viewer: z
    .object({
      id: z.string(),
      username: z.string(),
      /** Staff see the moderation link. */
      staff: z.boolean(),
      /** Supporters see no promotions. */
      adFree: z.boolean(),
      unreadMessages: z.number().int(),
    })
    .nullable(),
  /** Present when a videoId was asked for, the member is signed in and the video exists. */
  video: VideoParts.nullable(),
});
export type MemberParts = z.infer<typeof MemberParts>;
