import {
  authRoute,
  signInFormRoute,
  twoFactorFormRoute,
} from '../features/accounts/auth/accounts.routes';
import { stripeWebhookRoute } from '../features/money/billing/billing.routes';
import { liveEventsRoute } from '../features/videos/live/live.routes';
import { accountExportRoute } from '../features/accounts/my-account/my-account.routes';
import {
  notificationEventsRoute,
  openNotificationRoute,
  unsubscribeRoute,
} from '../features/people/notifications/notifications.routes';
import { ticketImageRoute } from '../features/community/tickets/tickets.routes';
import { processingEventsRoute } from '../features/videos/processing/processing.routes';
import { oembedRoute, videoEventsRoute } from '../features/videos/watch/watch.routes';
import { defineRawRoute, type RawRoute } from '../kernel/raw-route';

/** The machine-readable description of the JSON API. */
export const openApiRoute = defineRawRoute({
  path: '/api/openapi.json',
  methods: ['GET'],
  right: 'view',
  summary: 'The OpenAPI description of the JSON API.',
  refusal: 'status',
});

/** The id of the build the server runs, which open pages poll to offer a reload. */
export const buildRoute = defineRawRoute({
  path: '/builds/latest.json',
  methods: ['GET'],
  right: 'view',
  summary: 'The id of the build this server runs.',
  refusal: 'status',
});

/** The embeddable player's files for other sites (docs/player/embedding.md). */
export const playerFilesRoute = defineRawRoute({
  path: '/player/[version]/[...file]',
  methods: ['GET'],
  right: 'view',
  summary: "The embeddable player's script, style and chunks, for any origin.",
  refusal: 'status',
});

/**
 * Every route of the site that is not a JSON endpoint (those are in endpoints.ts): each
 * route file wraps its handler in `rawRoute` with its declaration, and a test holds the files
 * and this list to each other.
 */
export const RAW_ROUTES: readonly RawRoute[] = [
  authRoute,
  signInFormRoute,
  twoFactorFormRoute,
  notificationEventsRoute,
  openNotificationRoute,
  unsubscribeRoute,
  processingEventsRoute,
  ticketImageRoute,
  oembedRoute,
  stripeWebhookRoute,
  openApiRoute,
  buildRoute,
  accountExportRoute,
  liveEventsRoute,
  playerFilesRoute,
  videoEventsRoute,
];
