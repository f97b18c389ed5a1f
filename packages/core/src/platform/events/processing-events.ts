import { EventEmitter } from 'node:events';
import type { Listings } from '../cache/listing-cache';

export type ProcessingEvent =
  | { type: 'progress'; videoId: string; ownerId: string; progress: number }
  /** Still processing, but its first quality plays (docs/decisions/0025). */
  | { type: 'playable'; videoId: string; ownerId: string; quality: number }
  | { type: 'published'; videoId: string; ownerId: string }
  /** Processed, but held as a copy of another member's video until staff decide (docs/reuploads.md). */
  | { type: 'held'; videoId: string; ownerId: string }
  | { type: 'failed'; videoId: string; ownerId: string; reason: string }
  | { type: 'processing'; videoId: string; ownerId: string }
  | { type: 'removed'; videoId: string; ownerId: string }
  /**
   * Who may open the video changed (its visibility, password, people or schedule): pages,
   * kept media marks and a live's event stream ask again (docs/security.md, "Media").
   */
  | { type: 'access'; videoId: string; ownerId: string }
  /** A live was ended from a page (its streamer, staff): the node holding its stream cuts it. */
  | { type: 'live-ended'; videoId: string; ownerId: string; reason: string }
  /** The comments of a live on air changed (its chat, docs/live.md): its viewers ask again. */
  | { type: 'chat'; videoId: string; ownerId: string }
  /**
   * How many pages of a live the web node `node` holds open (its part of the number watching,
   * docs/live.md): sent on each change and every few seconds while above 0.
   */
  | { type: 'watching'; videoId: string; node: string; count: number }
  /** The member `ownerId`'s notifications changed (a new one, or some read): the bell asks again. */
  | { type: 'notifications'; ownerId: string };

export interface ProcessingEventFilter {
  ownerId?: string;
  videoId?: string;
}

/**
 * Fan-out of processing events to whoever shows them live (the web app's server-sent events).
 * In-process by default; a Redis pub/sub implementation can stand in when web nodes and
 * workers are separate processes.
 */
export interface ProcessingEvents {
  publish(event: ProcessingEvent): void;
  /** Answers a function that unsubscribes. */
  subscribe(listener: (event: ProcessingEvent) => void, filter?: ProcessingEventFilter): () => void;
}

export class InProcessEvents implements ProcessingEvents {
  readonly #emitter = new EventEmitter();

  constructor() {
    // One listener per open page: many is normal, not a leak.
    this.#emitter.setMaxListeners(0);
  }

  publish(event: ProcessingEvent): void {
    this.#emitter.emit('event', event);
  }

  subscribe(listener: (event: ProcessingEvent) => void, filter: ProcessingEventFilter = {}) {
    const wrapped = (event: ProcessingEvent) => {
      if (filter.ownerId && (!('ownerId' in event) || event.ownerId !== filter.ownerId)) return;
      if (filter.videoId && (!('videoId' in event) || event.videoId !== filter.videoId)) return;
      listener(event);
    };
    this.#emitter.on('event', wrapped);
    return () => {
      this.#emitter.off('event', wrapped);
    };
  }
}

/** The events that change what a video's page or a listing shows: a change of the video's state. */
const STATE_CHANGES = new Set<ProcessingEvent['type']>([
  'playable',
  'published',
  'held',
  'failed',
  'processing',
  'removed',
  'live-ended',
  'access',
]);

/**
 * Drops this process's cached listings, and with their generation every kept page (the page
 * cache keys its pages by it), as soon as a video's state changes: a page kept from before
 * would offer the old state (no stream while its first quality already plays). Every process
 * hears the events, so each drops its own. Answers the function that stops following.
 */
export function dropCachedPagesOnStateChange(
  events: ProcessingEvents,
  listings: Pick<Listings, 'invalidateLocal'>,
  onError: (error: unknown) => void,
): () => void {
  return events.subscribe((event) => {
    if (STATE_CHANGES.has(event.type)) listings.invalidateLocal().catch(onError);
  });
}
