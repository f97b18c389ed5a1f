import { resolve } from 'node:path';
import { z } from 'zod';
import { parseEmbedSites } from './site-origin';

/** An optional text setting; empty (as `.env.example` leaves it) means unset. */
const optionalText = () =>
  z
    .string()
    .optional()
    .transform((value) => value || undefined);

/** A yes/no setting: 'true' or '1' is on, 'false', '0' or empty off. */
const flag = (byDefault: 'true' | 'false') =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .default(byDefault)
    .transform((value) => value === 'true' || value === '1');

/** A whole number setting; empty means its default. */
const wholeNumber = (min: number, byDefault: number) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(min).default(byDefault),
  );

/**
 * Settings that work only together: a provider is on with all of them, off with none; with
 * some set, start-up names the missing ones (an OAuth client id without its secret would turn
 * the provider on with an empty secret).
 */
const TOGETHER: readonly (readonly string[])[] = [
  ['OAUTH_GITHUB_CLIENT_ID', 'OAUTH_GITHUB_CLIENT_SECRET'],
  ['OAUTH_GOOGLE_CLIENT_ID', 'OAUTH_GOOGLE_CLIENT_SECRET'],
  ['OAUTH_OIDC_ISSUER', 'OAUTH_OIDC_CLIENT_ID', 'OAUTH_OIDC_CLIENT_SECRET'],
];

/**
 * Every setting Cutroom reads from the environment, with its default: the one place they are
 * read (`loadConfig`) and documented. One rule for empty values: a setting set to '' (or to
 * spaces only), as `.env.example` leaves them, is unset, and its default applies. `.env.example` lists the same variables; a test keeps the
 * two in step, and another keeps `process.env` out of every other module.
 */
export const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /**
     * The port `npm start` takes live streams on (RTMP, docs/live.md); 0 turns live ingest off.
     */
    LIVE_RTMP_PORT: z.coerce.number().int().min(0).max(65535).default(1935),
    /** The address people use; by default http://localhost:{PORT}. */
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().default('data'),
    DATABASE_URL: z.string().optional(),
    REDIS_URL: z.string().optional(),
    /**
     * The reverse proxies (load balancers) in front of the site whose X-Forwarded-For and
     * X-Forwarded-Proto/Host headers are believed: comma-separated addresses or CIDR ranges, or
     * 'loopback', 'linklocal', 'uniquelocal'. Empty (the default): those headers are ignored
     * and the client is the connection's own address.
     */
    TRUSTED_PROXIES: z.string().default(''),
    /** Seconds visitors' listing pages and API answers stay cached (0 turns the cache off). */
    LISTING_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),

    // --- Memory (docs/operations.md, Memory): each cache this process holds, bounded ---
    /** Megabytes of rendered pages the page cache keeps in all (least recently used dropped). */
    PAGE_CACHE_MAX_MB: wholeNumber(1, 64),
    /** Listings and API answers the in-memory listing cache keeps (oldest dropped; not Redis's). */
    LISTING_CACHE_MAX_ENTRIES: wholeNumber(1, 2000),
    /** Members whose sessions and own parts of pages are kept in memory (oldest dropped). */
    MEMBER_CACHE_MAX_MEMBERS: wholeNumber(1, 10_000),
    /**
     * Megabytes of the embedded database's (PGlite's) buffer cache, PostgreSQL's
     * `shared_buffers`: held in its WebAssembly memory, which never shrinks.
     */
    PGLITE_SHARED_BUFFERS_MB: wholeNumber(1, 32),
    /**
     * Megabytes of Next.js's in-memory cache of rendered routes (its `cacheMaxMemorySize`; 0
     * turns it off). Read by next.config.ts when the server starts; checked here first.
     */
    NEXT_CACHE_MAX_MB: wholeNumber(0, 50),
    /**
     * Megabytes a live stream may have waiting for its recorder (ffmpeg) in this process before
     * it is ended as too fast for the machine ("lower its bitrate"), per live on air.
     */
    LIVE_BACKLOG_MB: wholeNumber(1, 32),
    /**
     * Megabytes of resident memory the live ingest process may reach before the site ends and
     * restarts it; half of it is what its connections may hold of messages being assembled.
     */
    LIVE_INGEST_MEMORY_MB: wholeNumber(64, 512),
    /**
     * The ceiling of the site's JavaScript heap in megabytes: Node's `--max-old-space-size`,
     * which `npm start` gives the server (apps/web/server-process.mjs); read here so that a
     * wrong value is named at start like any other setting.
     */
    HEAP_MAX_MB: wholeNumber(128, 512),
    LOG_LEVEL: z
      .enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'])
      .default('info'),
    SITE_NAME: z.string().default('Cutroom'),
    /**
     * Where the partner section is served (/{PARTNER_SLUG}, docs/partner.md), and which partner
     * channel it shows: the partner whose slug this is.
     */
    PARTNER_SLUG: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'is 2 to 40 lowercase letters, digits or dashes')
      .default('digitalfiend'),
    OPERATOR_NAME: z.string().default('The Cutroom operators'),
    OPERATOR_EMAIL: z.string().default('contact@example.com'),
    OPERATOR_ADDRESS: z.string().default('(postal address of the operator)'),
    AD_URL: z.string().default('https://example.com/advertise'),
    AD_TEXT: z.string().default('Advertise on this site and reach its community.'),
    AD_CTA_TEXT: z.string().default('Learn more'),
    AD_BANNER_URL: z.string().default('https://example.com/partner'),
    AD_BANNER_TEXT: z.string().default('Visit our partner'),

    // --- The site's advertising and outside tags (docs/ads.md); none set: nothing loads ---
    /** Pop-under ad host (e.g. https://ads.example.com): its link is ADS_POPUNDER_HOST/<path>. */
    ADS_POPUNDER_HOST: optionalText(),
    /** The pop-under's one ad zone; with the host set, pop-unders are on. */
    ADS_POPUNDER_ZONE: optionalText(),
    /** Path of the pop-under link on the ad host (the zone and the rest go in its query). */
    ADS_POPUNDER_PATH: z.string().default('/popunder'),
    /** Sub ids sent with the pop-under link (comma-separated). */
    ADS_POPUNDER_SUB_IDS: z.string().default(''),
    /** The visitor check (GET on a syndication host): '0' or a non-200 answer allows a pop-under. */
    ADS_VISITOR_CHECK_URL: optionalText(),
    /** Pop-unders one browser may get in ADS_POPUNDER_PERIOD_MINUTES (docs/ads.md: 3 in 60). */
    ADS_POPUNDER_MAX_OPENS: wholeNumber(1, 3),
    ADS_POPUNDER_PERIOD_MINUTES: wholeNumber(1, 60),
    /** Ms after the page's load before clicks open pop-unders (docs/ads.md: 400). */
    ADS_POPUNDER_ARM_MS: wholeNumber(0, 400),
    /** Ms between opening the new tab and sending it to the ad (docs/ads.md: 200). */
    ADS_POPUNDER_REDIRECT_MS: wholeNumber(0, 200),
    /** A third-party pop-under script to load instead of the site's own (not advised). */
    ADS_POPUNDER_SCRIPT_URL: optionalText(),
    /** VAST tag of the pre-roll before the site's own videos, for non-supporters. */
    ADS_VAST_PREROLL_TAG: optionalText(),
    /** VAST tag of a mid-roll, played ADS_VAST_MIDROLL_TIME into the video ('50%' or seconds). */
    ADS_VAST_MIDROLL_TAG: optionalText(),
    ADS_VAST_MIDROLL_TIME: z.string().max(20).default('50%'),
    /** An analytics script (its URL), loaded on every page; none by default. */
    ANALYTICS_SCRIPT_URL: optionalText(),
    /** A web font stylesheet (its URL), loaded on every page; none by default. */
    WEB_FONT_STYLESHEET_URL: optionalText(),
    /** Keep the analytics script and the web font off supporters' pages too ('false': load them). */
    OUTSIDE_TAGS_SKIP_SUPPORTERS: flag('true'),
    BUILD_POLL_SECONDS: z.coerce.number().int().min(10).default(60),
    /** Largest upload accepted, in bytes (default 4 GiB); checked before and during the upload. */
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(4 * 1024 ** 3),
    /**
     * Run the transcoding worker inside the web server ('false' to leave it to `npm run worker`
     * processes; only possible with DATABASE_URL, since PGlite is single-process).
     */
    INPROCESS_WORKER: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((value) => value === 'true' || value === '1'),
    /** Demo accounts (and demo content) on the first start; on unless set to 'false' or '0'. */
    SEED_DEMO: z
      .enum(['true', 'false', '1', '0', ''])
      .optional()
      .transform((value) => value !== 'false' && value !== '0'),
    /**
     * Signs session cookies, verification links and encrypts the API token signing keys; at
     * least 32 characters. When unset, one is generated on first start and kept in
     * DATA_DIR/auth-secret, so every web node behind a load balancer needs the same value set.
     */
    AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
    /**
     * Outgoing mail server, e.g. smtps://user:password@mail.example.com:465. When unset, mails
     * are written to DATA_DIR/outbox as .eml files and their link is logged.
     */
    SMTP_URL: z.string().optional(),
    /** The sender of account mails (verification, password reset). */
    MAIL_FROM: z.string().default('Cutroom <no-reply@localhost>'),
    /** When the daily digest of notification e-mails goes out: a cron expression, in UTC. */
    NOTIFICATION_DIGEST_CRON: z
      .string()
      .regex(/^\S+( \S+){4}$/, 'NOTIFICATION_DIGEST_CRON must be a cron expression of five fields')
      .default('0 7 * * *'),
    /** Largest image attached to a support ticket, in bytes (default 5 MiB). */
    TICKET_IMAGE_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(50 * 1024 ** 2)
      .default(5 * 1024 ** 2),
    /** Comma-separated e-mail addresses that are made admins when they exist (the first admin). */
    ADMIN_EMAILS: z.string().default(''),
    /** How long a sign-in lasts without use, in days. */
    SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** Lifetime of an API access token (JWT) in minutes; API clients refresh it. */
    ACCESS_TOKEN_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    /** Per-IP request limits of /api/auth/* ('false' turns them off, e.g. for load tests). */
    RATE_LIMIT_ENABLED: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((value) => value === 'true' || value === '1'),
    /** Sign-in and sign-up attempts allowed per IP in RATE_LIMIT_SIGN_IN_WINDOW seconds. */
    RATE_LIMIT_SIGN_IN_MAX: z.coerce.number().int().min(1).default(30),
    RATE_LIMIT_SIGN_IN_WINDOW: z.coerce.number().int().min(1).default(60),
    /** Mails (verification, password reset) that one IP may ask for in 10 minutes. */
    RATE_LIMIT_MAIL_MAX: z.coerce.number().int().min(1).default(10),
    /** Registrations (/api/createuser) that one IP may make in 10 minutes. */
    RATE_LIMIT_REGISTER_MAX: z.coerce.number().int().min(1).default(20),
    /** Wrong passwords in a row after which an account's sign-in is locked. */
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
    /** How long that lock lasts, in minutes. */
    LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),

    // --- Sign-in options (packages/core/src/features/accounts/auth, docs/sign-in.md) ---
    /** Password policy (docs/sign-in.md): shortest password (default 6) and optional longest. */
    PASSWORD_MIN_LENGTH: z.preprocess(
      (value) => (value === '' ? undefined : value),
      // 128: better-auth's and the site's hard limit on any password.
      z.coerce.number().int().min(1).max(128).default(6),
    ),
    PASSWORD_MAX_LENGTH: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number().int().min(1).max(128).optional(),
    ),
    /** Whether a password needs a lowercase letter, an uppercase one, a digit, a symbol. */
    PASSWORD_REQUIRE_LOWERCASE: flag('false'),
    PASSWORD_REQUIRE_UPPERCASE: flag('false'),
    PASSWORD_REQUIRE_NUMERIC: flag('false'),
    PASSWORD_REQUIRE_NON_ALPHANUMERIC: flag('false'),
    /**
     * The check registration asks for: 'pow' (a proof of work solved in the browser, no third
     * party), 'turnstile', 'hcaptcha' or 'recaptcha' (hosted, with the two keys below), 'off'.
     */
    BOT_CHECK: z.enum(['pow', 'off', 'turnstile', 'hcaptcha', 'recaptcha']).default('pow'),
    BOT_CHECK_SITE_KEY: optionalText(),
    BOT_CHECK_SECRET_KEY: optionalText(),
    /** The proof of work's size: a browser tries half this many hashes on average. */
    BOT_CHECK_POW_MAX_NUMBER: wholeNumber(1000, 100_000),
    /** Sign-in by a link mailed to the account's address. */
    MAGIC_LINK_ENABLED: flag('true'),
    /** OAuth providers, each shown as a button once its client id is set (none by default). */
    OAUTH_GITHUB_CLIENT_ID: optionalText(),
    OAUTH_GITHUB_CLIENT_SECRET: optionalText(),
    OAUTH_GOOGLE_CLIENT_ID: optionalText(),
    OAUTH_GOOGLE_CLIENT_SECRET: optionalText(),
    /** Any OpenID Connect provider: its issuer URL (discovery), client id and secret. */
    OAUTH_OIDC_ISSUER: optionalText(),
    OAUTH_OIDC_CLIENT_ID: optionalText(),
    OAUTH_OIDC_CLIENT_SECRET: optionalText(),
    /** The OpenID Connect provider's name on its button. */
    OAUTH_OIDC_NAME: z.string().default('single sign-on'),

    // --- Comments (packages/core/src/features/community/comments, docs/comments.md) ---
    /** Comments one member may post in COMMENT_RATE_LIMIT_WINDOW seconds. */
    COMMENT_RATE_LIMIT_MAX: wholeNumber(1, 10),
    COMMENT_RATE_LIMIT_WINDOW: wholeNumber(1, 300),
    /**
     * Comments of accounts younger than this many hours wait for a moderator's approval
     * (only their author sees them meanwhile); 0 turns holding off.
     */
    COMMENT_HOLD_NEW_ACCOUNT_HOURS: wholeNumber(0, 24),
    /**
     * The only other sites whose pages may frame the embed page and play (docs/videos.md),
     * as origins or host names separated by commas or spaces; none: every site. A video's own
     * list narrows it further.
     */
    EMBED_SITES: z
      .string()
      .default('')
      .superRefine((value, check) => {
        try {
          parseEmbedSites(value);
        } catch (error) {
          check.addIssue({ code: 'custom', message: (error as Error).message });
        }
      }),

    // --- Media storage (packages/core/src/platform/storage/create-storage.ts) ---
    /** Local media directory when S3 is not configured (default: DATA_DIR/media). */
    MEDIA_DIR: optionalText(),
    /** Base URL browsers fetch media from: the web app's /media route by default, or a CDN. */
    MEDIA_BASE_URL: optionalText(),
    /** S3-compatible storage: set S3_BUCKET to use it instead of MEDIA_DIR. */
    S3_BUCKET: optionalText(),
    /** Endpoint for non-AWS servers (MinIO, Garage, R2 ...); empty for AWS. */
    S3_ENDPOINT: optionalText(),
    /** Region (default us-east-1). */
    S3_REGION: optionalText(),
    S3_ACCESS_KEY_ID: optionalText(),
    S3_SECRET_ACCESS_KEY: optionalText(),
    /** true for servers that need path-style URLs (MinIO and most self-hosted ones). */
    S3_FORCE_PATH_STYLE: flag('false'),
    /** Optional prefix for every key, so one bucket can serve several sites. */
    S3_KEY_PREFIX: optionalText(),

    // --- Media processing (packages/media/src/media-config.ts) ---
    /** ffmpeg binary (default: from PATH); also encodes avatars. */
    FFMPEG_PATH: optionalText(),
    /** ffprobe binary (default: from PATH). */
    FFPROBE_PATH: optionalText(),
    /** Also write an AV1 rendition (libsvtav1); several times the cost of the H.264 ladder. */
    AV1_ENABLED: flag('false'),
    /** x264 preset of the ladder (default veryfast). */
    TRANSCODE_PRESET: optionalText(),
    /** Scratch directory for transcodes (default: the OS temp directory). */
    TRANSCODE_TMP_DIR: optionalText(),
    /**
     * Seconds a video's previous files are kept after a new file (or a live's full replay)
     * takes their place, so pages playing them follow the new one without a gap.
     */
    OLD_MEDIA_GRACE_SECONDS: wholeNumber(0, 600),

    // --- Jobs and the worker (packages/core/src/platform/jobs, packages/media/src/worker.ts) ---
    /** Transcode jobs run at once by one `npm run worker` process. */
    WORKER_CONCURRENCY: wholeNumber(1, 1),
    /** Attempts after the first before a video is marked failed. */
    TRANSCODE_RETRY_LIMIT: wholeNumber(0, 3),
    /** Seconds between attempts. */
    TRANSCODE_RETRY_DELAY_SECONDS: wholeNumber(0, 10),
    /** Longest one transcode attempt may run, in seconds (default 6 h). */
    TRANSCODE_TIMEOUT_SECONDS: wholeNumber(60, 6 * 3600),
    /** A worker's job is retried when its heartbeat is older than this (seconds, at least 10). */
    JOB_HEARTBEAT_SECONDS: wholeNumber(10, 30),
    /** How often pg-boss looks for stale jobs and does maintenance, in seconds. */
    QUEUE_SUPERVISE_SECONDS: wholeNumber(1, 10),

    // --- Deadlines (docs/faults.md, docs/decisions/0037) ---
    /**
     * Seconds a request may take before it is answered 503 with Retry-After (counted until its
     * answer starts; uploads' bodies and live streams of events are not counted).
     */
    REQUEST_TIMEOUT_SECONDS: wholeNumber(1, 30),
    /**
     * Milliseconds a piece of work may wait for the database (the embedded database's one
     * connection, a free pooled connection, a row lock on a server) before it fails; 0: no limit.
     */
    DATABASE_WAIT_MS: wholeNumber(0, 10_000),
    /** Milliseconds one statement may run on a PostgreSQL server; 0: no limit. */
    DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(0, 60_000),
    /**
     * Seconds a stopping server (SIGTERM, SIGINT) gives the requests in flight before it closes
     * everything; it exits within this plus two seconds whatever is still running.
     */
    SHUTDOWN_GRACE_SECONDS: wholeNumber(1, 7),

    // --- Operations (docs/operations.md) ---
    /**
     * The bearer token Prometheus sends for /metrics (at least 16 characters); unset: /metrics
     * answers 404.
     */
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    /** The port a worker (`npm run worker`) serves its own /metrics on; 0: none. */
    WORKER_METRICS_PORT: wholeNumber(0, 0),

    // --- Billing: Stripe (packages/core/src/features/money/billing, docs/billing.md) ---
    /**
     * Stripe's secret API key (sk_test_... in test mode). Payments are off unless it and
     * STRIPE_WEBHOOK_SECRET are both set: /support then says so and no Stripe call is made.
     */
    STRIPE_SECRET_KEY: optionalText(),
    /** The signing secret of the site's webhook endpoint at Stripe (whsec_...). */
    STRIPE_WEBHOOK_SECRET: optionalText(),
    /** The recurring Stripe price of the Supporter tier (price_...). */
    STRIPE_SUPPORTER_PRICE_ID: optionalText(),
    /** The Supporter tier's price as /support shows it. */
    SUPPORTER_PRICE_TEXT: z.string().default('$5 a month'),
    /** Another address for Stripe's API (stripe-mock, a test's stand-in); empty: Stripe's own. */
    STRIPE_API_URL: z.preprocess((value) => value || undefined, z.url().optional()),
  })
  .superRefine((settings, context) => {
    const values = settings as Record<string, unknown>;
    for (const names of TOGETHER) {
      const missing = names.filter((name) => values[name] === undefined);
      if (missing.length === 0 || missing.length === names.length) continue;
      for (const name of missing) {
        context.addIssue({
          code: 'custom',
          path: [name],
          message: `is needed with ${names.filter((other) => !missing.includes(other)).join(' and ')}`,
        });
      }
    }
  });

/** The environment with empty settings left out: empty means unset (`ConfigSchema`). */
export function withoutEmptySettings(
  env: Record<string, string | undefined>,
): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
}

export type Config = Omit<z.infer<typeof ConfigSchema>, 'PUBLIC_URL'> & {
  PUBLIC_URL: string;
  dataDir: string;
};

/** The site's address when PUBLIC_URL is not set: this machine, on the port it listens to. */
export const defaultPublicUrl = (port: string | number | undefined) =>
  `http://localhost:${port || 3000}`;

/**
 * Reads and checks the environment; a wrong value stops start-up with a message naming it.
 * Entry points (the web server, the worker, the CLIs) call it once and hand the result on.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(withoutEmptySettings(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return {
    ...parsed.data,
    PUBLIC_URL: parsed.data.PUBLIC_URL ?? defaultPublicUrl(parsed.data.PORT),
    dataDir: resolve(parsed.data.DATA_DIR),
  };
}
