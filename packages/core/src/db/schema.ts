import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** The fixed video categories of the spec. */
export const CATEGORIES = ['pmv', 'hmv', 'hypno', 'tiktok', 'koreanbj', 'other'] as const;
export type Category = (typeof CATEGORIES)[number];

export const ROLES = ['user', 'moderator', 'tagger', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Video states (spec §4); "reported" is a marker kept apart, not a state. */
export const VIDEO_STATUSES = [
  'processing',
  'published',
  'unpublished_user',
  'unpublished_admin',
  'failed',
] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/** Label kinds: one table holds tags, music, stars and creators. */
export const LABEL_KINDS = ['tag', 'music', 'star', 'creator'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

export const categoryEnum = pgEnum('category', CATEGORIES);
export const videoStatusEnum = pgEnum('video_status', VIDEO_STATUSES);
export const labelKindEnum = pgEnum('label_kind', LABEL_KINDS);

/**
 * Accounts and the spec's new-user record: uid = id, creationDate = created_at,
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // Case-insensitive uniqueness, enforced by the database so racing sign-ups cannot collide.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

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
    /** The AV1 rendition (MP4), when AV1 was enabled for this video's processing. */
    av1Key: text(),
    hasAv1: boolean().notNull().default(false),
    /** The queue job processing this video (pg-boss id), to cancel it. */
    jobId: text(),
    views: integer().notNull().default(0),
    upvotes: integer().notNull().default(0),
    downvotes: integer().notNull().default(0),
    isReported: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('videos_owner_idx').on(t.ownerId, t.createdAt),
    index('videos_status_published_idx').on(t.status, t.publishedAt),
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
    index('video_labels_kind_name_idx').on(t.kind, t.name),
  ],
);

export type User = typeof users.$inferSelect;
export type Video = typeof videos.$inferSelect;
export type VideoLabel = typeof videoLabels.$inferSelect;
