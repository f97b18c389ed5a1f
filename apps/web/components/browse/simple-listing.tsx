import type { VideoFiltersInput } from '@cutroom/core/features/discovery/browse/browse.schema';
import {
  LISTING_PAGE_SIZE,
  VideoFilters,
} from '@cutroom/core/features/discovery/browse/browse.schema';
import { listVideos } from '@cutroom/core/features/discovery/browse/browse.service';
import type { ReactNode } from 'react';
import { Listing } from './listing';
import { listingContext, pageIndexFrom } from './listing-data';

/** A listing of published videos for fixed filters, 18 a page, paged by `?page=`. */
export async function SimpleListing({
  title,
  description,
  filters,
  basePath,
  pageParam,
  empty,
}: {
  title: string;
  description?: ReactNode;
  filters: VideoFiltersInput;
  basePath: string;
  pageParam: string | string[] | undefined;
  empty: { title: string; body?: ReactNode; action?: { href: string; label: string } };
}) {
  const index = pageIndexFrom(pageParam);
  const { db, viewer, now, cached, toCardPage } = await listingContext();
  const parsed = VideoFilters.parse(filters);
  const page = await cached(`listing:${basePath}:${JSON.stringify(parsed)}:${index}`, () =>
    listVideos({ db, actor: viewer, now }, { filters: parsed, index, pageSize: LISTING_PAGE_SIZE }),
  );
  return (
    <Listing
      title={title}
      description={description}
      page={toCardPage(page)}
      basePath={basePath}
      empty={empty}
    />
  );
}
