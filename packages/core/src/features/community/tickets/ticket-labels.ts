// Pages' client components import this file: it holds no database code (types are erased).
import type {
  TicketCategory as SchemaCategory,
  TicketState as SchemaState,
} from '../../../platform/db/schema';

/** The categories of the tickets table (schema.ts), repeated here for the browser. */
export const TICKET_CATEGORIES = [
  'account',
  'upload',
  'playback',
  'content',
  'supporter',
  'other',
] as const satisfies readonly SchemaCategory[];
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

export const TICKET_STATES = [
  'open',
  'answered',
  'closed',
] as const satisfies readonly SchemaState[];
export type TicketState = (typeof TICKET_STATES)[number];

/** How each category reads on the form. */
export const TICKET_CATEGORY_LABELS: Readonly<Record<TicketCategory, string>> = {
  account: 'My account',
  upload: 'Uploading or processing a video',
  playback: 'Playing videos',
  content: 'Content on the site',
  supporter: 'Supporter status',
  other: 'Something else',
};

export const TICKET_STATE_LABELS: Readonly<Record<TicketState, string>> = {
  open: 'Open',
  answered: 'Answered',
  closed: 'Closed',
};
