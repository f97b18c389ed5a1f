import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { can } from '@cutroom/core/access/rights';
import { isServiceError } from '@cutroom/core/kernel/errors/service-error';
import {
  loadEvent,
  loadViewerParts,
  type EventDetail,
  type EventViewerParts,
} from '@cutroom/core/features/community/events/events.service';
import { LibraryStateProvider } from '@/components/library/library-state';
import { IntentLink } from '@/components/ui/intent-link';
import { toCardVideo } from '@/components/video/card-video';
import { VideoCard } from '@/components/video/video-card';
import { EmptyState } from '@/components/video/video-grid';
import { CATEGORY_NAMES } from '@/lib/category-names';
import { getRuntime } from '@/lib/server/runtime';
import { getViewer } from '@/lib/server/session';
import { EnterForm } from './enter-form';
import { EventStateBadge } from './event-state';
import { LocalTime } from './local-time';
import { VoteButton } from './vote-button';

/** An event and this viewer's part in it, or null when there is no such event (once a request). */
const loadEventPage = cache(async function loadEventPage(
  slug: string,
): Promise<{ event: EventDetail; parts: EventViewerParts; signedIn: boolean } | null> {
  const { database } = await getRuntime();
  const viewer = await getViewer(await headers());
  const now = new Date();
  try {
    const event = await loadEvent({ db: database.db, now: () => now }, slug);
    const parts = await loadViewerParts({ db: database.db, actor: viewer, now: () => now }, slug, {
      canUpload: can(viewer, 'upload'),
      canParticipate: can(viewer, 'participate'),
    });
    return { event, parts, signedIn: viewer !== null };
  } catch (error) {
    if (isServiceError(error) && error.kind === 'not_found') return null;
    throw error;
  }
});

/** The title of an event's page, or the not-found page. */
export async function eventTitle(slug: string): Promise<string> {
  const loaded = await loadEventPage(slug);
  return loaded?.event.title ?? 'Event';
}

function Window({ label, from, to }: { label: string; from: string; to: string }) {
  return (
    <div className="rounded-lg bg-surface-raised p-3">
      <dt className="text-sm font-semibold">{label}</dt>
      <dd className="mt-1 text-sm text-neutral-300">
        <LocalTime date={from} /> to <LocalTime date={to} />
      </dd>
    </div>
  );
}

/**
 * An event's page (/events/{slug}, and /worldpmvgames2024 for the first): rules, dates in the
 * reader's time, the entry form for uploaders while entries are open, the entries with vote
 * buttons while voting is open, and the ranked results once it has closed. Rendered on every
 * request (its state turns with the clock), with the viewer's own part read on the server.
 */
export async function EventView({ slug }: { slug: string }) {
  const loaded = await loadEventPage(slug);
  if (!loaded) notFound();
  const { event, parts, signedIn } = loaded;
  const { storage } = await getRuntime();
  const mine = new Set(parts.myEntries);
  const voted = event.entries.find((entry) => entry.entryId === parts.myVote);
  return (
    <article className="max-w-6xl space-y-8" data-testid="event-page" data-event-slug={event.slug}>
      <header className="space-y-2">
        <p>
          <IntentLink href="/events" className="text-sm text-neutral-400 hover:text-white">
            ← All events
          </IntentLink>
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <EventStateBadge event={event} />
          {event.category && (
            <span className="text-sm text-neutral-400">
              {CATEGORY_NAMES[event.category]} videos only
            </span>
          )}
        </div>
        <h1 className="break-words text-3xl font-bold">{event.title}</h1>
        {event.summary && <p className="break-words text-neutral-300">{event.summary}</p>}
      </header>

      <section aria-labelledby="event-dates">
        <h2 id="event-dates" className="sr-only">
          Dates
        </h2>
        <dl className="grid gap-3 sm:grid-cols-2">
          <Window label="Entries" from={event.entriesOpenAt} to={event.entriesCloseAt} />
          <Window label="Voting" from={event.votingOpenAt} to={event.votingCloseAt} />
        </dl>
      </section>

      {event.rules && (
        <section aria-labelledby="event-rules" className="max-w-3xl">
          <h2 id="event-rules" className="mb-2 text-xl font-semibold">
            Rules
          </h2>
          <div
            className="whitespace-pre-line break-words text-neutral-200"
            data-testid="event-rules"
          >
            {event.rules}
          </div>
          <p className="mt-2 text-sm text-neutral-400">
            Each member may enter {event.maxEntriesPerMember}{' '}
            {event.maxEntriesPerMember === 1 ? 'video' : 'videos'} of their own; every member with a
            verified e-mail has one vote, not for their own entry. Vote counts stay hidden until
            voting closes.
          </p>
        </section>
      )}

      {event.entriesOpen && (
        <section aria-labelledby="event-enter" className="max-w-xl">
          <h2 id="event-enter" className="mb-2 text-xl font-semibold">
            Enter a video
          </h2>
          {parts.canEnter ? (
            <EnterForm slug={event.slug} choices={parts.choices} />
          ) : !signedIn ? (
            <p className="text-neutral-300">
              <IntentLink
                href={`/login?next=${encodeURIComponent(`/events/${event.slug}`)}`}
                className="text-accent underline"
              >
                Sign in
              </IntentLink>{' '}
              to enter one of your videos.
            </p>
          ) : parts.myEntries.length >= event.maxEntriesPerMember ? (
            <p className="text-neutral-300" data-testid="entries-full">
              You have entered as many videos as this event allows.
            </p>
          ) : (
            <p className="text-neutral-300">
              You have no published video {event.category ? 'of this category ' : ''}left to enter.{' '}
              <IntentLink href="/upload" className="text-accent underline">
                Upload one
              </IntentLink>
              .
            </p>
          )}
        </section>
      )}

      <section aria-labelledby="event-entries" data-testid="event-entries">
        <h2 id="event-entries" className="mb-1 text-xl font-semibold">
          {event.resultsOut ? 'Results' : 'Entries'}
        </h2>
        <p className="mb-4 text-sm text-neutral-400" data-testid="event-entries-note">
          {event.resultsOut
            ? `${event.totalVotes ?? 0} ${event.totalVotes === 1 ? 'vote' : 'votes'} cast; entries ranked by votes.`
            : event.votingOpen
              ? voted
                ? `You voted for “${voted.video.title}”. Thank you! Counts show when voting closes.`
                : signedIn
                  ? 'Pick the entry you like best: you have one vote. Counts show when voting closes.'
                  : 'Sign in to vote. Counts show when voting closes.'
              : 'Entries in the order they came in.'}
        </p>
        {event.entries.length === 0 ? (
          <EmptyState title="No entries yet">
            {event.entriesOpen
              ? 'Uploaders enter their videos above while entries are open.'
              : 'Nobody entered this event.'}
          </EmptyState>
        ) : (
          <LibraryStateProvider videoIds={event.entries.map((entry) => entry.video.id)}>
            <ol className="grid grid-cols-1 gap-x-4 gap-y-6 min-[480px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
              {event.entries.map((entry) => (
                <li
                  key={entry.entryId}
                  className="flex flex-col gap-2"
                  data-testid="event-entry"
                  data-entry-id={entry.entryId}
                >
                  {event.resultsOut && (
                    <p className="text-sm font-semibold" data-testid="entry-result">
                      <span className="text-accent">#{entry.rank}</span> · {entry.votes}{' '}
                      {entry.votes === 1 ? 'vote' : 'votes'}
                    </p>
                  )}
                  <VideoCard video={toCardVideo(entry.video, storage.publicBaseUrl)} />
                  {parts.myVote === entry.entryId && (
                    <p className="text-sm font-semibold text-accent" data-testid="my-vote">
                      Your vote
                    </p>
                  )}
                  {mine.has(entry.entryId) && (
                    <p className="text-sm text-neutral-400">Your entry</p>
                  )}
                  {event.votingOpen && !mine.has(entry.entryId) && !parts.myVote && (
                    <VoteButton
                      slug={event.slug}
                      entryId={entry.entryId}
                      title={entry.video.title}
                      signedIn={signedIn}
                    />
                  )}
                </li>
              ))}
            </ol>
          </LibraryStateProvider>
        )}
      </section>
    </article>
  );
}
