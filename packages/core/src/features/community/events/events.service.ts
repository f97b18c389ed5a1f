import { and, asc, count, desc, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { requireMemberRight } from '../../../access/rights';
import { ServiceError } from '../../../kernel/errors/service-error';
import { summaryColumns, toSummary, type VideoSummary } from '../../discovery/browse';
import type { Database } from '../../../platform/db/client';
import {
  eventEntries,
  events,
  eventVotes,
  users,
  videos,
  type Event,
} from '../../../platform/db/schema';
import { EVENT_MESSAGES, type EventSection, type EventState } from './event-labels';
import type { CreateEventInput, UpdateEventInput } from './events.schema';
import { inTransaction } from '../../../platform/db/unit-of-work';
import type { Call } from '../../../access/call';

/** Events a page of /events' past section (current and upcoming ones are few: all shown). */
export const EVENTS_PAGE_SIZE = 12;
/** At most this many current or upcoming events are listed. */
export const OPEN_SECTION_LIMIT = 50;
/** Videos offered in the "enter a video" list: the uploader's newest published ones. */
export const ENTRY_CHOICES_LIMIT = 100;

/** Where an event stands at `now`. Voting never closes before entries (the schema's rule). */
export interface EventPhase {
  state: EventState;
  entriesOpen: boolean;
  votingOpen: boolean;
  /** Voting has closed: counts and ranks are shown. */
  resultsOut: boolean;
}

export function phaseOf(
  event: Pick<Event, 'entriesOpenAt' | 'entriesCloseAt' | 'votingOpenAt' | 'votingCloseAt'>,
  now: Date,
): EventPhase {
  const time = now.getTime();
  const entriesOpen =
    event.entriesOpenAt.getTime() <= time && time < event.entriesCloseAt.getTime();
  const votingOpen = event.votingOpenAt.getTime() <= time && time < event.votingCloseAt.getTime();
  const resultsOut = time >= event.votingCloseAt.getTime();
  const started = event.entriesOpenAt.getTime() <= time || event.votingOpenAt.getTime() <= time;
  const state: EventState = resultsOut ? 'closed' : started ? 'current' : 'upcoming';
  return { state, entriesOpen, votingOpen, resultsOut };
}

/** An event as listings and its page show it; dates as ISO strings. */
export interface EventSummary extends EventPhase {
  id: number;
  slug: string;
  title: string;
  summary: string;
  category: Event['category'];
  maxEntriesPerMember: number;
  entriesOpenAt: string;
  entriesCloseAt: string;
  votingOpenAt: string;
  votingCloseAt: string;
  entryCount: number;
}

/** One entry on the event page: its video, and once voting has closed its votes and rank. */
export interface EventEntryView {
  entryId: number;
  video: VideoSummary;
  /** Hidden (null) until voting closes, so early counts do not steer later votes. */
  votes: number | null;
  /** 1 for the most votes; entries with as many votes share a rank (1, 2, 2, 4). */
  rank: number | null;
}

export interface EventDetail extends EventSummary {
  rules: string;
  entries: EventEntryView[];
  /** Votes cast in all; null until voting closes. */
  totalVotes: number | null;
}

/** The viewer's own part of an event page. */
export interface EventViewerParts {
  /** The entry they voted for, if they did. */
  myVote: number | null;
  /** Their entries in this event. */
  myEntries: number[];
  /** Whether they may enter a video now (entries open, the upload right, room left). */
  canEnter: boolean;
  /** Their published videos they may still enter (empty unless canEnter). */
  choices: { id: string; title: string }[];
  /** Whether they may vote now (voting open, the participate right, no vote yet). */
  canVote: boolean;
}

const iso = (date: Date) => date.toISOString();

/** Only entries whose video is still published are shown and counted. */
const shownEntry = sql`${videos.status} = 'published'`;

async function entryCounts(db: Database, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ eventId: eventEntries.eventId, entries: count() })
    .from(eventEntries)
    .innerJoin(videos, eq(videos.id, eventEntries.videoId))
    .where(and(inArray(eventEntries.eventId, ids), shownEntry))
    .groupBy(eventEntries.eventId);
  return new Map(rows.map((row) => [row.eventId, Number(row.entries)]));
}

function summarize(event: Event, now: Date, entryCount: number): EventSummary {
  return {
    id: event.id,
    slug: event.slug,
    title: event.title,
    summary: event.summary,
    category: event.category,
    maxEntriesPerMember: event.maxEntriesPerMember,
    entriesOpenAt: iso(event.entriesOpenAt),
    entriesCloseAt: iso(event.entriesCloseAt),
    votingOpenAt: iso(event.votingOpenAt),
    votingCloseAt: iso(event.votingCloseAt),
    entryCount,
    ...phaseOf(event, now),
  };
}

async function summarizeAll(db: Database, rows: Event[], now: Date): Promise<EventSummary[]> {
  const counts = await entryCounts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => summarize(row, now, counts.get(row.id) ?? 0));
}

/** Where each section's events stand at `now`, and their order. */
function sectionQuery(section: EventSection, now: Date): { where: SQL; order: SQL[] } {
  const started = or(lte(events.entriesOpenAt, now), lte(events.votingOpenAt, now))!;
  switch (section) {
    case 'current':
      // Ending soonest first.
      return {
        where: and(started, gt(events.votingCloseAt, now))!,
        order: [asc(events.votingCloseAt), asc(events.id)],
      };
    case 'upcoming':
      return {
        where: and(gt(events.entriesOpenAt, now), gt(events.votingOpenAt, now))!,
        order: [sql`least(${events.entriesOpenAt}, ${events.votingOpenAt})`, asc(events.id)],
      };
    case 'past':
      return {
        where: lte(events.votingCloseAt, now),
        order: [desc(events.votingCloseAt), desc(events.id)],
      };
  }
}

export interface EventPage {
  data: EventSummary[];
  count: number;
  index: number;
  pageSize: number;
  hasMore: boolean;
}

/**
 * One section of /events at `now`: current (ending soonest first), upcoming (starting soonest
 * first) or past (the latest first). Past events come EVENTS_PAGE_SIZE a page; the other two
 * at most OPEN_SECTION_LIMIT at once.
 */
export async function listEvents(
  ctx: Pick<Call, 'db' | 'now'>,
  { section, index }: { section: EventSection; index: number },
): Promise<EventPage> {
  const { db } = ctx;
  const now = ctx.now();
  const { where, order } = sectionQuery(section, now);
  const pageSize = section === 'past' ? EVENTS_PAGE_SIZE : OPEN_SECTION_LIMIT;
  const offset = section === 'past' ? index * pageSize : 0;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(events)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset(offset),
    db.select({ total: count() }).from(events).where(where),
  ]);
  const totalCount = Number(total?.total ?? 0);
  return {
    data: await summarizeAll(db, rows, now),
    count: totalCount,
    index: section === 'past' ? index : 0,
    pageSize,
    hasMore: offset + rows.length < totalCount,
  };
}

async function findEvent(db: Database, slug: string): Promise<Event> {
  const [event] = await db.select().from(events).where(eq(events.slug, slug)).limit(1);
  if (!event) throw new ServiceError('not_found', EVENT_MESSAGES.notFound);
  return event;
}

/** An event whose entry or voting window is open at `now`; refused (409) otherwise. */
async function findOpenEvent(
  db: Database,
  slug: string,
  now: Date,
  window: 'entriesOpen' | 'votingOpen',
): Promise<Event> {
  const event = await findEvent(db, slug);
  if (!phaseOf(event, now)[window]) {
    throw new ServiceError(
      'conflict',
      window === 'entriesOpen' ? EVENT_MESSAGES.entriesClosed : EVENT_MESSAGES.votingClosed,
    );
  }
  return event;
}

/** Competition ranking over counts sorted most first: 1, 2, 2, 4. */
function ranksOf(sortedCounts: number[]): number[] {
  return sortedCounts.map((votes, position) =>
    position > 0 && sortedCounts[position - 1] === votes
      ? sortedCounts.indexOf(votes) + 1
      : position + 1,
  );
}

/**
 * An event's page: its rules, dates and entries (published videos only). Before voting closes
 * the entries come in the order they were entered and no count is shown; after, ranked by
 * votes (ties by who entered first) with their counts and ranks.
 */
export async function loadEvent(ctx: Pick<Call, 'db' | 'now'>, slug: string): Promise<EventDetail> {
  const { db } = ctx;
  const now = ctx.now();
  const event = await findEvent(db, slug);
  const phase = phaseOf(event, now);
  const votes = db
    .select({ entryId: eventVotes.entryId, votes: count().as('votes') })
    .from(eventVotes)
    .where(eq(eventVotes.eventId, event.id))
    .groupBy(eventVotes.entryId)
    .as('entry_votes');
  const rows = await db
    .select({
      entryId: eventEntries.id,
      votes: sql<number>`coalesce(${votes.votes}, 0)::int`,
      ...summaryColumns,
    })
    .from(eventEntries)
    .innerJoin(videos, eq(videos.id, eventEntries.videoId))
    .innerJoin(users, eq(users.id, videos.ownerId))
    .leftJoin(votes, eq(votes.entryId, eventEntries.id))
    .where(and(eq(eventEntries.eventId, event.id), shownEntry))
    .orderBy(
      ...(phase.resultsOut
        ? [sql`coalesce(${votes.votes}, 0) desc`, asc(eventEntries.createdAt), asc(eventEntries.id)]
        : [asc(eventEntries.createdAt), asc(eventEntries.id)]),
    );
  const ranks = ranksOf(rows.map((row) => Number(row.votes)));
  const entries = rows.map(({ entryId, votes: entryVotes, ...video }, position) => ({
    entryId,
    video: toSummary(video),
    votes: phase.resultsOut ? Number(entryVotes) : null,
    rank: phase.resultsOut ? ranks[position]! : null,
  }));
  return {
    ...summarize(event, now, entries.length),
    rules: event.rules,
    entries,
    totalVotes: phase.resultsOut
      ? entries.reduce((sum, entry) => sum + (entry.votes ?? 0), 0)
      : null,
  };
}

/** The viewer's vote, entries and choices in an event (a visitor's: nothing to do). */
export async function loadViewerParts(
  ctx: Pick<Call, 'db' | 'actor' | 'now'>,
  slug: string,
  rights: { canUpload: boolean; canParticipate: boolean },
): Promise<EventViewerParts> {
  const { db, actor } = ctx;
  const now = ctx.now();
  const event = await findEvent(db, slug);
  const none: EventViewerParts = {
    myVote: null,
    myEntries: [],
    canEnter: false,
    choices: [],
    canVote: false,
  };
  if (!actor) return none;
  const phase = phaseOf(event, now);
  const [[vote], mine] = await Promise.all([
    db
      .select({ entryId: eventVotes.entryId })
      .from(eventVotes)
      .where(and(eq(eventVotes.eventId, event.id), eq(eventVotes.userId, actor.id)))
      .limit(1),
    db
      .select({ id: eventEntries.id })
      .from(eventEntries)
      .where(and(eq(eventEntries.eventId, event.id), eq(eventEntries.userId, actor.id)))
      .orderBy(asc(eventEntries.id)),
  ]);
  const canEnter = phase.entriesOpen && rights.canUpload && mine.length < event.maxEntriesPerMember;
  const choices = canEnter
    ? await db
        .select({ id: videos.id, title: videos.title })
        .from(videos)
        .where(
          and(
            eq(videos.ownerId, actor.id),
            shownEntry,
            event.category ? eq(videos.category, event.category) : undefined,
            sql`not exists (select 1 from ${eventEntries} where ${eventEntries.eventId} = ${event.id} and ${eventEntries.videoId} = ${videos.id})`,
          ),
        )
        .orderBy(desc(videos.publishedAt), desc(videos.id))
        .limit(ENTRY_CHOICES_LIMIT)
    : [];
  return {
    myVote: vote?.entryId ?? null,
    myEntries: mine.map((entry) => entry.id),
    canEnter: canEnter && choices.length > 0,
    choices,
    canVote: phase.votingOpen && rights.canParticipate && !vote,
  };
}

/**
 * Enters one of the uploader's published videos (of the event's category, when it has one)
 * while entries are open, up to the event's number a member; a video once an event.
 */
export async function enterEvent(
  ctx: Pick<Call, 'db' | 'actor' | 'now'>,
  input: { slug: string; videoId: string },
): Promise<{ entryId: number }> {
  const { db, actor } = ctx;
  const now = ctx.now();
  const uploader = requireMemberRight(actor, 'upload');
  const event = await findOpenEvent(db, input.slug, now, 'entriesOpen');
  const [video] = await db
    .select({ ownerId: videos.ownerId, status: videos.status, category: videos.category })
    .from(videos)
    .where(eq(videos.id, input.videoId))
    .limit(1);
  if (!video || video.ownerId !== uploader.id || video.status !== 'published') {
    throw new ServiceError('invalid', EVENT_MESSAGES.notYourVideo);
  }
  if (event.category && video.category !== event.category) {
    throw new ServiceError('invalid', EVENT_MESSAGES.wrongCategory);
  }
  return inTransaction({ db }, async ({ db: tx }) => {
    // One member's entries are counted under a lock on their row, so two at once cannot both
    // take the last place.
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${uploader.id} for update`);
    const [mine] = await tx
      .select({ entries: count() })
      .from(eventEntries)
      .where(and(eq(eventEntries.eventId, event.id), eq(eventEntries.userId, uploader.id)));
    if (Number(mine?.entries ?? 0) >= event.maxEntriesPerMember) {
      throw new ServiceError('conflict', EVENT_MESSAGES.tooManyEntries);
    }
    const [entry] = await tx
      .insert(eventEntries)
      .values({ eventId: event.id, videoId: input.videoId, userId: uploader.id, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: eventEntries.id });
    if (!entry) throw new ServiceError('conflict', EVENT_MESSAGES.alreadyEntered);
    return { entryId: entry.id };
  });
}

/**
 * A verified member's vote for one entry while voting is open: one vote a member an event,
 * kept by the votes' primary key (a second vote, even at the same moment, is refused). Not
 * for one's own entry.
 */
export async function voteInEvent(
  ctx: Pick<Call, 'db' | 'actor' | 'now'>,
  input: { slug: string; entryId: number },
): Promise<{ entryId: number }> {
  const { db, actor } = ctx;
  const now = ctx.now();
  const voter = requireMemberRight(actor, 'participate');
  const event = await findOpenEvent(db, input.slug, now, 'votingOpen');
  const [entry] = await db
    .select({ userId: eventEntries.userId })
    .from(eventEntries)
    .innerJoin(videos, eq(videos.id, eventEntries.videoId))
    .where(and(eq(eventEntries.id, input.entryId), eq(eventEntries.eventId, event.id), shownEntry))
    .limit(1);
  if (!entry) throw new ServiceError('not_found', EVENT_MESSAGES.entryNotFound);
  if (entry.userId === voter.id) throw new ServiceError('forbidden', EVENT_MESSAGES.ownEntry);
  const [vote] = await db
    .insert(eventVotes)
    .values({ eventId: event.id, userId: voter.id, entryId: input.entryId, createdAt: now })
    .onConflictDoNothing()
    .returning({ entryId: eventVotes.entryId });
  if (!vote) throw new ServiceError('conflict', EVENT_MESSAGES.alreadyVoted);
  return vote;
}

// ---------------------------------------------------------------- administration

/** Every event for the admins' list, the latest to close first. */
export async function listAllEvents(
  ctx: Pick<Call, 'db' | 'actor' | 'now'>,
  index: number,
): Promise<EventPage> {
  const { db, actor } = ctx;
  const now = ctx.now();
  requireMemberRight(actor, 'administer');
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(events)
      .orderBy(desc(events.votingCloseAt), desc(events.id))
      .limit(EVENTS_PAGE_SIZE)
      .offset(index * EVENTS_PAGE_SIZE),
    db.select({ total: count() }).from(events),
  ]);
  const totalCount = Number(total?.total ?? 0);
  return {
    data: await summarizeAll(db, rows, now),
    count: totalCount,
    index,
    pageSize: EVENTS_PAGE_SIZE,
    hasMore: (index + 1) * EVENTS_PAGE_SIZE < totalCount,
  };
}

/** An event as the admins' form edits it. */
export interface EventForm {
  id: number;
  slug: string;
  title: string;
  summary: string;
  rules: string;
  category: Event['category'];
  maxEntriesPerMember: number;
  entriesOpenAt: string;
  entriesCloseAt: string;
  votingOpenAt: string;
  votingCloseAt: string;
}

export async function loadEventForm(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  id: number,
): Promise<EventForm> {
  requireMemberRight(actor, 'administer');
  const [event] = await db.select().from(events).where(eq(events.id, id)).limit(1);
  if (!event) throw new ServiceError('not_found', EVENT_MESSAGES.notFound);
  return {
    id: event.id,
    slug: event.slug,
    title: event.title,
    summary: event.summary,
    rules: event.rules,
    category: event.category,
    maxEntriesPerMember: event.maxEntriesPerMember,
    entriesOpenAt: iso(event.entriesOpenAt),
    entriesCloseAt: iso(event.entriesCloseAt),
    votingOpenAt: iso(event.votingOpenAt),
    votingCloseAt: iso(event.votingCloseAt),
  };
}

async function slugTaken(db: Database, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db.select({ id: events.id }).from(events).where(eq(events.slug, slug));
  return Boolean(row && row.id !== exceptId);
}

/** Creates an event (admins). */
export async function createEvent(
  ctx: Pick<Call, 'db' | 'actor' | 'now'>,
  input: CreateEventInput,
): Promise<{ id: number; slug: string }> {
  const { db, actor } = ctx;
  const now = ctx.now();
  const admin = requireMemberRight(actor, 'administer');
  if (await slugTaken(db, input.slug)) throw new ServiceError('conflict', EVENT_MESSAGES.slugTaken);
  const [event] = await db
    .insert(events)
    .values({ ...input, createdById: admin.id, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: events.id, slug: events.slug });
  if (!event) throw new ServiceError('conflict', EVENT_MESSAGES.slugTaken);
  return event;
}

/** Changes an event (admins): its text, category, entry limit and windows. */
export async function updateEvent(
  ctx: Pick<Call, 'db' | 'actor' | 'now'>,
  input: UpdateEventInput,
): Promise<{ id: number; slug: string }> {
  const { db, actor } = ctx;
  const now = ctx.now();
  requireMemberRight(actor, 'administer');
  const { id, ...fields } = input;
  if (await slugTaken(db, fields.slug, id)) {
    throw new ServiceError('conflict', EVENT_MESSAGES.slugTaken);
  }
  const [event] = await db
    .update(events)
    .set({ ...fields, updatedAt: now })
    .where(eq(events.id, id))
    .returning({ id: events.id, slug: events.slug });
  if (!event) throw new ServiceError('not_found', EVENT_MESSAGES.notFound);
  return event;
}

/** Deletes an event with its entries and votes (admins). */
export async function deleteEvent(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  id: number,
): Promise<{ id: number }> {
  requireMemberRight(actor, 'administer');
  const [event] = await db.delete(events).where(eq(events.id, id)).returning({ id: events.id });
  if (!event) throw new ServiceError('not_found', EVENT_MESSAGES.notFound);
  return event;
}

/** Takes an entry out of its event with its votes (admins: a disqualification). */
export async function removeEntry(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  entryId: number,
): Promise<{ entryId: number }> {
  requireMemberRight(actor, 'administer');
  const [entry] = await db
    .delete(eventEntries)
    .where(eq(eventEntries.id, entryId))
    .returning({ entryId: eventEntries.id });
  if (!entry) throw new ServiceError('not_found', 'entryId: this entry does not exist');
  return entry;
}
