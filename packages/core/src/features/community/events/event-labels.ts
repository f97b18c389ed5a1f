/**
 * What the event pages and their buttons share with the service, free of zod so client
 * components may import it (bundle budget).
 */

/** Where an event stands, from its dates and the clock. */
export const EVENT_STATES = ['upcoming', 'current', 'closed'] as const;
export type EventState = (typeof EVENT_STATES)[number];

/** The sections of /events, in page order. */
export const EVENT_SECTIONS = ['current', 'upcoming', 'past'] as const;
export type EventSection = (typeof EVENT_SECTIONS)[number];

/** The first event's own page (/worldpmvgames2024, docs/events.md), made by the demo content. */
export const FIRST_EVENT_SLUG = 'worldpmvgames2024';

export const EVENT_MESSAGES = {
  notFound: 'This event does not exist',
  slugTaken: 'slug: another event already has this address',
  entriesClosed: 'Entries are not open for this event',
  notYourVideo: 'videoId: is not one of your published videos',
  wrongCategory: "videoId: is not of the event's category",
  alreadyEntered: 'videoId: is already entered in this event',
  tooManyEntries: 'You have entered as many videos as this event allows',
  votingClosed: 'Voting is not open for this event',
  entryNotFound: 'entryId: is not an entry of this event',
  ownEntry: 'You cannot vote for your own entry',
  alreadyVoted: 'You have already voted in this event: each member has one vote',
} as const;
