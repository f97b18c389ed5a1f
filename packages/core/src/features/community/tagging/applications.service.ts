import { and, desc, eq, sql } from 'drizzle-orm';
import { can, hasRole, requireMemberRight, rolesOf } from '../../../access/rights';
import { ServiceError } from '../../../kernel/errors/service-error';
import type { Database } from '../../../platform/db/client';
import {
  taggerApplications,
  TAGGER_APPLICATION_STATES,
  users,
  type TaggerApplicationState,
} from '../../../platform/db/schema';
import { writeMemberRoles } from '../../moderation/staff';
import { recordStaffAction } from '../../moderation/staff-actions';
import { notify, type NotificationSink } from '../../people/notifications';
import type { ApplicationsInput, ApplyInput, DecideInput } from './tagging.schema';
import { inTransaction, unitOf } from '../../../platform/db/unit-of-work';
import type { Call } from '../../../access/call';

export const APPLICATION_MESSAGES = {
  alreadyTagger: 'You already tag: open the tagger queue at /tagger',
  alreadyOpen: 'Your application is already waiting for staff',
  missing: 'This application does not exist',
  decided: 'This application was already answered',
  reasonNeeded: 'reason: say why the application is declined',
} as const;

/** Applications a page of the staff list. */
export const APPLICATIONS_PAGE_SIZE = 20;
/** Where the applicant reads the answer. */
export const APPLICATION_PATH = '/tagging/apply';

export interface ApplicationView {
  id: number;
  username: string;
  motivation: string;
  sampleTags: string;
  state: TaggerApplicationState;
  decisionReason: string;
  decidedBy: string | null;
  createdAt: string;
  decidedAt: string | null;
}

/** The call, with where the applicant's notices go. */
export interface ApplicationsContext extends Pick<Call, 'db' | 'actor' | 'now'> {
  sink: NotificationSink;
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/** A member applies to tag: one application waits at a time; a tagger need not apply. */
export async function applyForTagging(
  ctx: ApplicationsContext,
  input: ApplyInput,
): Promise<{ id: number; state: TaggerApplicationState }> {
  const { db, actor } = ctx;
  const now = ctx.now();
  const member = requireMemberRight(actor, 'participate');
  if (can(member, 'tag')) throw new ServiceError('conflict', APPLICATION_MESSAGES.alreadyTagger);
  try {
    const [row] = await db
      .insert(taggerApplications)
      .values({ userId: member.id, ...input, createdAt: now })
      .returning({ id: taggerApplications.id, state: taggerApplications.state });
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ServiceError('conflict', APPLICATION_MESSAGES.alreadyOpen);
    }
    throw error;
  }
}

const decider = sql<
  string | null
>`(select username from users d where d.id = ${taggerApplications.decidedById})`;

const applicationColumns = {
  id: taggerApplications.id,
  username: users.username,
  motivation: taggerApplications.motivation,
  sampleTags: taggerApplications.sampleTags,
  state: taggerApplications.state,
  decisionReason: taggerApplications.decisionReason,
  decidedBy: decider,
  createdAt: taggerApplications.createdAt,
  decidedAt: taggerApplications.decidedAt,
};

const toView = (row: {
  createdAt: Date;
  decidedAt: Date | null;
  [key: string]: unknown;
}): ApplicationView =>
  ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  }) as ApplicationView;

/** The member's latest application (null when none) and whether they tag already. */
export async function loadMyApplication({ db, actor }: Pick<Call, 'db' | 'actor'>): Promise<{
  isTagger: boolean;
  application: ApplicationView | null;
}> {
  const member = requireMemberRight(actor, 'participate');
  const [row] = await db
    .select(applicationColumns)
    .from(taggerApplications)
    .innerJoin(users, eq(users.id, taggerApplications.userId))
    .where(eq(taggerApplications.userId, member.id))
    .orderBy(desc(taggerApplications.createdAt), desc(taggerApplications.id))
    .limit(1);
  return { isTagger: can(member, 'tag'), application: row ? toView(row) : null };
}

/** Applications waiting for staff (the moderation dashboard's queue). */
export async function countOpenApplications(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(taggerApplications)
    .where(eq(taggerApplications.state, 'open'));
  return Number(row?.n ?? 0);
}

/** Staff: the applications in one state, oldest waiting first (newest decided first). */
export async function listApplications(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  { state, index }: ApplicationsInput,
) {
  requireMemberRight(actor, 'moderate');
  const order =
    state === 'open'
      ? [taggerApplications.createdAt, taggerApplications.id]
      : [desc(taggerApplications.decidedAt), desc(taggerApplications.id)];
  const [rows, counts] = await Promise.all([
    db
      .select(applicationColumns)
      .from(taggerApplications)
      .innerJoin(users, eq(users.id, taggerApplications.userId))
      .where(eq(taggerApplications.state, state))
      .orderBy(...order)
      .limit(APPLICATIONS_PAGE_SIZE)
      .offset(index * APPLICATIONS_PAGE_SIZE),
    db
      .select({ state: taggerApplications.state, n: sql<number>`count(*)::int` })
      .from(taggerApplications)
      .groupBy(taggerApplications.state),
  ]);
  const byState = Object.fromEntries(TAGGER_APPLICATION_STATES.map((name) => [name, 0])) as Record<
    TaggerApplicationState,
    number
  >;
  for (const row of counts) byState[row.state] = Number(row.n);
  const count = byState[state];
  return {
    data: rows.map(toView),
    count,
    index,
    hasMore: (index + 1) * APPLICATIONS_PAGE_SIZE < count,
    state,
    counts: byState,
  };
}

/**
 * Staff accept or decline an open application. Accepting gives the tagger role through the
 * role-change path (logged as a role change); declining is logged with its reason. Either
 * way the applicant is told (the bell, and e-mail as their settings say).
 */
export async function decideApplication(
  ctx: ApplicationsContext,
  { id, decision, reason }: DecideInput,
): Promise<{ id: number; state: TaggerApplicationState }> {
  const { db, sink, actor } = ctx;
  const now = ctx.now();
  const staff = requireMemberRight(actor, 'moderate');
  if (decision === 'decline' && !reason) {
    throw new ServiceError('invalid', APPLICATION_MESSAGES.reasonNeeded);
  }
  const state: TaggerApplicationState = decision === 'accept' ? 'accepted' : 'declined';
  const applicant = await inTransaction({ db }, async ({ db: tx }) => {
    const [application] = await tx
      .select()
      .from(taggerApplications)
      .where(eq(taggerApplications.id, id))
      .for('update')
      .limit(1);
    if (!application) throw new ServiceError('not_found', APPLICATION_MESSAGES.missing);
    const [updated] = await tx
      .update(taggerApplications)
      .set({ state, decisionReason: reason, decidedById: staff.id, decidedAt: now })
      .where(and(eq(taggerApplications.id, id), eq(taggerApplications.state, 'open')))
      .returning({ id: taggerApplications.id });
    if (!updated) throw new ServiceError('conflict', APPLICATION_MESSAGES.decided);
    const [member] = await tx.select().from(users).where(eq(users.id, application.userId)).limit(1);
    if (decision === 'accept') {
      if (!hasRole(member!, 'tagger')) {
        await writeMemberRoles(
          { db: tx, actor: staff, now: () => now },
          member!,
          [...rolesOf(member!), 'tagger'],
          `tagger application ${id} accepted${reason ? ` (${reason})` : ''}`,
        );
      }
    } else {
      await recordStaffAction(
        { db: tx, actor: staff, now: () => now },
        {
          action: 'decline_tagger',
          targetKind: 'member',
          targetId: member!.id,
          targetLabel: member!.username,
          reason,
        },
      );
    }
    return member!;
  });
  await notify({ ...unitOf({ db }), now: () => now }, sink, {
    userId: applicant.id,
    kind: 'tagging_decision',
    actorId: staff.id,
    targetPath: APPLICATION_PATH,
    targetTitle: decision === 'accept' ? 'accepted' : `declined (${reason})`,
  });
  return { id, state };
}
