import type { Metadata } from 'next';
import { listUnpublishedVideos } from '@cutroom/core/features/moderation/staff/moderation.service';
import {
  listingContext,
  pageIndexFrom,
  type SearchParamsPromise,
} from '@/components/browse/listing-data';
import { Pagination } from '@/components/browse/pagination';
import { StaffActionButton } from '@/components/moderation/staff-action-button';
import { IntentLink } from '@/components/ui/intent-link';
import { RelativeTime } from '@/components/ui/relative-time';
import { EmptyState } from '@/components/video/video-grid';
import { requirePageViewer } from '@/lib/server/page-access';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Unpublished videos' };

/** The unpublished list: videos staff took off the site, to publish again or delete. */
export default async function UnpublishedVideosPage({
  searchParams,
}: {
  searchParams: SearchParamsPromise;
}) {
  await requirePageViewer('moderate');
  const query = await searchParams;
  const index = pageIndexFrom(query.page);
  const { db } = await listingContext();
  const page = await listUnpublishedVideos(db, index);
  return (
    <div className="space-y-4" data-testid="moderation-videos">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Unpublished videos</h1>
        <IntentLink href="/moderation/video" className="text-sm text-accent hover:underline">
          Find a video to unpublish
        </IntentLink>
      </div>
      {page.data.length === 0 ? (
        <EmptyState title="No unpublished videos">
          Videos staff unpublish wait here until they are published again or deleted.
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {page.data.map((video) => (
            <li
              key={video._id}
              className="flex flex-col gap-2 rounded-lg border border-white/10 p-3 sm:flex-row sm:items-start sm:justify-between"
              data-testid="unpublished-video"
            >
              <div className="min-w-0">
                <IntentLink
                  href={`/moderation/video/${video._id}`}
                  className="break-words font-semibold hover:underline"
                >
                  {video.title}
                </IntentLink>
                <p className="text-sm text-neutral-400">by {video.uploader}</p>
                {video.reason && (
                  <p className="break-words text-sm text-neutral-200">Reason: {video.reason}</p>
                )}
                {video.unpublishedAt && (
                  <p className="text-xs text-neutral-400">
                    Unpublished by {video.unpublishedBy} <RelativeTime date={video.unpublishedAt} />
                  </p>
                )}
              </div>
              <div className="flex flex-wrap gap-2">
                <StaffActionButton
                  mode="AdminPublish"
                  payload={{ _id: video._id }}
                  label="Publish"
                  tone="good"
                  testId="admin-publish"
                />
                <StaffActionButton
                  mode="AdminDelete"
                  payload={{ _id: video._id }}
                  label="Delete"
                  tone="danger"
                  reason="optional"
                  testId="admin-delete"
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        basePath="/moderation/videos"
        index={page.index}
        pageSize={page.pageSize}
        count={page.count}
        hasMore={page.hasMore}
      />
    </div>
  );
}
