import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { can } from '@cutroom/core/access/rights';
import {
  loadMemberForStaff,
  searchMembers,
} from '@cutroom/core/features/moderation/staff/members.service';
import {
  REPORT_REASONS,
  type ReportReason,
} from '@cutroom/core/features/moderation/reports/reports.schema';
import {
  listingContext,
  pageIndexFrom,
  type SearchParamsPromise,
} from '@/components/browse/listing-data';
import { Pagination } from '@/components/browse/pagination';
import { MemberRoles } from '@/components/moderation/member-roles';
import { StaffActionButton } from '@/components/moderation/staff-action-button';
import { StaffLogTable } from '@/components/moderation/staff-log-table';
import { IntentLink } from '@/components/ui/intent-link';
import { RelativeTime } from '@/components/ui/relative-time';
import { EmptyState } from '@/components/video/video-grid';
import { requirePageViewer } from '@/lib/server/page-access';
import { getViewer } from '@/lib/server/session';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Members' };

const FILTERS = [
  { value: 'all', label: 'Everyone' },
  { value: 'disabled', label: 'Disabled' },
  { value: 'staff', label: 'Staff' },
] as const;

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '');

/** Members for staff: search, and one member's account, videos, reports and log. */
export default async function MembersPage({ searchParams }: { searchParams: SearchParamsPromise }) {
  await requirePageViewer('moderate');
  const query = await searchParams;
  const member = one(query.member).slice(0, 64);
  return member ? <MemberDetail username={member} /> : <MemberSearch query={query} />;
}

async function MemberSearch({ query }: { query: Record<string, string | string[] | undefined> }) {
  const text = one(query.q).trim().slice(0, 100);
  const filter = FILTERS.some((f) => f.value === query.filter)
    ? (query.filter as 'all' | 'disabled' | 'staff')
    : 'all';
  const index = pageIndexFrom(query.page);
  const { db } = await listingContext();
  const page = await searchMembers(db, { query: text, filter, index });
  const params = new URLSearchParams();
  if (text) params.set('q', text);
  if (filter !== 'all') params.set('filter', filter);
  return (
    <div className="space-y-4" data-testid="moderation-users">
      <h1 className="text-2xl font-bold">Members</h1>
      <form action="/moderation/users" method="get" className="flex flex-wrap items-end gap-2">
        <label className="min-w-0 flex-1 text-sm">
          <span className="mb-1 block font-semibold">Username or e-mail</span>
          <input
            name="q"
            defaultValue={text}
            maxLength={100}
            className="w-full rounded border border-white/20 bg-black/40 px-3 py-2"
          />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-semibold">Show</span>
          <select
            name="filter"
            defaultValue={filter}
            className="rounded border border-white/20 bg-black/40 px-2 py-2"
          >
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded-full bg-accent px-4 py-2 font-semibold text-black">
          Search
        </button>
      </form>
      {page.data.length === 0 ? (
        <EmptyState title="No members found">Try part of a username or e-mail address.</EmptyState>
      ) : (
        <ul className="divide-y divide-white/10 rounded-lg border border-white/10">
          {page.data.map((row) => (
            <li
              key={row.id}
              className="flex flex-wrap items-center justify-between gap-2 p-3"
              data-testid="member-row"
            >
              <div className="min-w-0">
                <IntentLink
                  href={`/moderation/users?member=${encodeURIComponent(row.username)}`}
                  className="break-all font-semibold hover:underline"
                >
                  {row.username}
                </IntentLink>
                <p className="break-all text-xs text-neutral-400">{row.email}</p>
              </div>
              <p className="flex flex-wrap gap-1 text-xs">
                {row.disabled && (
                  <span className="rounded-full bg-red-900/60 px-2 py-0.5 text-red-100">
                    Disabled
                  </span>
                )}
                {row.isSupporter && (
                  <span className="rounded-full bg-accent/30 px-2 py-0.5">Supporter</span>
                )}
                {row.roles
                  .filter((role) => role !== 'user')
                  .map((role) => (
                    <span key={role} className="rounded-full bg-white/10 px-2 py-0.5">
                      {role}
                    </span>
                  ))}
                <span className="px-1 text-neutral-400">{row.videoCount} videos</span>
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        basePath="/moderation/users"
        params={params}
        index={page.index}
        pageSize={page.pageSize}
        count={page.count}
        hasMore={page.hasMore}
      />
    </div>
  );
}

const VIDEO_STATUS = {
  processing: 'processing',
  published: 'published',
  unpublished_user: 'unpublished by owner',
  unpublished_admin: 'unpublished by staff',
  failed: 'failed',
  hidden: 'unlisted, private or scheduled',
  held: 'held as a re-upload',
} as const;

async function MemberDetail({ username }: { username: string }) {
  const viewer = await getViewer(await headers());
  const { db } = await listingContext();
  const found = await loadMemberForStaff(db, username);
  if (!found) {
    return (
      <EmptyState
        title="No such member"
        action={{ href: '/moderation/users', label: 'Search members' }}
      >
        No account has the username {username}.
      </EmptyState>
    );
  }
  const { member, videos, reportsAbout, reportsBy, log } = found;
  const isAdmin = can(viewer, 'administer');
  const isSelf = viewer?.id === member.id;
  return (
    <div className="space-y-6" data-testid="moderation-member">
      <div>
        <IntentLink href="/moderation/users" className="text-sm text-accent hover:underline">
          ← All members
        </IntentLink>
        <h1 className="mt-1 break-all text-2xl font-bold">{member.username}</h1>
        <p className="break-all text-sm text-neutral-400">
          {member.email} · joined <RelativeTime date={member.createdAt} />
          {member.lastLoginAt && (
            <>
              {' '}
              · last sign-in <RelativeTime date={member.lastLoginAt} />
            </>
          )}{' '}
          ·{' '}
          <IntentLink
            href={`/profile/${encodeURIComponent(member.username)}`}
            className="underline"
          >
            profile
          </IntentLink>
        </p>
      </div>

      <section
        aria-labelledby="account-heading"
        className="space-y-3 rounded-lg border border-white/10 p-4"
      >
        <h2 id="account-heading" className="text-lg font-semibold">
          Account
        </h2>
        <p className="text-sm" data-testid="member-state">
          {member.disabled ? (
            <span className="font-semibold text-red-300">
              Disabled{member.banReason ? `: ${member.banReason}` : ''}
            </span>
          ) : (
            <span className="text-green-300">Active</span>
          )}
        </p>
        {!isSelf && (
          <div className="flex flex-wrap gap-2">
            {member.disabled ? (
              <StaffActionButton
                mode="EnableMember"
                payload={{ userId: member.id }}
                label="Enable account"
                tone="good"
                reason="optional"
                testId="member-enable"
              />
            ) : (
              <StaffActionButton
                mode="DisableMember"
                payload={{ userId: member.id }}
                label="Disable account"
                tone="danger"
                reason="required"
                testId="member-disable"
              />
            )}
          </div>
        )}
        {isAdmin ? (
          <MemberRoles
            userId={member.id}
            roles={member.roles}
            isSupporter={member.isSupporter}
            isSelf={isSelf}
          />
        ) : (
          <p className="text-sm text-neutral-300">
            Roles: {member.roles.join(', ')} ·{' '}
            {member.isSupporter ? 'Supporter' : 'Not a supporter'}{' '}
            <span className="text-neutral-400">(admins change these)</span>
          </p>
        )}
      </section>

      <section aria-labelledby="videos-heading" className="space-y-2">
        <h2 id="videos-heading" className="text-lg font-semibold">
          Videos ({member.videoCount})
        </h2>
        {videos.length === 0 ? (
          <p className="text-sm text-neutral-400">No videos.</p>
        ) : (
          <ul className="divide-y divide-white/10 rounded-lg border border-white/10 text-sm">
            {videos.map((video) => (
              <li key={video.id} className="flex flex-wrap justify-between gap-2 p-2">
                <IntentLink
                  href={`/moderation/video/${video.id}`}
                  className="min-w-0 break-words hover:underline"
                >
                  {video.title}
                </IntentLink>
                <span className="text-neutral-400">
                  {VIDEO_STATUS[video.status]}
                  {video.isReported ? ' · reported' : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <ReportList title="Reports about this member and their videos" rows={reportsAbout} />
        <ReportList title="Reports this member made" rows={reportsBy} />
      </div>

      <section aria-labelledby="member-log" className="space-y-2">
        <h2 id="member-log" className="text-lg font-semibold">
          Staff log
        </h2>
        <StaffLogTable entries={log} />
      </section>
    </div>
  );
}

function ReportList({
  title,
  rows,
}: {
  title: string;
  rows: {
    id: string;
    targetKind: string;
    targetLabel: string;
    reason: string;
    state: string;
    createdAt: Date;
  }[];
}) {
  return (
    <section className="space-y-2">
      <h2 className="text-lg font-semibold">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-neutral-400">None.</p>
      ) : (
        <ul className="divide-y divide-white/10 rounded-lg border border-white/10 text-sm">
          {rows.map((row) => (
            <li key={row.id} className="p-2">
              <span className="text-neutral-400">{row.targetKind}</span>{' '}
              <span className="break-words">{row.targetLabel}</span> ·{' '}
              {REPORT_REASONS[row.reason as ReportReason] ?? row.reason} ·{' '}
              <span className="font-semibold">{row.state}</span> ·{' '}
              <RelativeTime date={row.createdAt} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
