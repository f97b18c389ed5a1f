import { and, desc, eq, sql } from 'drizzle-orm';
import { hasRole } from '../../../access/rights';
import type { Database } from '../../../platform/db/client';
import { users, videos, type Role } from '../../../platform/db/schema';

export interface Rank {
  name: string;
  description: string;
}

/** Ranks that follow an account's flags and roles. */
const ROLE_RANKS: { name: string; role?: Role; supporter?: true; description: string }[] = [
  { name: 'Admin', role: 'admin', description: 'Runs the site: reviews reports and videos.' },
  {
    name: 'Moderator',
    role: 'moderator',
    description: 'Keeps the site tidy: reviews reported videos and comments.',
  },
  {
    name: 'Tagger',
    role: 'tagger',
    description: 'Labels videos with tags, music, stars and creators.',
  },
  {
    name: 'Supporter',
    supporter: true,
    description: 'Supports the site: sees no promotions or pop-unders.',
  },
];

/** Uploader milestones by published videos, highest first. */
export const UPLOADER_RANKS = [
  { name: 'Legendary uploader', videos: 100 },
  { name: 'Veteran uploader', videos: 50 },
  { name: 'Prolific uploader', videos: 10 },
  { name: 'Uploader', videos: 1 },
] as const;

export const RANK_DEFINITIONS: Rank[] = [
  ...ROLE_RANKS.map(({ name, description }) => ({ name, description })),
  ...UPLOADER_RANKS.map(({ name, videos: count }) => ({
    name,
    description: count === 1 ? 'Has published a video.' : `Has published at least ${count} videos.`,
  })),
];

/** The ranks a user holds: role ranks, then the highest uploader milestone reached. */
export function ranksOf(
  user: { role: string; isSupporter: boolean },
  publishedVideos: number,
): { name: string }[] {
  const held = ROLE_RANKS.filter((rank) =>
    rank.supporter ? user.isSupporter : rank.role && hasRole(user, rank.role),
  ).map(({ name }) => ({ name }));
  const milestone = UPLOADER_RANKS.find((rank) => publishedVideos >= rank.videos);
  return milestone ? [...held, { name: milestone.name }] : held;
}

export async function countPublishedVideos(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(videos)
    .where(and(eq(videos.ownerId, userId), eq(videos.status, 'published')));
  return Number(row?.n ?? 0);
}

const HOLDERS_SHOWN = 60;

/** Each rank with who holds it (at most 60 names a rank, the most active first). */
export async function listRankHolders(
  db: Database,
): Promise<(Rank & { holders: string[]; total: number })[]> {
  const active = eq(users.banned, false);
  const verified = eq(users.emailVerified, true);
  const result: (Rank & { holders: string[]; total: number })[] = [];
  for (const rank of ROLE_RANKS) {
    const where = rank.supporter
      ? and(active, verified, eq(users.isSupporter, true))
      : and(active, verified, sql`${rank.role} = any(string_to_array(${users.role}, ','))`);
    const [rows, [total]] = await Promise.all([
      db
        .select({ username: users.username })
        .from(users)
        .where(where)
        .orderBy(users.username)
        .limit(HOLDERS_SHOWN),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(where),
    ]);
    result.push({
      name: rank.name,
      description: RANK_DEFINITIONS.find((d) => d.name === rank.name)!.description,
      holders: rows.map((row) => row.username),
      total: Number(total?.n ?? 0),
    });
  }
  const uploads = db
    .select({ ownerId: videos.ownerId, n: sql<number>`count(*)::int`.as('n') })
    .from(videos)
    .where(eq(videos.status, 'published'))
    .groupBy(videos.ownerId)
    .as('uploads');
  for (const [i, rank] of UPLOADER_RANKS.entries()) {
    const next = UPLOADER_RANKS[i - 1];
    const where = and(
      active,
      sql`${uploads.n} >= ${rank.videos}`,
      next ? sql`${uploads.n} < ${next.videos}` : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({ username: users.username })
        .from(uploads)
        .innerJoin(users, eq(users.id, uploads.ownerId))
        .where(where)
        .orderBy(desc(uploads.n), users.username)
        .limit(HOLDERS_SHOWN),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(uploads)
        .innerJoin(users, eq(users.id, uploads.ownerId))
        .where(where),
    ]);
    result.push({
      name: rank.name,
      description: RANK_DEFINITIONS.find((d) => d.name === rank.name)!.description,
      holders: rows.map((row) => row.username),
      total: Number(total?.n ?? 0),
    });
  }
  return result;
}
