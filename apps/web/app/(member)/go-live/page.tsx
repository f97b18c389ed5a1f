import type { Metadata } from 'next';
import { rtmpUrlOf } from '@cutroom/core/features/videos/live/live.endpoints';
import { readGoLive } from '@cutroom/core/features/videos/live/live.service';
import { GoLiveForm } from '@/components/live/go-live-form';
import { requirePageViewer } from '@/lib/server/page-access';
import { getRuntime } from '@/lib/server/runtime';
import { categories } from '@/lib/server/site';

export const metadata: Metadata = { title: 'Go live' };

/** Going live (docs/live.md): the stream key, where to send the stream, the next live's details. */
export default async function GoLivePage() {
  const viewer = await requirePageViewer('upload');
  const { config, database } = await getRuntime();
  const state = await readGoLive({ db: database.db, actor: viewer });
  return (
    <section className="max-w-2xl">
      <h1 className="mb-5 text-2xl font-bold">Go live</h1>
      <GoLiveForm
        rtmpUrl={rtmpUrlOf(config)}
        categories={categories}
        initial={{
          hasKey: state.hasKey,
          keyCreatedAt: state.keyCreatedAt?.toISOString() ?? null,
          isDisabled: state.isDisabled,
          details: state.details,
          lastRefusal: state.lastRefusal,
          lastRefusalAt: state.lastRefusalAt?.toISOString() ?? null,
          disabledReason: state.disabledReason,
          lastEnded: state.lastEnded
            ? { ...state.lastEnded, endedAt: state.lastEnded.endedAt.toISOString() }
            : null,
          onAir: state.live
            ? {
                videoId: state.live.videoId,
                slug: state.live.slug,
                isDropped: state.live.isDropped,
              }
            : null,
          scheduled: state.scheduled
            ? { ...state.scheduled, startsAt: state.scheduled.startsAt.toISOString() }
            : null,
        }}
      />
    </section>
  );
}
