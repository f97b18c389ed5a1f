import { z } from 'zod';
import { can } from '../../../access/rights';
import { PagePosition, toVideoListItem, VideoListItem } from '../../discovery/browse';
import { defineModeEndpoint } from '../../../kernel/endpoint';
import { CATEGORIES } from '../../../platform/db/schema';
import { EVENT_STATES } from './event-labels';
import {
  CreateEventInput,
  EnterInput,
  EntryRef,
  EventIdRef,
  EventListInput,
  EventRef,
  UpdateEventInput,
  VoteInput,
} from './events.schema';
import {
  createEvent,
  deleteEvent,
  enterEvent,
  listAllEvents,
  listEvents,
  loadEvent,
  loadEventForm,
  loadViewerParts,
  removeEntry,
  updateEvent,
  voteInEvent,
  type EventPage,
} from './events.service';

const isoDate = z.string().describe('an ISO 8601 date');
const Windows = {
  entriesOpenAt: isoDate,
  entriesCloseAt: isoDate,
  votingOpenAt: isoDate,
  votingCloseAt: isoDate,
};

const EventSummaryAnswer = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  category: z.enum(CATEGORIES).nullable(),
  maxEntriesPerMember: z.number().int(),
  ...Windows,
  entryCount: z.number().int().min(0),
  state: z.enum(EVENT_STATES),
  entriesOpen: z.boolean(),
  votingOpen: z.boolean(),
  resultsOut: z.boolean(),
});

const EventPageAnswer = PagePosition.extend({
  data: z.array(EventSummaryAnswer),
  pageSize: z.number().int().min(1),
});

const EventDetailAnswer = z.object({
  data: EventSummaryAnswer.extend({
    rules: z.string(),
    totalVotes: z.number().int().nullable(),
    entries: z.array(
      z.object({
        entryId: z.number().int(),
        video: VideoListItem,
        votes: z.number().int().nullable().describe('null until voting closes'),
        rank: z.number().int().nullable().describe('null until voting closes'),
      }),
    ),
  }),
});

const EventFormAnswer = z.object({
  data: z.object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    rules: z.string(),
    category: z.enum(CATEGORIES).nullable(),
    maxEntriesPerMember: z.number().int(),
    ...Windows,
  }),
});

const EventChanged = z.object({ id: z.number().int(), slug: z.string() });

const pageBody = (page: EventPage) => ({
  data: page.data,
  count: page.count,
  index: page.index,
  hasMore: page.hasMore,
  pageSize: page.pageSize,
});

const WINDOW_HELP =
  '`entriesOpenAt`, `entriesCloseAt`, `votingOpenAt`, `votingCloseAt` (ISO 8601 with a zone; each window opens before it closes, and voting closes no sooner than entries)';
const EVENT_FIELDS_HELP = `\`slug\` (2 to 64 lower-case letters, digits and dashes), \`title\` (at most 120 characters), \`summary\` (at most 300), \`rules\` (at most 10000), \`category\` (or null for any), \`maxEntriesPerMember\` (1 to 20, default 1), ${WINDOW_HELP}`;

/**
 * `/api/v2/events`: events (docs/events.md). Anyone reads the events and their pages;
 * uploaders enter their published videos while entries are open; verified members vote once
 * an event while voting is open; counts and ranks appear when voting closes. Admins create,
 * change and delete events and remove entries.
 */
export const eventsEndpoint = defineModeEndpoint({
  path: '/api/v2/events',
  summary:
    'Events: list them, read one with its entries (and its results once voting has closed), enter a video, vote once; admins run them.',
  modes: {
    List: {
      right: 'view',
      summary:
        'One `section` of the events: current (ending soonest first), upcoming (starting soonest first) or past (the latest first, 12 a page by `index`).',
      input: EventListInput,
      output: EventPageAnswer,
      handle: async (input, context) => ({
        body: pageBody(await listEvents(context, input)),
      }),
    },
    Load: {
      right: 'view',
      summary:
        'An event by `slug`: its rules, windows, state and entries. Votes and ranks are null until voting closes; then the entries come ranked by votes.',
      input: EventRef,
      output: EventDetailAnswer,
      handle: async ({ slug }, context) => {
        const event = await loadEvent(context, slug);
        return {
          body: {
            data: {
              ...event,
              entries: event.entries.map((entry) => ({
                ...entry,
                video: toVideoListItem(entry.video),
              })),
            },
          },
        };
      },
    },
    Mine: {
      right: 'participate',
      summary:
        'Your part of an event (`slug`): `myVote` (the entry you voted for), `myEntries`, whether you may enter a video now (`canEnter`, with the `choices` of your published videos) and whether you may vote (`canVote`).',
      input: EventRef,
      output: z.object({
        myVote: z.number().int().nullable(),
        myEntries: z.array(z.number().int()),
        canEnter: z.boolean(),
        choices: z.array(z.object({ id: z.string(), title: z.string() })),
        canVote: z.boolean(),
      }),
      handle: async ({ slug }, context) => ({
        body: {
          ...(await loadViewerParts(context, slug, {
            canUpload: can(context.actor, 'upload'),
            canParticipate: can(context.actor, 'participate'),
          })),
        },
      }),
    },
    Enter: {
      right: 'upload',
      summary:
        "Enter one of your published videos (`videoId`) in an event (`slug`) while its entries are open: of the event's category when it has one, once a video, up to the event's number of entries a member.",
      input: EnterInput,
      output: z.object({ entryId: z.number().int() }),
      handle: async (input, context) => ({
        status: 201,
        body: await enterEvent(context, input),
      }),
    },
    Vote: {
      right: 'participate',
      summary:
        'Vote for an entry (`entryId`) of an event (`slug`) while voting is open: one vote a member an event, not for your own entry; a second vote answers 409.',
      input: VoteInput,
      output: z.object({ entryId: z.number().int() }),
      handle: async (input, context) => ({
        status: 201,
        body: await voteInEvent(context, input),
      }),
    },
    AdminList: {
      right: 'administer',
      summary: 'Admins: every event, the latest to close first, 12 a page by `index`.',
      input: EventListInput.pick({ index: true }),
      output: EventPageAnswer,
      handle: async ({ index }, context) => ({
        body: pageBody(await listAllEvents(context, index)),
      }),
    },
    AdminLoad: {
      right: 'administer',
      summary: 'Admins: an event (`id`) as its form edits it.',
      input: EventIdRef,
      output: EventFormAnswer,
      handle: async ({ id }, context) => ({
        body: { data: await loadEventForm(context, id) },
      }),
    },
    Create: {
      right: 'administer',
      summary: `Admins: create an event: ${EVENT_FIELDS_HELP}.`,
      input: CreateEventInput,
      output: EventChanged,
      handle: async (input, context) => ({
        status: 201,
        body: await createEvent(context, input),
      }),
    },
    Update: {
      right: 'administer',
      summary: `Admins: change an event (\`id\`) with every field: ${EVENT_FIELDS_HELP}.`,
      input: UpdateEventInput,
      output: EventChanged,
      handle: async (input, context) => ({
        body: await updateEvent(context, input),
      }),
    },
    Delete: {
      right: 'administer',
      summary: 'Admins: delete an event (`id`) with its entries and votes.',
      input: EventIdRef,
      output: z.object({ id: z.number().int() }),
      handle: async ({ id }, context) => ({
        body: await deleteEvent(context, id),
      }),
    },
    RemoveEntry: {
      right: 'administer',
      summary: 'Admins: take an entry (`entryId`) out of its event, with its votes.',
      input: EntryRef,
      output: z.object({ entryId: z.number().int() }),
      handle: async ({ entryId }, context) => ({
        body: await removeEntry(context, entryId),
      }),
    },
  },
});
