import { defineRawRoute } from '../../../kernel/raw-route';

/** An image attached to a support ticket: its member and staff only (others get 404). */
export const ticketImageRoute = defineRawRoute({
  path: '/api/tickets/image/[id]',
  methods: ['GET'],
  right: 'participate',
  summary: "An image attached to a support ticket, for the ticket's member and staff.",
  refusal: 'status',
});
