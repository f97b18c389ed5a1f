import { z } from 'zod';
import { CATEGORIES, LABEL_KINDS } from '../../../platform/db/schema';

const labelList = z.array(z.string().trim().min(1).max(60)).max(50).default([]);

/** The metadata sent with an upload. */
export const NewVideoInput = z.object({
  ownerId: z.string().min(1),
  title: z.string().trim().min(1, 'A title is required').max(200),
  description: z.string().max(5000).default(''),
  category: z.enum(CATEGORIES).default('other'),
  isExplicit: z.boolean().default(false),
  isSameSex: z.boolean().default(false),
  isTrans: z.boolean().default(false),
  hasSeizureWarning: z.boolean().default(false),
  labels: z
    .object(
      Object.fromEntries(LABEL_KINDS.map((kind) => [kind, labelList])) as Record<
        (typeof LABEL_KINDS)[number],
        typeof labelList
      >,
    )
    .partial()
    .default({}),
});
export type NewVideoInput = z.input<typeof NewVideoInput>;

/** Who asks for an owner action (the API's signed-in actor fits): the owner, or an admin. */
export interface Actor {
  id: string;
  role: string;
}
