import type { MediaServices } from '@cutroom/core/kernel/endpoint';
import type { Accounts } from '@cutroom/core/features/accounts/auth/accounts-runtime';
import type { Listings } from '@cutroom/core/platform/cache/listing-cache';
import type { Config } from '@cutroom/core/platform/config/config';
import type { DatabaseHandle } from '@cutroom/core/platform/db/client';
import type { Logger } from '@cutroom/core/platform/logging/logger';
import type { MemberCache } from '@cutroom/core/features/site/member-parts/member-cache';
import type { Storage } from '@cutroom/core/platform/storage/storage';
import type { LiveReloads } from './live-reloads';
import type { PageCache } from './page-cache';
import type { UploadServer } from './uploads';

/** The long-lived pieces one web process shares between all requests. */
export interface Runtime {
  config: Config;
  database: DatabaseHandle;
  log: Logger;
  /** better-auth and the mailer: sessions, sign-in, account mails. */
  accounts: Accounts;
  storage: Storage;
  uploads: UploadServer;
  /** The listing cache visitors' pages and API answers are served from. */
  listings: Listings;
  media: MediaServices;
  /** Members' sessions and their parts of shared pages, kept until the database announces a change. */
  memberCache: MemberCache;
  /** Rendered pages visitors see, served by server.ts in front of Next.js. */
  pageCache: PageCache;
  /** This node's live playlists' changes, answering blocking reloads (docs/live.md). */
  liveReloads: LiveReloads;
  /** Stops the worker and the queue, then closes the database. */
  stop(): Promise<void>;
}

declare global {
  // Set once by server.ts before Next.js handles a request; pages and route handlers are
  // bundled separately and reach the process's runtime through this.
  var __cutroomRuntime: Promise<Runtime> | undefined;
}

/** The process's runtime, made by server.ts (`npm start`, `npm run dev`). */
export function getRuntime(): Promise<Runtime> {
  const runtime = globalThis.__cutroomRuntime;
  if (!runtime) {
    throw new Error(
      'The Cutroom runtime is not set up: start the site with `npm start` or `npm run dev`.',
    );
  }
  return runtime;
}
