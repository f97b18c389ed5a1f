import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import type { SearchParamsPromise } from '@/components/browse/listing-data';
import { requirePageViewer } from '@/lib/server/page-access';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Find a video' };

/** A video id from what staff paste: the id itself, or a /video/{id} address. */
function videoIdFrom(value: string): string | null {
  const text = value.trim();
  const fromPath = text.match(/\/video\/(?:embed\/)?([A-Za-z0-9_-]{1,32})/)?.[1];
  const id = fromPath ?? text;
  return /^[A-Za-z0-9_-]{1,32}$/.test(id) ? id : null;
}

/** Look a video up by id or address, to unpublish it or see its reports and log. */
export default async function FindVideoPage({
  searchParams,
}: {
  searchParams: SearchParamsPromise;
}) {
  await requirePageViewer('moderate');
  const query = await searchParams;
  const asked = typeof query.q === 'string' ? query.q : '';
  const id = asked ? videoIdFrom(asked) : null;
  if (id) redirect(`/moderation/video/${id}`);
  return (
    <div className="max-w-xl space-y-4" data-testid="moderation-find-video">
      <h1 className="text-2xl font-bold">Find a video</h1>
      <p className="text-sm text-neutral-300">
        Paste a video&apos;s address or id to see its state, reports and staff log, and to unpublish
        it with a reason told to the uploader.
      </p>
      <form action="/moderation/video" method="get" className="flex flex-wrap gap-2">
        <label htmlFor="video-query" className="sr-only">
          Video address or id
        </label>
        <input
          id="video-query"
          name="q"
          defaultValue={asked}
          maxLength={300}
          required
          placeholder="https://…/video/abc123 or abc123"
          className="min-w-0 flex-1 rounded border border-white/20 bg-black/40 px-3 py-2"
        />
        <button type="submit" className="rounded-full bg-accent px-4 py-2 font-semibold text-black">
          Open
        </button>
      </form>
      {asked && !id && (
        <p role="alert" className="text-sm text-red-300">
          That is not a video address or id.
        </p>
      )}
    </div>
  );
}
