import { IntentLink } from '@/components/ui/intent-link';
import type { ReactNode } from 'react';
import { LibraryStateProvider } from '@/components/library/library-state';
import type { CardVideo } from './card-video';
import { VideoCard } from './video-card';

const GRID_CLASSES = {
  /** A whole page: one column on a 360 px phone, six on a wide screen. */
  page: 'grid grid-cols-1 gap-x-4 gap-y-6 min-[480px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6',
  /** A sidebar beside the player on wide screens, a grid of its own below it otherwise. */
  sidebar: 'grid grid-cols-1 gap-x-4 gap-y-5 min-[480px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-1',
};

/** Cards in a responsive grid. */
export function VideoGrid({
  videos,
  layout = 'page',
}: {
  videos: CardVideo[];
  layout?: keyof typeof GRID_CLASSES;
}) {
  // A member's Watch later marks and progress bars are filled in after the page loads.
  return (
    <LibraryStateProvider videoIds={videos.map((video) => video.id)}>
      <ul className={GRID_CLASSES[layout]} data-testid="video-grid">
        {videos.map((video) => (
          <li key={video.id}>
            <VideoCard video={video} />
          </li>
        ))}
      </ul>
    </LibraryStateProvider>
  );
}

/** What a listing shows when nothing matches. */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: { href: string; label: string };
}) {
  return (
    <div
      className="rounded-lg border border-dashed border-white/15 px-6 py-16 text-center"
      data-testid="empty-state"
    >
      <p className="text-lg font-semibold">{title}</p>
      {children && <div className="mt-2 text-neutral-400">{children}</div>}
      {action && (
        <IntentLink
          href={action.href}
          className="mt-6 inline-block rounded-full bg-accent px-5 py-2 font-semibold text-black"
        >
          {action.label}
        </IntentLink>
      )}
    </div>
  );
}
