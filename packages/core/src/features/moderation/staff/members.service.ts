import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { onSiteStatusSql } from '../../../access/video-rules';
import { can, requireMemberRight, rolesOf } from '../../../access/rights';
import type { Actor } from '../../../kernel/endpoint';
import { ServiceError } from '../../../kernel/errors/service-error';
import type { Database } from '../../../platform/db/client';
import {
  reports,
  sessions,
  staffActions,
  suspendedVideos,
  users,
  videos,
  type Role,
  type User,
} from '../../../platform/db/schema';
import type { ModerationPage } from './moderation.service';
import type { ModerationContext } from '../staff-actions';
import { MODERATION_PAGE_SIZE } from './moderation.service';
import { setSupporterByHand } from '../../money/supporter';
import { recordStaffAction } from '../staff-actions';
import { inTransaction } from '../../../platform/db/unit-of-work';
import type { Call } from '../../../access/call';

/** The roles staff hand out ("user" is what every account holds). */
export const GRANTABLE_ROLES = ['moderator', 'tagger', 'admin'] as const satisfies readonly Role[];
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

export const MEMBER_MESSAGES = {
  missing: 'This member does not exist',
  self: 'You cannot do this to your own account',
  staffTarget: 'Only an admin may disable another staff member',
  alreadyDisabled: 'This account is already disabled',
  notDisabled: 'This account is not disabled',
} as const;

/** A member in the staff search. */
export interface MemberRow {
  id: string;
  username: string;
  email: string;
  roles: Role[];
  isSupporter: boolean;
  disabled: boolean;
  banReason: string | null;
  createdAt: string;
  lastLoginAt: string | null;
  videoCount: number;
}

function toMemberRow(user: User, videoCount: number): MemberRow {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    roles: rolesOf(user),
    isSupporter: user.isSupporter,
    disabled: user.banned,
    banReason: user.banReason,
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    videoCount,
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Members whose username or e-mail contains `query` (all, newest first, when it is empty). */
export async function searchMembers(
  db: Database,
  {
    query = '',
    filter = 'all',
    index = 0,
  }: { query?: string; filter?: 'all' | 'disabled' | 'staff'; index?: number },
): Promise<ModerationPage<MemberRow>> {
  const where = [];
  if (query) {
    const pattern = `%${escapeLike(query)}%`;
    where.push(or(sql`${users.username} ilike ${pattern}`, sql`${users.email} ilike ${pattern}`)!);
  }
  if (filter === 'disabled') where.push(eq(users.banned, true));
  if (filter === 'staff') where.push(sql`${users.role} <> 'user'`);
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        user: users,
        // Spelled out: inside the subquery Drizzle would name the user's id as a bare "id",
        // which is the video's own.
        videoCount: sql<number>`(select count(*)::int from "videos" where "videos"."owner_id" = "users"."id")`,
      })
      .from(users)
      .where(condition)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(MODERATION_PAGE_SIZE)
      .offset(index * MODERATION_PAGE_SIZE),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(condition),
  ]);
  const count = total?.count ?? 0;
  return {
    data: rows.map((row) => toMemberRow(row.user, row.videoCount)),
    count,
    index,
    pageSize: MODERATION_PAGE_SIZE,
    hasMore: (index + 1) * MODERATION_PAGE_SIZE < count,
  };
}

/** A member as the staff page of a member shows them: videos, reports and log. */
export async function loadMemberForStaff(db: Database, username: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  if (!user) return null;
  const [memberVideos, [videoTotal], reportsAbout, reportsBy, log] = await Promise.all([
    db
      .select({
        id: videos.id,
        title: videos.title,
        status: videos.status,
        isReported: videos.isReported,
        createdAt: videos.createdAt,
      })
      .from(videos)
      .where(eq(videos.ownerId, user.id))
      .orderBy(desc(videos.createdAt))
      .limit(50),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(videos)
      .where(eq(videos.ownerId, user.id)),
    // Reports of the member and of their videos.
    db
      .select({
        id: reports.id,
        targetKind: reports.targetKind,
        targetId: reports.targetId,
        targetLabel: reports.targetLabel,
        reason: reports.reason,
        state: reports.state,
        createdAt: reports.createdAt,
      })
      .from(reports)
      .where(
        or(
          and(eq(reports.targetKind, 'member'), eq(reports.targetId, user.id)),
          and(
            eq(reports.targetKind, 'video'),
            inArray(
              reports.targetId,
              db.select({ id: videos.id }).from(videos).where(eq(videos.ownerId, user.id)),
            ),
          ),
        ),
      )
      .orderBy(desc(reports.createdAt))
      .limit(50),
    db
      .select({
        id: reports.id,
        targetKind: reports.targetKind,
        targetId: reports.targetId,
        targetLabel: reports.targetLabel,
        reason: reports.reason,
        state: reports.state,
        createdAt: reports.createdAt,
      })
      .from(reports)
      .where(eq(reports.reporterId, user.id))
      .orderBy(desc(reports.createdAt))
      .limit(50),
    db
      .select()
      .from(staffActions)
      .where(
        or(
          and(eq(staffActions.targetKind, 'member'), eq(staffActions.targetId, user.id)),
          // Actions on their videos and comments, deleted ones too (owner_id, since migration
          // 0025), and on the videos they still have (entries written before it).
          eq(staffActions.ownerId, user.id),
          and(
            eq(staffActions.targetKind, 'video'),
            inArray(
              staffActions.targetId,
              db.select({ id: videos.id }).from(videos).where(eq(videos.ownerId, user.id)),
            ),
          ),
          eq(staffActions.actorId, user.id),
        ),
      )
      .orderBy(desc(staffActions.createdAt), desc(staffActions.id))
      .limit(50),
  ]);
  return {
    member: toMemberRow(user, videoTotal?.count ?? 0),
    videos: memberVideos,
    reportsAbout,
    reportsBy,
    log,
  };
}

async function loadMember(tx: Pick<Database, 'select'>, userId: string): Promise<User> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new ServiceError('not_found', MEMBER_MESSAGES.missing);
  return user;
}

/**
 * Disables a member: sign-in is refused with the site's message (docs/messages.md), every session
 * ends at once (the rows go, and each request checks the flag), and their published videos leave
 * the site until the account is enabled again. A moderator may not disable staff; no one
 * themselves.
 */
export async function disableMember(
  ctx: ModerationContext,
  userId: string,
  reason: string,
): Promise<MemberRow> {
  const { actor } = ctx;
  const staff = requireMemberRight(actor, 'moderate');
  if (userId === staff.id) throw new ServiceError('forbidden', MEMBER_MESSAGES.self);
  const now = ctx.now();
  const user = await inTransaction(ctx, async ({ db: tx }) => {
    const target = await loadMember(tx, userId);
    if (can(target, 'moderate') && !can(staff, 'administer')) {
      throw new ServiceError('forbidden', MEMBER_MESSAGES.staffTarget);
    }
    if (target.banned) throw new ServiceError('conflict', MEMBER_MESSAGES.alreadyDisabled);
    const [row] = await tx
      .update(users)
      .set({ banned: true, banReason: reason || null, banExpires: null, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    const hidden = await tx
      .update(videos)
      .set({ status: 'unpublished_admin', updatedAt: now })
      .where(and(eq(videos.ownerId, userId), inArray(videos.status, ['published', 'hidden'])))
      .returning({ id: videos.id });
    if (hidden.length > 0) {
      await tx
        .insert(suspendedVideos)
        .values(hidden.map(({ id }) => ({ videoId: id, userId })))
        .onConflictDoNothing();
    }
    await recordStaffAction(
      { db: tx, actor: staff, now: () => now },
      {
        action: 'disable_member',
        targetKind: 'member',
        targetId: userId,
        targetLabel: target.username,
        reason,
      },
    );
    return row!;
  });
  await ctx.listings.invalidate();
  return toMemberRow(user, 0);
}

/** Enables a disabled member: they may sign in again and their videos are back. */
export async function enableMember(
  ctx: ModerationContext,
  userId: string,
  reason = '',
): Promise<MemberRow> {
  const { actor } = ctx;
  const staff = requireMemberRight(actor, 'moderate');
  const now = ctx.now();
  const user = await inTransaction(ctx, async ({ db: tx }) => {
    const target = await loadMember(tx, userId);
    if (!target.banned) throw new ServiceError('conflict', MEMBER_MESSAGES.notDisabled);
    const [row] = await tx
      .update(users)
      .set({ banned: false, banReason: null, banExpires: null, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    const restored = await tx
      .delete(suspendedVideos)
      .where(eq(suspendedVideos.userId, userId))
      .returning({ id: suspendedVideos.videoId });
    if (restored.length > 0) {
      await tx
        .update(videos)
        .set({ status: onSiteStatusSql(now), updatedAt: now })
        .where(
          and(
            inArray(
              videos.id,
              restored.map(({ id }) => id),
            ),
            eq(videos.status, 'unpublished_admin'),
          ),
        );
    }
    await recordStaffAction(
      { db: tx, actor: staff, now: () => now },
      {
        action: 'enable_member',
        targetKind: 'member',
        targetId: userId,
        targetLabel: target.username,
        reason,
      },
    );
    return row!;
  });
  await ctx.listings.invalidate();
  return toMemberRow(user, 0);
}

const serialiseRoles = (roles: Role[]) => {
  const extra = [...new Set(roles.filter((role) => role !== 'user'))].sort();
  return extra.length > 0 ? extra.join(',') : 'user';
};

/** Sets a member's staff roles (admins only); an admin cannot take away their own admin role. */
export async function setMemberRoles(
  ctx: ModerationContext,
  userId: string,
  roles: GrantableRole[],
): Promise<MemberRow> {
  const { actor } = ctx;
  const admin = requireMemberRight(actor, 'administer');
  if (userId === admin.id && !roles.includes('admin')) {
    throw new ServiceError('forbidden', 'You cannot take away your own admin role');
  }
  const now = ctx.now();
  // An admin moderates too: the admin role always comes with the moderator's.
  const granted = roles.includes('admin') ? [...roles, 'moderator' as const] : roles;
  const user = await inTransaction(ctx, async ({ db: tx }) => {
    const target = await loadMember(tx, userId);
    // Roles staff do not grant here (a partner's, from the partner programme) stay as they are.
    const kept = rolesOf(target).filter(
      (role) => !(GRANTABLE_ROLES as readonly Role[]).includes(role),
    );
    const next = [...kept, ...granted];
    // Saving the roles a member already has changes nothing and logs nothing.
    if (serialiseRoles(rolesOf(target)) === serialiseRoles(next)) return target;
    return writeMemberRoles({ db: tx, actor: admin, now: () => now }, target, next);
  });
  return toMemberRow(user, 0);
}

/**
 * The one way a member's roles change: inside the caller's transaction, logged as a role
 * change (with `note` saying why, when another action caused it).
 */
export async function writeMemberRoles(
  ctx: Pick<Call<Actor>, 'actor' | 'now'> & { db: Pick<Database, 'update' | 'insert'> },
  target: User,
  roles: Role[],
  note = '',
): Promise<User> {
  const { db: tx } = ctx;
  const now = ctx.now();
  const next = serialiseRoles(roles);
  const [row] = await tx
    .update(users)
    .set({ role: next, updatedAt: now })
    .where(eq(users.id, target.id))
    .returning();
  await recordStaffAction(ctx, {
    action: 'set_roles',
    targetKind: 'member',
    targetId: target.id,
    targetLabel: target.username,
    reason: `${serialiseRoles(rolesOf(target))} → ${next}${note ? `: ${note}` : ''}`,
  });
  return row!;
}

/** Grants or takes away the Supporter rank by hand (admins only), logged. */
export async function setMemberSupporter(
  ctx: ModerationContext,
  userId: string,
  isSupporter: boolean,
): Promise<MemberRow> {
  const { actor } = ctx;
  const admin = requireMemberRight(actor, 'administer');
  const now = ctx.now();
  const user = await inTransaction(ctx, async ({ db: tx }) => {
    const target = await loadMember(tx, userId);
    // A grant by hand stands beside Stripe's subscriptions; taking it away is refused while
    // the member pays (docs/billing.md).
    await setSupporterByHand({ db: tx, now: () => now }, userId, isSupporter, admin.username);
    await recordStaffAction(
      { db: tx, actor: admin, now: () => now },
      {
        action: 'set_supporter',
        targetKind: 'member',
        targetId: userId,
        targetLabel: target.username,
        reason: isSupporter ? 'Supporter' : 'Not a supporter',
      },
    );
    return loadMember(tx, userId);
  });
  return toMemberRow(user, 0);
}
