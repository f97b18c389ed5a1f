import { defineRawRoute } from '../../../kernel/raw-route';

/** The bell's live count: a server-sent event whenever the member's notifications change. */
export const notificationEventsRoute = defineRawRoute({
  path: '/api/notifications/events',
  methods: ['GET'],
  right: 'participate',
  summary: 'Server-sent events telling the signed-in member that their notifications changed.',
  refusal: 'status',
});

/** Following a notification: marks it read and redirects to what it is about. */
export const openNotificationRoute = defineRawRoute({
  path: '/notifications/[id]',
  methods: ['GET'],
  right: 'participate',
  summary: "Marks one of the member's notifications read and redirects to its subject.",
  refusal: 'sign-in',
});

/** One-click unsubscribe (RFC 8058): the signed token in the link names member and kind. */
export const unsubscribeRoute = defineRawRoute({
  path: '/api/notifications/unsubscribe',
  methods: ['GET', 'POST'],
  right: 'view',
  summary:
    'One-click unsubscribe from a kind of notification mail, by the signed token of the mail (POST); GET shows the /unsubscribe page for the token.',
  refusal: 'status',
});
