import { z } from 'zod';
import { cleanText } from '../../../kernel/clean-text';
import { MAX_PAGE_INDEX } from '../../discovery/browse';
import { TICKET_CATEGORIES, TICKET_STATES } from './ticket-labels';

export {
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  TICKET_STATE_LABELS,
  TICKET_STATES,
} from './ticket-labels';
export type { TicketCategory, TicketState } from './ticket-labels';

export const MAX_TICKET_SUBJECT_LENGTH = 150;
export const MAX_TICKET_MESSAGE_LENGTH = 5000;
/** Images one post may carry. */
export const MAX_TICKET_IMAGES = 3;
/** The largest image TICKET_IMAGE_MAX_BYTES may allow, as base64 in a JSON body. */
const MAX_IMAGE_DATA_LENGTH = Math.ceil((50 * 1024 ** 2 * 4) / 3) + 100;

const text = (max: number, singleLine = false) =>
  z
    .string({ error: 'is required' })
    .transform((value) => cleanText(value, { singleLine }))
    .pipe(z.string().min(1, 'is required').max(max, `is at most ${max} characters long`));

/** Images as data URLs (or bare base64); what they hold is checked by the service. */
const Images = z
  .array(z.string().min(1, 'is empty').max(MAX_IMAGE_DATA_LENGTH, 'is too large'), {
    error: 'is a list of images',
  })
  .max(MAX_TICKET_IMAGES, `are at most ${MAX_TICKET_IMAGES}`)
  .default([]);

export const TicketId = z
  .number({ error: 'is a ticket number' })
  .int('is a ticket number')
  .min(1, 'is a ticket number')
  .max(2_147_483_647, 'is a ticket number');

export const CreateTicketInput = z.object({
  category: z.enum(TICKET_CATEGORIES, { error: `is one of ${TICKET_CATEGORIES.join(', ')}` }),
  subject: text(MAX_TICKET_SUBJECT_LENGTH, true),
  message: text(MAX_TICKET_MESSAGE_LENGTH),
  images: Images,
});
export type CreateTicketInput = z.output<typeof CreateTicketInput>;

export const TicketReplyInput = z.object({
  id: TicketId,
  message: text(MAX_TICKET_MESSAGE_LENGTH),
  images: Images,
});
export type TicketReplyInput = z.output<typeof TicketReplyInput>;

export const TicketRef = z.object({ id: TicketId });

export const TicketPageInput = z.object({
  index: z.number().int().min(0).max(MAX_PAGE_INDEX).default(0),
});

export const TicketQueueInput = TicketPageInput.extend({
  state: z.enum(TICKET_STATES, { error: `is one of ${TICKET_STATES.join(', ')}` }).default('open'),
});
