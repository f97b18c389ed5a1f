import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** The fixed video categories (docs/videos.md, "Categories and states"). */
export const CATEGORIES = ['pmv', 'hmv', 'hypno', 'tiktok', 'koreanbj', 'other'] as const;
export type Category = (typeof CATEGORIES)[number];

export const ROLES = ['user', 'moderator', 'tagger', 'partner', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Video states (docs/videos.md, "Categories and states"); "reported" is a marker kept apart, not a
 * state.
 */
export const VIDEO_STATUSES = [
  'processing',
  'published',
  'unpublished_user',
  'unpublished_admin',
  'failed',
  // Out of every listing, search, count and feed: unlisted, private, or waiting for its
  // scheduled publish time (docs/videos.md). Who may open it follows `visibility`.
  'hidden',
  // Processed, but it matches another member's video: held until staff decide
  // (docs/reuploads.md). Only its owner and staff see it.
  'held',
] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/** Label kinds: one table holds tags, music, stars and creators. */
export const LABEL_KINDS = ['tag', 'music', 'star', 'creator'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

/**
 * Who may open a video: anyone (and listed), anyone with its link, the people its owner picks,
 * anyone with its link who gives its password (docs/videos.md).
 */
export const VIDEO_VISIBILITIES = ['public', 'unlisted', 'private', 'password'] as const;
export type VideoVisibility = (typeof VIDEO_VISIBILITIES)[number];

export const categoryEnum = pgEnum('category', CATEGORIES);
export const videoVisibilityEnum = pgEnum('video_visibility', VIDEO_VISIBILITIES);
export const videoStatusEnum = pgEnum('video_status', VIDEO_STATUSES);
export const labelKindEnum = pgEnum('label_kind', LABEL_KINDS);

/**
 * Accounts and the new-user record (docs/accounts.md): uid = id, creationDate = created_at,
 * lastLogin = last_login_at. Column names follow what better-auth expects, so the auth
 * library reads and writes this table directly.
 */
export const users = pgTable(
  'users',
  {
    id: text().primaryKey(),
    username: text().notNull(),
    displayUsername: text(),
    name: text().notNull().default(''),
    email: text().notNull(),
    emailVerified: boolean().notNull().default(false),
    image: text(),
    accountType: text().notNull().default('password'),
    role: text().notNull().default('user'),
    isSupporter: boolean().notNull().default(false),
    banned: boolean().notNull().default(false),
    banReason: text(),
    banExpires: timestamp({ withTimezone: true }),
    description: text().notNull().default(''),
    /** Profile links (docs/people.md), validated by the profile service; '' when not given. */
    website: text().notNull().default(''),
    twitter: text().notNull().default(''),
    discord: text().notNull().default(''),
    patreon: text().notNull().default(''),
    bitcoin: text().notNull().default(''),
    ethereum: text().notNull().default(''),
    /** The re-encoded avatar in storage (`avatars/{id}/v{version}.webp`); `image` is its URL. */
    avatarKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp({ withTimezone: true }),
    /** Whether sign-in asks for a second factor (better-auth's twoFactor plugin). */
    twoFactorEnabled: boolean().notNull().default(false),
  },
  (t) => [
    // Case-insensitive uniqueness, enforced by the database so racing sign-ups cannot collide.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

/**
 * Sign-in sessions (better-auth's `session` model). The token is what the session cookie and
 * an API client's refresh token carry; deleting the row ends the session at once.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    token: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ipAddress: text(),
    userAgent: text(),
    /** Set by the admin plugin when an admin acts as this user. */
    impersonatedBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_idx').on(t.token), index('sessions_user_idx').on(t.userId)],
);

/**
 * Credentials (better-auth's `account` model): for e-mail sign-in, providerId `credential`
 * and the password as a salted scrypt hash; other columns serve external providers.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('accounts_user_idx').on(t.userId),
    // One credential per provider account: a retried sign-up cannot add a second one.
    uniqueIndex('accounts_provider_account_idx').on(t.providerId, t.accountId),
  ],
);

/** One-time values (better-auth's `verification` model): password-reset tokens and the like. */
export const verifications = pgTable(
  'verifications',
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Signing keys of the API access tokens (better-auth's jwt plugin); private keys encrypted. */
export const jwks = pgTable('jwks', {
  id: text().primaryKey(),
  publicKey: text().notNull(),
  privateKey: text().notNull(),
  alg: text(),
  crv: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp({ withTimezone: true }),
});

/** Per-IP request counters of better-auth's rate limiter (database storage). */
export const rateLimits = pgTable('rate_limits', {
  id: text().primaryKey(),
  key: text().notNull().unique(),
  count: integer().notNull(),
  /** Milliseconds since the epoch, as better-auth writes it. */
  lastRequest: bigint({ mode: 'number' }).notNull(),
});

/**
 * Authenticator-app secrets and recovery codes (better-auth's twoFactor plugin, model
 * `twoFactor`): both encrypted with the auth secret; one row per account that set it up.
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text().primaryKey(),
    secret: text().notNull(),
    backupCodes: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** False while set-up waits for the first code from the app. */
    verified: boolean().notNull().default(true),
    failedVerificationCount: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('two_factors_user_id_idx').on(t.userId),
    index('two_factors_secret_idx').on(t.secret),
  ],
);

/** Wrong passwords in a row per account (lower-cased e-mail), for the per-account lockout. */
export const loginFailures = pgTable('login_failures', {
  email: text().primaryKey(),
  failures: integer().notNull().default(0),
  lastFailedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp({ withTimezone: true }),
});

export type Session = typeof sessions.$inferSelect;

/** PostgreSQL's full-text document type (drizzle has no built-in column for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const videos = pgTable(
  'videos',
  {
    /** Short random public id, used in URLs. */
    id: text().primaryKey(),
    ownerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    slug: text().notNull(),
    description: text().notNull().default(''),
    category: categoryEnum().notNull().default('other'),
    isExplicit: boolean().notNull().default(false),
    isSameSex: boolean().notNull().default(false),
    isTrans: boolean().notNull().default(false),
    hasSeizureWarning: boolean().notNull().default(false),
    status: videoStatusEnum().notNull().default('processing'),
    /** The owner's choice; a video is 'published' (listed) only when public and due. */
    visibility: videoVisibilityEnum().notNull().default('public'),
    /** When a scheduled video goes out; null once out or when not scheduled. */
    publishAt: timestamp({ withTimezone: true }),
    failureReason: text(),
    /** Processing progress, 0 to 100. */
    progress: real().notNull().default(0),
    durationSeconds: real(),
    width: integer(),
    height: integer(),
    /** Top rendition height, e.g. 1080. */
    topQuality: integer(),
    /** Display width / height. */
    aspectRatio: real(),
    /** The uploaded file in storage, kept so failed processing can be retried. */
    sourceKey: text(),
    /**
     * Storage prefix of the published renditions (`videos/{id}/v{version}/`). Each processing
     * attempt writes a new prefix; this column switching to it is what makes it visible.
     */
    mediaPrefix: text(),
    masterPlaylistKey: text(),
    posterKey: text(),
    posterWebpKey: text(),
    spritesVttKey: text(),
    /** Candidate poster frames taken at processing (JPEG keys), for the owner to pick from. */
    frameKeys: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The AV1 rendition (MP4), when AV1 was enabled for this video's processing. */
    av1Key: text(),
    hasAv1: boolean().notNull().default(false),
    /**
     * The other sites (origins) whose pages may frame its embed and play it; empty: every site
     * EMBED_SITES allows (docs/videos.md).
     */
    embedSites: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The queue job processing this video (pg-boss id), to cancel it. */
    jobId: text(),
    views: integer().notNull().default(0),
    upvotes: integer().notNull().default(0),
    downvotes: integer().notNull().default(0),
    isReported: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp({ withTimezone: true }),
    /** The video's label names, kept by a trigger on video_labels, so search covers labels. */
    labelText: text().notNull().default(''),
    /**
     * The labels as `kind:name` keys, kept by the same trigger: label filters test this array
     * in the row (or through its GIN index for rare labels) instead of probing video_labels.
     */
    labelKeys: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Full-text document: title (weight A), labels (B), description (C). */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', label_text), 'B') || setweight(to_tsvector('english', description), 'C')`,
      ),
  },
  (t) => [
    index('videos_owner_idx').on(t.ownerId, t.createdAt),
    index('videos_status_published_idx').on(t.status, t.publishedAt),
    // Listings walk these partial indexes in order and stop after one page (docs/browse.md).
    // Migration 0009 gives the newest and popular ones INCLUDE columns (every filter column),
    // which drizzle cannot declare: keep their keys here in step with it.
    index('videos_newest_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`status = 'published'`),
    index('videos_popular_idx')
      .on(t.views.desc(), t.id.desc())
      .where(sql`status = 'published'`),
    index('videos_category_newest_idx')
      .on(t.category, t.publishedAt.desc(), t.id.desc())
      .where(sql`status = 'published'`),
    index('videos_category_popular_idx')
      .on(t.category, t.views.desc(), t.id.desc())
      .where(sql`status = 'published'`),
    index('videos_search_idx').using('gin', t.searchVector),
    index('videos_publish_at_idx')
      .on(t.publishAt)
      .where(sql`publish_at is not null`),
    index('videos_label_keys_idx').using('gin', t.labelKeys),
    // The vertical feed walks this newest first (packages/core/src/features/discovery/feed, docs/feed.md): keep
    // its predicate in step with FEED_CONDITION there.
    index('videos_feed_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(
        sql`status = 'published' and (category = 'tiktok' or (aspect_ratio < 1 and duration_seconds <= 180))`,
      ),
    // The tagger queue's "few labels" part walks this, newest first (packages/core/src/features/community/tagging):
    // label_keys holds the labels, one category key and a key a flag, so fewer than 3 labels
    // is fewer than 4 keys once the flags are taken off (FEW_LABELS_SQL says the same).
    index('videos_few_labels_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(
        sql`status = 'published' and cardinality(label_keys) - (is_explicit::int + is_same_sex::int + is_trans::int + has_seizure_warning::int) < 4`,
      ),
  ],
);

export const videoLabels = pgTable(
  'video_labels',
  {
    videoId: text()
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    kind: labelKindEnum().notNull(),
    name: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.kind, t.name] }),
    // video_id included so label filters are answered from the index alone.
    index('video_labels_kind_name_idx').on(t.kind, t.name, t.videoId),
  ],
);

/**
 * A processed video's fingerprint (docs/reuploads.md): its sound's chromaprint and how many
 * pictures were sampled; the pictures' hashes are in video_frame_hashes.
 */
export const videoFingerprints = pgTable('video_fingerprints', {
  videoId: text()
    .primaryKey()
    .references(() => videos.id, { onDelete: 'cascade' }),
  /** Pictures sampled, informative or not (FINGERPRINT_SAMPLES_PER_SECOND a second). */
  sampleCount: integer().notNull(),
  /** The sound's chromaprint, one signed 32-bit word each; empty without sound. */
  sound: integer()
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One sampled picture's 64-bit perceptual hash, its colour layout, and its three wide bands (bits 0–20, 21–41,
 * 42–63: indexBandsOf), each indexed: a lookup finds candidate videos by an equal band, then
 * reads their whole fingerprints by the key (docs/reuploads.md).
 */
export const videoFrameHashes = pgTable(
  'video_frame_hashes',
  {
    videoId: text()
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    /** Sample number from the start (FINGERPRINT_SAMPLES_PER_SECOND a second). */
    position: integer().notNull(),
    /** 0: the whole picture; 1: its centre, 90 % of each side (finds cropped copies). */
    variant: smallint().notNull().default(0),
    hash: bigint({ mode: 'bigint' }).notNull(),
    /**
     * Its colour layout (colourOf: the mean U and V of each quarter, a byte each): a pair of
     * pictures alike in grey counts only when their colours are close too. Null for pictures
     * stored before colours were: unknown, never a reason to refuse a pair.
     */
    colour: bigint({ mode: 'bigint' }),
    band0: integer().notNull(),
    band1: integer().notNull(),
    band2: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.position, t.variant] }),
    // Each band's index carries the video and the hash: the lookup's first step reads only
    // the indexes (an index-only scan), not the table's pages scattered over the disk.
    index('video_frame_hashes_band0_idx').on(t.band0, t.videoId, t.hash),
    index('video_frame_hashes_band1_idx').on(t.band1, t.videoId, t.hash),
    index('video_frame_hashes_band2_idx').on(t.band2, t.videoId, t.hash),
  ],
);

/** Where a held re-upload stands: waiting for staff, published by them, or refused. */
export const REUPLOAD_HOLD_STATES = ['held', 'released', 'rejected'] as const;
export type ReuploadHoldState = (typeof REUPLOAD_HOLD_STATES)[number];

/** One stretch of a held upload matched in another member's video (seconds in each). */
export interface ReuploadMatch {
  videoId: string;
  queryStart: number;
  queryEnd: number;
  matchStart: number;
  matchEnd: number;
  mirrored: boolean;
  matchedFrames: number;
}

/**
 * A processed upload held because it matches other members' videos (docs/reuploads.md): the
 * matched videos and stretches, the uploader's dispute, and staff's decision.
 */
export const reuploadHolds = pgTable(
  'reupload_holds',
  {
    videoId: text()
      .primaryKey()
      .references(() => videos.id, { onDelete: 'cascade' }),
    /** The best-matched video (first of `matches`); null once it is deleted. */
    matchedVideoId: text().references(() => videos.id, { onDelete: 'set null' }),
    /**
     * The original it is held against (docs/reuploads.md, the lineage): the earliest of the
     * originals its matches lead to, a matched copy standing for the original it copies. A
     * copy staff publish stays a copy of this video. Null once it is deleted.
     */
    originalVideoId: text().references(() => videos.id, { onDelete: 'set null' }),
    matches: jsonb().$type<ReuploadMatch[]>().notNull(),
    state: text({ enum: REUPLOAD_HOLD_STATES }).notNull().default('held'),
    dispute: text(),
    disputedAt: timestamp({ withTimezone: true }),
    decidedBy: text().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    reason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reupload_holds_waiting_idx')
      .on(t.createdAt)
      .where(sql`state = 'held'`),
    index('reupload_holds_matched_idx').on(t.matchedVideoId),
    index('reupload_holds_original_idx').on(t.originalVideoId),
  ],
);

/**
 * Published-video counts by key, kept current by triggers in the same transaction as the
 * change: kind 'all' (name ''), 'category', 'month' (YYYY-MM) and the label kinds. The
 * metadata lists and unfiltered listing counts read this instead of counting a million rows.
 */
export const publishedCounts = pgTable(
  'published_counts',
  {
    kind: text().notNull(),
    name: text().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.name] }),
    index('published_counts_top_idx').on(t.kind, t.count.desc()),
  ],
);

/** Words of published titles and labels: the dictionary that search corrects typos against. */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text().primaryKey(),
    /** How many published videos brought the term in (not decreased on unpublish). */
    frequency: integer().notNull().default(0),
  },
  (t) => [index('search_terms_trgm_idx').using('gin', t.term.op('gin_trgm_ops'))],
);

/** What a signed-in user watched: one row a video, moved to the top on a new view. */
export const watchHistory = pgTable(
  'watch_history',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: text()
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    watchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    index('watch_history_recent_idx').on(t.userId, t.watchedAt.desc()),
  ],
);

/** Who subscribes to whose uploads; the dashboard's "subscriptions only" filter reads it. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    subscriberId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channelId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriberId, t.channelId] }),
    index('subscriptions_channel_idx').on(t.channelId),
  ],
);

/** Views a day per video, for trending (views gathered in the last days, weighted by recency). */
export const videoDailyViews = pgTable(
  'video_daily_views',
  {
    videoId: text()
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    views: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.day] }),
    index('video_daily_views_day_idx').on(t.day, t.videoId, t.views),
  ],
);

/**
 * Seconds of a video watched a day (uploader statistics, docs/account.md): the progress the
 * player reports for signed-in viewers, added up as it comes in.
 */
export const videoDailyWatch = pgTable(
  'video_daily_watch',
  {
    videoId: text()
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    seconds: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.day] })],
);

export type User = typeof users.$inferSelect;
export type Video = typeof videos.$inferSelect;
export type VideoLabel = typeof videoLabels.$inferSelect;
export type WatchHistoryEntry = typeof watchHistory.$inferSelect;

/**
 * Who has been counted as a viewer of a video on a day: a view counts once per viewer per day.
 * The key is the user id for members and a salted hash of the connection for visitors.
 */
export const viewMarks = pgTable(
  'view_marks',
  {
    videoId: text()
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    viewerKey: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.viewerKey, t.day] }),
    index('view_marks_day_idx').on(t.day),
  ],
);

/**
 * Friendship between two users: a request (pending) that the addressee accepts; declining,
 * cancelling and unfriending delete the row. One row a pair, whichever way it was asked.
 */
export const friendships = pgTable(
  'friendships',
  {
    requesterId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addresseeId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: ['pending', 'accepted'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.requesterId, t.addresseeId] }),
    uniqueIndex('friendships_pair_idx').on(
      sql`least(${t.requesterId}, ${t.addresseeId})`,
      sql`greatest(${t.requesterId}, ${t.addresseeId})`,
    ),
    index('friendships_addressee_idx').on(t.addresseeId, t.status),
    check('friendships_not_self', sql`${t.requesterId} <> ${t.addresseeId}`),
  ],
);

/** A user's favorite videos (isFavoritedBy, docs/people.md). */
export const videoFavorites = pgTable(
  'video_favorites',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: text()
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    index('video_favorites_user_idx').on(t.userId, t.createdAt.desc()),
    index('video_favorites_video_idx').on(t.videoId, t.createdAt.desc()),
  ],
);

/** One vote a user a video: +1 up, -1 down; videos.upvotes/downvotes move with it. */
export const videoVotes = pgTable(
  'video_votes',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: text()
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    value: smallint().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    check('video_votes_value', sql`${t.value} in (-1, 1)`),
    // Uploader statistics: likes a day of one video.
    index('video_votes_video_idx').on(t.videoId, t.createdAt),
  ],
);

/** Playlists: public ones anyone may see, private ones only their owner. */
export const playlists = pgTable(
  'playlists',
  {
    /** Short random public id, used in URLs. */
    id: text().primaryKey(),
    ownerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The video whose poster stands for the playlist; the first video's when null. */
    thumbnailVideoId: text().references(() => videos.id, { onDelete: 'set null' }),
    isPublic: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('playlists_owner_idx').on(t.ownerId, t.createdAt.desc())],
);

export const playlistVideos = pgTable(
  'playlist_videos',
  {
    playlistId: text()
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    videoId: text()
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    /** Order in the playlist, from 0; gaps allowed, ties broken by addedAt. */
    position: integer().notNull(),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playlistId, t.videoId] }),
    index('playlist_videos_order_idx').on(t.playlistId, t.position),
    index('playlist_videos_video_idx').on(t.videoId),
  ],
);

export type Playlist = typeof playlists.$inferSelect;

/**
 * Private messages between members (docs/people.md). One row a message; each side removes
 * its own copy (`*_deleted_at`), and the row goes once both have.
 */
export const messages = pgTable(
  'messages',
  {
    /** Short random public id, used in URLs. */
    id: text().primaryKey(),
    senderId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text().notNull(),
    body: text().notNull(),
    /** A support-ticket reference the message belongs to, if any. */
    ticket: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the recipient first opened it; null while unread. */
    readAt: timestamp({ withTimezone: true }),
    senderDeletedAt: timestamp({ withTimezone: true }),
    recipientDeletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // Each box is read newest first, one page at a time.
    index('messages_received_idx')
      .on(t.recipientId, t.createdAt.desc(), t.id.desc())
      .where(sql`recipient_deleted_at is null`),
    index('messages_sent_idx')
      .on(t.senderId, t.createdAt.desc(), t.id.desc())
      .where(sql`sender_deleted_at is null`),
    // The unread count in the top bar runs on every page a member opens.
    index('messages_unread_idx')
      .on(t.recipientId)
      .where(sql`read_at is null and recipient_deleted_at is null`),
    check('messages_not_self', sql`${t.senderId} <> ${t.recipientId}`),
  ],
);

export type Message = typeof messages.$inferSelect;

// --- Comments under videos, blocks and message privacy (docs/comments.md) ---

/** A comment waits for staff ('held', new accounts) or shows to everyone ('published'). */
export const COMMENT_STATUSES = ['published', 'held'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/**
 * Comments under videos, threaded one level: a reply's parent is always a top-level comment.
 * Deleting keeps the row (who deleted it and why, for the moderation area) and hides it; a
 * deleted top-level comment takes its replies with it.
 */
/** Why a comment waits for approval (docs/comments.md). */
export const COMMENT_HELD_REASONS = ['watched_word', 'new_account'] as const;
export type CommentHeldReason = (typeof COMMENT_HELD_REASONS)[number];

export const comments = pgTable(
  'comments',
  {
    /** Short random public id. */
    id: text().primaryKey(),
    videoId: text()
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    authorId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The top-level comment this one answers; null for a top-level comment. */
    parentId: text().references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    status: text({ enum: COMMENT_STATUSES }).notNull().default('published'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The last time the author changed the text; null when never edited. */
    editedAt: timestamp({ withTimezone: true }),
    approvedAt: timestamp({ withTimezone: true }),
    approvedById: text().references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp({ withTimezone: true }),
    deletedById: text().references(() => users.id, { onDelete: 'set null' }),
    /** Why staff deleted it (shown in the moderation area); null for an author's own delete. */
    deleteReason: text(),
    /**
     * Why it waits while `held` (docs/comments.md): a watched word of a holding list, or a new
     * account; null when published, and for comments held before reasons were kept.
     */
    heldReason: text({ enum: COMMENT_HELD_REASONS }),
    /** For a watched word: which word and which list, as staff read it. */
    heldDetail: text(),
  },
  (t) => [
    // The video page reads a video's top-level comments newest first, one page at a time.
    index('comments_video_idx')
      .on(t.videoId, t.createdAt.desc(), t.id.desc())
      .where(sql`parent_id is null and deleted_at is null`),
    index('comments_parent_idx')
      .on(t.parentId, t.createdAt)
      .where(sql`deleted_at is null`),
    // The moderation queue: held comments, oldest first.
    index('comments_held_idx')
      .on(t.createdAt)
      .where(sql`status = 'held' and deleted_at is null`),
    index('comments_author_idx').on(t.authorId, t.createdAt.desc()),
  ],
);

export type Comment = typeof comments.$inferSelect;

/** A member (blocker) blocks another: their messages and comments disappear for the blocker. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
    check('user_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** Who may send a member private messages. */
export const MESSAGE_PRIVACY = ['everyone', 'friends'] as const;
export type MessagePrivacy = (typeof MESSAGE_PRIVACY)[number];

/** A member's privacy choices; no row means the defaults (everyone may message them). */
export const privacySettings = pgTable('privacy_settings', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  messagesFrom: text({ enum: MESSAGE_PRIVACY }).notNull().default('everyone'),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// ── Notifications and support tickets ─────────────────────────────────────────────────────────

/** What a notification tells of (docs/notifications.md). */
export const NOTIFICATION_KINDS = [
  'comment_reply',
  'message',
  'friend_request',
  'friend_accepted',
  'new_video',
  'live_started',
  'live_scheduled',
  'live_ended',
  'live_key_disabled',
  'ticket_answer',
  'ticket_closed',
  'video_processed',
  'video_unpublished',
  'video_removed',
  'tagging_decision',
  'account_disabled',
  'account_enabled',
  'reupload_held',
  'reupload_of_yours',
  'reupload_decided',
  'reupload_copy_decided',
  'reupload_waiting',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Whether a kind also comes by e-mail: never, at once, or in the daily digest. */
export const NOTIFICATION_EMAIL_MODES = ['off', 'immediate', 'digest'] as const;
export type NotificationEmailMode = (typeof NOTIFICATION_EMAIL_MODES)[number];

/** One thing a member is told of: the bell counts the unread ones. */
export const notifications = pgTable(
  'notifications',
  {
    /** Short random public id. */
    id: text().primaryKey(),
    /** Who is told. */
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: NOTIFICATION_KINDS }).notNull(),
    /** Who did it (the replier, the sender, the uploader); null for the site itself. */
    actorId: text().references(() => users.id, { onDelete: 'cascade' }),
    /** The site path the notification leads to, e.g. /video/abc. */
    targetPath: text().notNull(),
    /** What it is about, as shown: a video title, a subject. */
    targetTitle: text().notNull().default(''),
    /** What was said, shown under it: the reason staff gave. Empty: nothing more. */
    detail: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
    /** How it goes by e-mail, decided when it is made from the member's settings. */
    emailMode: text({ enum: NOTIFICATION_EMAIL_MODES }).notNull().default('off'),
    /** When its e-mail (alone or in a digest) went out. */
    emailedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The bell's count runs on every page a member opens.
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`read_at is null`),
    index('notifications_mail_due_idx')
      .on(t.emailMode, t.createdAt)
      .where(sql`email_mode <> 'off' and emailed_at is null`),
  ],
);
export type Notification = typeof notifications.$inferSelect;

/** A member's e-mail choice per kind; a kind without a row takes its default. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: NOTIFICATION_KINDS }).notNull(),
    email: text({ enum: NOTIFICATION_EMAIL_MODES }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

export const TICKET_CATEGORIES = [
  'account',
  'upload',
  'playback',
  'content',
  'supporter',
  'other',
] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

export const TICKET_STATES = ['open', 'answered', 'closed'] as const;
export type TicketState = (typeof TICKET_STATES)[number];

/** A support ticket: a member's question and its thread with staff. */
export const tickets = pgTable(
  'tickets',
  {
    /** The ticket number shown as T-{id}. */
    id: integer().primaryKey().generatedAlwaysAsIdentity({ startWith: 1001 }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text({ enum: TICKET_CATEGORIES }).notNull(),
    subject: text().notNull(),
    state: text({ enum: TICKET_STATES }).notNull().default('open'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The last post or change of state: queues are ordered by it. */
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('tickets_user_idx').on(t.userId, t.updatedAt.desc(), t.id.desc()),
    index('tickets_state_idx').on(t.state, t.updatedAt.desc(), t.id.desc()),
  ],
);
export type Ticket = typeof tickets.$inferSelect;

/** One post in a ticket's thread: the member's first message, replies from either side. */
export const ticketPosts = pgTable(
  'ticket_posts',
  {
    id: text().primaryKey(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: text().references(() => users.id, { onDelete: 'set null' }),
    /** Written by staff (an answer) rather than by the ticket's member. */
    fromStaff: boolean().notNull().default(false),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_posts_ticket_idx').on(t.ticketId, t.createdAt)],
);

/** An image attached to a ticket post, kept in media storage. */
export const ticketImages = pgTable(
  'ticket_images',
  {
    id: text().primaryKey(),
    postId: text()
      .notNull()
      .references(() => ticketPosts.id, { onDelete: 'cascade' }),
    storageKey: text().notNull(),
    contentType: text().notNull(),
    bytes: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_images_post_idx').on(t.postId)],
);

// --- Reports, the staff action log and disabled members' videos (docs/moderation.md) ---

/** What a report is about: a video, a comment or a member. */
export const REPORT_TARGETS = ['video', 'comment', 'member'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/**
 * Where a report stands: waiting for staff ('open'), looked at and left as it was
 * ('approved'), or acted on: the item was unpublished or deleted ('actioned').
 */
export const REPORT_STATES = ['open', 'approved', 'actioned'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/**
 * Members' reports of a video, a comment or a member: one a person an item. The target is a
 * kind and an id (not a foreign key), so a report outlives the item it named and shows the
 * reporter what became of it.
 */
export const reports = pgTable(
  'reports',
  {
    id: text().primaryKey(),
    reporterId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetKind: text({ enum: REPORT_TARGETS }).notNull(),
    targetId: text().notNull(),
    /** The video a comment report is about, for the queue; the video itself for a video. */
    videoId: text(),
    /** A title or username as it was when reported, for when the item is gone. */
    targetLabel: text().notNull().default(''),
    reason: text().notNull(),
    details: text().notNull().default(''),
    state: text({ enum: REPORT_STATES }).notNull().default('open'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedById: text().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('reports_one_per_person_idx').on(t.reporterId, t.targetKind, t.targetId),
    index('reports_open_idx')
      .on(t.targetKind, t.targetId, t.createdAt)
      .where(sql`state = 'open'`),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt.desc()),
    index('reports_target_idx').on(t.targetKind, t.targetId),
  ],
);

export type Report = typeof reports.$inferSelect;

/**
 * Every staff action (who, what, target, reason, when), written in the same transaction as
 * the action. Append-only: the application has no update or delete of it, and a trigger
 * (migration) refuses both. Names are copied in so an entry outlives its actor and target.
 */
export const staffActions = pgTable(
  'staff_actions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: text().notNull(),
    actorUsername: text().notNull(),
    action: text().notNull(),
    targetKind: text().notNull(),
    targetId: text().notNull(),
    targetLabel: text().notNull().default(''),
    reason: text().notNull().default(''),
    /** Whose video or comment it acted on, so the member's log shows it after it is gone. */
    ownerId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_actions_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('staff_actions_owner_idx').on(t.ownerId, t.createdAt.desc()),
    index('staff_actions_actor_idx').on(t.actorUsername, t.createdAt.desc()),
    index('staff_actions_target_idx').on(t.targetKind, t.targetId),
  ],
);

export type StaffAction = typeof staffActions.$inferSelect;

/** What a match of a watched word does (docs/moderation.md). */
export const WATCHED_WORD_ACTIONS = ['hold', 'refuse'] as const;
export type WatchedWordAction = (typeof WATCHED_WORD_ACTIONS)[number];

/**
 * Lists of watched words and phrases (docs/moderation.md): the site's, kept by staff, apply to
 * comments, titles, descriptions and messages; a member's own (`owner_id`) to the comments
 * under their videos.
 */
export const watchedWordLists = pgTable(
  'watched_word_lists',
  {
    id: text().primaryKey(),
    /** The member whose list it is; null: one of the site's. */
    ownerId: text().references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    action: text({ enum: WATCHED_WORD_ACTIONS }).notNull().default('hold'),
    /** The words and phrases as they were written. */
    words: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('watched_word_lists_owner_idx').on(t.ownerId)],
);
export type WatchedWordList = typeof watchedWordLists.$inferSelect;

/** The states of a staff action held for its undo window (docs/moderation.md). */
export const HELD_ACTION_STATES = ['held', 'running', 'done', 'failed', 'undone'] as const;
export type HeldActionState = (typeof HELD_ACTION_STATES)[number];

/**
 * A queue action the server holds for its undo window (docs/decisions/0037): sent at the click,
 * carried out by a job once the window has passed unless undone first; the page may be left.
 */
export const heldStaffActions = pgTable(
  'held_staff_actions',
  {
    id: text().primaryKey(),
    actorId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The moderation mode carried out (ApproveVideo, DeleteReportVideo, UnpublishVideoAdmin). */
    mode: text().notNull(),
    targetId: text().notNull(),
    reason: text().notNull().default(''),
    state: text({ enum: HELD_ACTION_STATES }).notNull().default('held'),
    /** Why a carried-out action failed (the video changed meanwhile, say). */
    failure: text(),
    runAt: timestamp({ withTimezone: true }).notNull(),
    /**
     * How many times it was taken to be carried out: each take is an attempt, and only the
     * latest may commit the action (one left running by a process that died is taken again).
     */
    attempt: integer().notNull().default(0),
    /** When the latest attempt took it. */
    startedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('held_staff_actions_actor_idx').on(t.actorId, t.createdAt.desc())],
);

/**
 * The published videos of a disabled member, taken off the site with the account; enabling it
 * publishes exactly these again.
 */
export const suspendedVideos = pgTable(
  'suspended_videos',
  {
    videoId: text()
      .primaryKey()
      .references(() => videos.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('suspended_videos_user_idx').on(t.userId)],
);

// ---------------------------------------------------------------- watch later and progress

/** A member's "Watch later" list: videos they saved to watch, newest first. */
export const watchLater = pgTable(
  'watch_later',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: text()
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    index('watch_later_recent_idx').on(t.userId, t.addedAt.desc()),
  ],
);

/**
 * Where a member left off in a video (continue watching): the player reports the position
 * every few seconds while it plays; the page starts there on return.
 */
export const watchProgress = pgTable(
  'watch_progress',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: text()
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    positionSeconds: integer().notNull(),
    durationSeconds: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    index('watch_progress_recent_idx').on(t.userId, t.updatedAt.desc()),
  ],
);

// ---------------------------------------------------------------- events (docs/events.md)

/**
 * A contest run by admins (/events, /{slug}): rules, an entry window in which uploaders submit
 * their published videos, and a voting window in which each verified member casts one vote.
 * Its state (upcoming, entries open, voting, closed) comes from the dates and the clock.
 */
export const events = pgTable(
  'events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /**
     * The event page's address: /events/{slug}, and /{slug} for the first event's own page
     * (docs/events.md).
     */
    slug: text().notNull(),
    title: text().notNull(),
    /** A short line for listings. */
    summary: text().notNull().default(''),
    /** The rules, plain text with line breaks. */
    rules: text().notNull().default(''),
    /** Entries must be of this category, when set. */
    category: categoryEnum(),
    /** Entries one member may submit. */
    maxEntriesPerMember: smallint().notNull().default(1),
    entriesOpenAt: timestamp({ withTimezone: true }).notNull(),
    entriesCloseAt: timestamp({ withTimezone: true }).notNull(),
    votingOpenAt: timestamp({ withTimezone: true }).notNull(),
    votingCloseAt: timestamp({ withTimezone: true }).notNull(),
    createdById: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('events_slug_idx').on(t.slug),
    index('events_voting_close_idx').on(t.votingCloseAt.desc(), t.id.desc()),
    check('events_entry_window', sql`${t.entriesOpenAt} < ${t.entriesCloseAt}`),
    check('events_voting_window', sql`${t.votingOpenAt} < ${t.votingCloseAt}`),
  ],
);
export type Event = typeof events.$inferSelect;

/** A video entered in an event by its uploader: once per event. */
export const eventEntries = pgTable(
  'event_entries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    videoId: text()
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    /** The uploader who entered it. */
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_entries_video_idx').on(t.eventId, t.videoId),
    index('event_entries_user_idx').on(t.eventId, t.userId),
  ],
);
export type EventEntry = typeof eventEntries.$inferSelect;

/** A member's vote in an event: one per member per event (the primary key), for one entry. */
export const eventVotes = pgTable(
  'event_votes',
  {
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entryId: integer()
      .notNull()
      .references(() => eventEntries.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index('event_votes_entry_idx').on(t.entryId),
  ],
);

/**
 * Partner channels (docs/partner.md): a partner account (role "partner") runs one channel,
 * served at /{PARTNER_SLUG}. Its price is a Stripe price id plus the amount shown on the page.
 */
export const partners = pgTable(
  'partners',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The path the channel is served at; the site serves the one named by PARTNER_SLUG. */
    slug: text().notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
    /** Stripe price of a subscription (a recurring price); null: not on sale yet. */
    stripePriceId: text(),
    /** What the subscribe page shows, in the currency's smallest unit. */
    priceCents: integer().notNull().default(0),
    currency: text().notNull().default('usd'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partners_user_idx').on(t.userId),
    uniqueIndex('partners_slug_lower_idx').on(sql`lower(${t.slug})`),
  ],
);

/** Videos of a partner's channel; premium ones play only for its paying subscribers. */
export const partnerVideos = pgTable(
  'partner_videos',
  {
    videoId: text()
      .primaryKey()
      .references(() => videos.id, { onDelete: 'cascade' }),
    partnerId: text()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    isPremium: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('partner_videos_partner_idx').on(t.partnerId, t.createdAt.desc())],
);

/** Stripe subscription states as the billing webhook records them. */
export const PARTNER_SUBSCRIPTION_STATES = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
] as const;
export type PartnerSubscriptionState = (typeof PARTNER_SUBSCRIPTION_STATES)[number];

/**
 * Who pays for which partner channel: written only by the billing webhook (and the demo), read
 * by the premium access rule. One row per member and partner, updated as Stripe reports.
 */
export const partnerSubscriptions = pgTable(
  'partner_subscriptions',
  {
    partnerId: text()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text().$type<PartnerSubscriptionState>().notNull(),
    stripeSubscriptionId: text(),
    stripeCustomerId: text(),
    currentPeriodEnd: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.userId] }),
    index('partner_subscriptions_user_idx').on(t.userId),
    index('partner_subscriptions_recent_idx').on(t.partnerId, t.createdAt.desc()),
  ],
);

/** Money a partner's subscribers paid: one row per paid Stripe invoice (the earnings page). */
export const partnerEarnings = pgTable(
  'partner_earnings',
  {
    /** The Stripe invoice id: a webhook delivered twice records it once. */
    invoiceId: text().primaryKey(),
    partnerId: text()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    paidAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('partner_earnings_partner_idx').on(t.partnerId, t.paidAt.desc())],
);

// ── Tagging programme ─────────────────────────────────────────────────────────────────────────

export const TAGGER_APPLICATION_STATES = ['open', 'accepted', 'declined'] as const;
export type TaggerApplicationState = (typeof TAGGER_APPLICATION_STATES)[number];

/** A member's application to become a tagger: one open at a time, decided by staff. */
export const taggerApplications = pgTable(
  'tagger_applications',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    motivation: text().notNull(),
    /** The labels the applicant would give a video of their choice (its address included). */
    sampleTags: text().notNull(),
    state: text({ enum: TAGGER_APPLICATION_STATES }).notNull().default('open'),
    /** Staff's reason, told to the applicant. */
    decisionReason: text().notNull().default(''),
    decidedById: text().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tagger_applications_one_open_idx')
      .on(t.userId)
      .where(sql`state = 'open'`),
    index('tagger_applications_state_idx').on(t.state, t.createdAt),
    index('tagger_applications_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);
export type TaggerApplication = typeof taggerApplications.$inferSelect;

export const LABEL_CHANGE_ACTIONS = ['added', 'removed'] as const;
export type LabelChangeAction = (typeof LABEL_CHANGE_ACTIONS)[number];

/**
 * Every label added or removed through the tagger's editor, written in the same transaction
 * as the change; staff revert one (the label goes back as it was) and the row says who did.
 */
export const labelChanges = pgTable(
  'label_changes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    videoId: text()
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    actorId: text().references(() => users.id, { onDelete: 'set null' }),
    actorUsername: text().notNull(),
    kind: labelKindEnum().notNull(),
    name: text().notNull(),
    action: text({ enum: LABEL_CHANGE_ACTIONS }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revertedById: text().references(() => users.id, { onDelete: 'set null' }),
    revertedByUsername: text(),
    revertedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('label_changes_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('label_changes_actor_idx').on(t.actorId, t.createdAt.desc()),
    index('label_changes_label_idx').on(t.videoId, t.kind, t.name, t.createdAt.desc()),
  ],
);
export type LabelChange = typeof labelChanges.$inferSelect;

/**
 * A video whose labels are disputed: flagged by a tagger, or a label put back after another
 * member took it off (or taken off after another added it). Open until a tagger settles it.
 */
export const labelDisputes = pgTable(
  'label_disputes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    videoId: text()
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    reason: text().notNull(),
    raisedById: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    settledById: text().references(() => users.id, { onDelete: 'set null' }),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('label_disputes_open_idx')
      .on(t.videoId)
      .where(sql`settled_at is null`),
    index('label_disputes_queue_idx')
      .on(t.createdAt)
      .where(sql`settled_at is null`),
  ],
);
export type LabelDispute = typeof labelDisputes.$inferSelect;

// ---------------------------------------------------------------- visibility, subtitles

/** The members a private video's owner picked: they (and the owner and staff) may open it. */
export const videoViewers = pgTable(
  'video_viewers',
  {
    videoId: text()
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.userId] }),
    index('video_viewers_user_idx').on(t.userId),
  ],
);

/**
 * The password of a video whose visibility is 'password' (docs/videos.md): a salted scrypt
 * hash, kept apart from `videos` so that no read of a video row carries it.
 */
export const videoPasswords = pgTable('video_passwords', {
  videoId: text()
    .primaryKey()
    .references(() => videos.id, { onDelete: 'cascade' }),
  hash: text().notNull(),
  setAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A new file its uploader gave an existing video (docs/videos.md): processed through the same
 * ladder while the video keeps playing its current files, then put in their place. One at a
 * time; a failed one stays, with its reason, until the next.
 */
export const videoReplacements = pgTable('video_replacements', {
  videoId: text()
    .primaryKey()
    .references(() => videos.id, { onDelete: 'cascade' }),
  /** The new file in storage (`videos/{id}/source/replacement-{random}`). */
  sourceKey: text().notNull(),
  /** Its transcode job (pg-boss id). */
  jobId: text().notNull(),
  /** 'processing' or 'failed'. */
  status: text().notNull().default('processing'),
  failureReason: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
export type VideoReplacement = typeof videoReplacements.$inferSelect;

/** Subtitle and caption tracks of a video, one a language, stored as WebVTT. */
export const videoSubtitles = pgTable(
  'video_subtitles',
  {
    videoId: text()
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    /** BCP 47 language tag, e.g. en, pt-BR. */
    language: text().notNull(),
    label: text().notNull(),
    /** The WebVTT file in storage (under the video's media prefix). */
    key: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.language] })],
);

export type VideoSubtitle = typeof videoSubtitles.$inferSelect;

// ── Billing: Stripe subscriptions of supporters and partner channels (docs/billing.md) ──────

/** What a Stripe subscription pays for: the Supporter rank, or a partner channel. */
export const BILLING_KINDS = ['supporter', 'partner'] as const;
export type BillingKind = (typeof BILLING_KINDS)[number];

/** A member's Stripe customer, made by Checkout at their first payment; the billing portal's key. */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    userId: text()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    stripeCustomerId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_customers_stripe_idx').on(t.stripeCustomerId)],
);

/**
 * Every Stripe subscription the webhook has heard of, as Stripe last reported it: written only
 * by the billing webhook. `targetId` is the member's id for a supporter subscription and the
 * partner's id for a partner one; `lastEventCreated` (Stripe's `event.created`, in seconds) is
 * the newest event applied, so an older one arriving late changes nothing.
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    /** Stripe's subscription id (sub_...). */
    id: text().primaryKey(),
    kind: text().$type<BillingKind>().notNull(),
    targetId: text().notNull(),
    /** The paying member; null once their account is gone. */
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    stripeCustomerId: text().notNull(),
    stripePriceId: text(),
    /** Stripe's status: active, trialing, past_due, unpaid, canceled, incomplete ... */
    status: text().notNull(),
    currentPeriodEnd: timestamp({ withTimezone: true }),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    lastEventCreated: bigint({ mode: 'number' }).notNull(),
    lastEventId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('billing_subscriptions_user_idx').on(t.userId, t.kind),
    index('billing_subscriptions_target_idx').on(t.kind, t.targetId),
  ],
);

export type BillingSubscription = typeof billingSubscriptions.$inferSelect;

/** Stripe events already handled, by id: a delivery seen before is answered and not applied. */
export const billingEvents = pgTable('billing_events', {
  /** Stripe's event id (evt_...). */
  id: text().primaryKey(),
  type: text().notNull(),
  /** Stripe's `event.created`, in seconds. */
  created: bigint({ mode: 'number' }).notNull(),
  /** What the webhook did with it: applied, stale (older than what is stored) or ignored. */
  outcome: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The Supporter rank given by hand (staff, or `npm run user`), apart from any payment: a
 * cancelled Stripe subscription does not take it away.
 */
export const supporterGrants = pgTable('supporter_grants', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Who granted it: a staff member's username, or 'command line'. */
  grantedBy: text().notNull().default(''),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A member's stream key for going live (docs/live.md). Only the key's SHA-256 is kept: the key
 * is shown once, when made. The row also holds the details the next live takes (as an
 * upload's), and the last stream refused on this key, for the Go live page to say why.
 */
export const streamKeys = pgTable('stream_keys', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** SHA-256 of the key, hex. */
  keyHash: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** Set by staff: streams on this key are refused until the member makes a new one. */
  disabledAt: timestamp({ withTimezone: true }),
  title: text().notNull().default(''),
  description: text().notNull().default(''),
  category: categoryEnum().notNull().default('other'),
  visibility: videoVisibilityEnum().notNull().default('public'),
  /** Whether the recording becomes an ordinary video when the live ends. */
  keepRecording: boolean().notNull().default(true),
  lastRefusal: text(),
  lastRefusalAt: timestamp({ withTimezone: true }),
});

export type StreamKey = typeof streamKeys.$inferSelect;

/** A live's course: on air (or dropped, waiting a minute for the streamer), then ended. */
/** `scheduled`: announced with a start time, its waiting page up, no stream yet (docs/live.md). */
export const LIVE_STATES = ['scheduled', 'live', 'ended'] as const;
export type LiveState = (typeof LIVE_STATES)[number];
export const liveStateEnum = pgEnum('live_state', LIVE_STATES);

/** A live video: the videos row carries its title and page; this row, its stream's course. */
export const liveStreams = pgTable(
  'live_streams',
  {
    videoId: text()
      .primaryKey()
      .references(() => videos.id, { onDelete: 'cascade' }),
    ownerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: liveStateEnum().notNull().default('live'),
    keepRecording: boolean().notNull().default(true),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the stream dropped; a stream on the same key within a minute continues this live. */
    droppedAt: timestamp({ withTimezone: true }),
    /**
     * The node holding the live's stream last said it still holds it (every few seconds); a
     * live whose node fell silent is ended by any node (docs/live.md, "A node that stopped").
     */
    seenAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    /** Why it ended: the streamer stopped, staff ended it, or the reason bad input ended it. */
    endReason: text(),
    /** When a scheduled live is announced to start (its waiting page says so). */
    scheduledFor: timestamp({ withTimezone: true }),
    /** The incoming stream as probed: codec, size and frame rate. */
    inputWidth: integer(),
    inputHeight: integer(),
    inputFrameRate: real(),
  },
  (t) => [index('live_streams_owner_state_idx').on(t.ownerId, t.state)],
);

export type LiveStream = typeof liveStreams.$inferSelect;
