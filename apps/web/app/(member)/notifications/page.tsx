import type { Metadata } from 'next';
import { listNotifications } from '@cutroom/core/features/people/notifications/notifications.service';
import {
  listingContext,
  pageIndexFrom,
  type SearchParamsPromise,
} from '@/components/browse/listing-data';
import { Pagination } from '@/components/browse/pagination';
import { InboxTabs } from '@/components/inbox/inbox-tabs';
import { MarkAllReadButton } from '@/components/notifications/mark-all-read-button';
import { NotificationCountSync } from '@/components/notifications/notification-bell';
import { NotificationList } from '@/components/notifications/notification-list';
import { IntentLink } from '@/components/ui/intent-link';
import { EmptyState } from '@/components/video/video-grid';
import { requirePageViewer } from '@/lib/server/page-access';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Notifications' };

/**
 * The member's notifications, newest first, 18 a page: replies, messages, friend requests,
 * new videos, ticket answers, their videos' news. One of the inbox's tabs.
 */
export default async function NotificationsPage({
  searchParams,
}: {
  searchParams: SearchParamsPromise;
}) {
  const query = await searchParams;
  const viewer = await requirePageViewer();
  const { db } = await listingContext();
  const index = pageIndexFrom(query.page);
  const page = await listNotifications({ db, actor: viewer }, { index });
  return (
    <div className="mx-auto max-w-4xl space-y-4" data-testid="notifications-page">
      <NotificationCountSync count={page.unreadCount} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Notifications</h1>
        <div className="flex flex-wrap items-center gap-3">
          {page.unreadCount > 0 && <MarkAllReadButton />}
          <IntentLink
            href="/profile/settings/notifications"
            className="text-sm text-accent hover:underline"
          >
            E-mail settings
          </IntentLink>
        </div>
      </div>
      <InboxTabs current="notifications" unreadCount={0} notificationCount={page.unreadCount} />
      {page.data.length > 0 ? (
        <NotificationList entries={page.data} />
      ) : index > 0 ? (
        <EmptyState title="No more notifications here">
          This page is past the end of the list.
        </EmptyState>
      ) : (
        <EmptyState title="No notifications yet">
          Replies to your comments, messages, friend requests, new videos from your subscriptions,
          answers to your support tickets and news of your videos appear here.
        </EmptyState>
      )}
      <Pagination
        basePath="/notifications"
        index={page.index}
        pageSize={page.pageSize}
        count={page.count}
        hasMore={page.hasMore}
      />
    </div>
  );
}
