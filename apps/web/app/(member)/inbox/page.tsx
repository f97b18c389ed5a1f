import type { Metadata } from 'next';
import { IntentLink } from '@/components/ui/intent-link';
import { listInbox } from '@cutroom/core/features/people/messages/messages.service';
import { countUnreadNotifications } from '@cutroom/core/features/people/notifications/notifications.service';
import {
  listingContext,
  pageIndexFrom,
  type SearchParamsPromise,
} from '@/components/browse/listing-data';
import { Pagination } from '@/components/browse/pagination';
import { InboxList } from '@/components/inbox/inbox-list';
import { InboxTabs } from '@/components/inbox/inbox-tabs';
import { SentNote } from '@/components/inbox/sent-note';
import { requirePageViewer } from '@/lib/server/page-access';
import { UnreadCountSync } from '@/components/inbox/unread-count';
import { EmptyState } from '@/components/video/video-grid';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Inbox' };

/** The signed-in member's messages: Received and Sent, 18 a page, newest first. */
export default async function InboxPage({ searchParams }: { searchParams: SearchParamsPromise }) {
  const query = await searchParams;
  const box = query.tab === 'sent' ? 'sent' : 'received';
  const viewer = await requirePageViewer();
  const { db } = await listingContext();
  const index = pageIndexFrom(query.page);
  const [page, notificationCount] = await Promise.all([
    listInbox({ db, actor: viewer }, { box, index }),
    countUnreadNotifications(db, viewer.id),
  ]);

  return (
    <div className="mx-auto max-w-4xl space-y-4" data-testid="inbox-page">
      <UnreadCountSync count={page.unreadCount} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Inbox</h1>
        <IntentLink
          href="/inbox/new"
          className="rounded-full bg-accent px-4 py-2 text-sm font-semibold text-black hover:bg-accent-strong"
          data-testid="new-message"
        >
          New message
        </IntentLink>
      </div>
      <InboxTabs
        current={box}
        unreadCount={page.unreadCount}
        notificationCount={notificationCount}
      />
      {query.sent !== undefined && <SentNote />}
      {page.data.length > 0 ? (
        <InboxList entries={page.data} box={box} />
      ) : index > 0 ? (
        <EmptyState title="No more messages here">
          This page is past the end of the list.
        </EmptyState>
      ) : box === 'received' ? (
        <EmptyState title="No messages yet">
          When someone writes to you, their message appears here. To write to someone, open their
          profile and press Message.
        </EmptyState>
      ) : (
        <EmptyState title="No sent messages" action={{ href: '/inbox/new', label: 'New message' }}>
          Messages you send appear here until you delete them.
        </EmptyState>
      )}
      <Pagination
        basePath="/inbox"
        params={new URLSearchParams(box === 'sent' ? { tab: 'sent' } : {})}
        index={page.index}
        pageSize={page.pageSize}
        count={page.count}
        hasMore={page.hasMore}
      />
    </div>
  );
}
