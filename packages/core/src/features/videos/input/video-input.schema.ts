import { z } from 'zod';
import { CATEGORIES, LABEL_KINDS } from '../../../platform/db/schema';

export const EDIT_SUCCESS_MESSAGE = "You've successfully edited the video";

export const VideoId = z.string().regex(/^[A-Za-z0-9]{6,32}$/, 'Unknown video id');

const labelList = z.array(z.string().trim().min(1).max(60)).max(50);

/** ChangeVideo: every field optional; labels given replace that kind's labels. */
export const ChangeVideoInput = z.object({
  _id: VideoId,
  title: z.string().trim().min(1, 'A title is required').max(200).optional(),
  description: z.string().max(5000).optional(),
  category: z.enum(CATEGORIES).optional(),
  isExplicit: z.boolean().optional(),
  isSameSex: z.boolean().optional(),
  isTrans: z.boolean().optional(),
  hasSeizureWarning: z.boolean().optional(),
  labels: z
    .object(
      Object.fromEntries(LABEL_KINDS.map((kind) => [kind, labelList])) as Record<
        (typeof LABEL_KINDS)[number],
        typeof labelList
      >,
    )
    .partial()
    .optional(),
});
export type ChangeVideoInput = z.infer<typeof ChangeVideoInput>;

export const VideoRef = z.object({ _id: VideoId });
