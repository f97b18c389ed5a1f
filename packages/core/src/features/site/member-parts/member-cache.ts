import type { User } from '../../../platform/db/schema';
import type { VideoParts } from './member-parts.schema';

/** What a session cookie's token was found to be: enough to judge it afresh on each request. */
export interface CachedSession {
  user: User;
  expiresAt: Date;
  updatedAt: Date;
}

interface MemberEntry {
  /** Holds a staff member's video parts: counts of open reports, which anyone's report changes. */
  staff: boolean;
  tokens: Set<string>;
  unreadMessages?: number;
  /** A video's parts, null when the video does not exist. */
  videos: Map<string, VideoParts | null>;
}

/** A moment in the cache's history, taken before reading the database (`ticket()`). */
export type CacheTicket = number;

const MAX_MEMBERS = 50_000;
const MAX_VIDEOS_PER_MEMBER = 32;
const MAX_CHANGE_MARKS = 100_000;

/**
 * Members' sessions and their own parts of shared pages, kept in this process's memory so a
 * member's request needs no database query (docs/decisions/0036).
 *
 * Exact by construction: the database's triggers announce every change to what an entry was
 * read from (`changed`), and an answer read from the database is kept only when nothing about
 * its member changed since the read began (its ticket). While the announcements may be missed
 * (before `live()`, after `lost()`) nothing is served or kept.
 */
export class MemberCache {
  readonly #members = new Map<string, MemberEntry>();
  readonly #sessions = new Map<string, CachedSession>();
  /** The change count at each member's latest change, to refuse answers read before it. */
  readonly #changedAt = new Map<string, number>();
  readonly #maxMembers: number;
  #changes = 0;
  /** Answers read before this change count are refused (everything was forgotten then). */
  #floor = 0;
  #staffChangedAt = 0;
  #live = false;

  constructor(options: { maxMembers?: number } = {}) {
    this.#maxMembers = options.maxMembers ?? MAX_MEMBERS;
  }

  /** Whether changes are being heard, so entries are kept and served. */
  get isLive(): boolean {
    return this.#live;
  }

  /** Changes are heard from now on: start afresh (what changed before is unknown). */
  live(): void {
    this.#forgetAll();
    this.#live = true;
  }

  /** Changes may go unheard: forget everything and keep nothing until `live()`. */
  lost(): void {
    this.#live = false;
    this.#forgetAll();
  }

  /**
   * One announcement of the database's triggers: `m:<member id>` (their account, sessions,
   * messages, blocks, votes, favorites, subscriptions or reports), `staff` (a report anyone
   * made or staff settled) or `all` (a video removed or given to another owner).
   */
  changed(payload: string): void {
    if (payload.startsWith('m:')) {
      const memberId = payload.slice(2);
      this.#changes += 1;
      if (this.#changedAt.size >= MAX_CHANGE_MARKS) this.#forgetAll();
      this.#changedAt.set(memberId, this.#changes);
      this.#drop(memberId);
    } else if (payload === 'staff') {
      this.#changes += 1;
      this.#staffChangedAt = this.#changes;
      for (const [memberId, entry] of this.#members) if (entry.staff) this.#drop(memberId);
    } else {
      this.#forgetAll();
    }
  }

  /** Take before reading the database; hand back with what was read. */
  ticket(): CacheTicket {
    return this.#changes;
  }

  session(token: string): CachedSession | undefined {
    return this.#live ? this.#sessions.get(token) : undefined;
  }

  keepSession(token: string, ticket: CacheTicket, session: CachedSession): void {
    const entry = this.#entryToKeep(session.user.id, ticket, false);
    if (!entry) return;
    entry.tokens.add(token);
    this.#sessions.set(token, session);
  }

  unreadMessages(memberId: string): number | undefined {
    return this.#live ? this.#members.get(memberId)?.unreadMessages : undefined;
  }

  keepUnreadMessages(memberId: string, ticket: CacheTicket, count: number): void {
    const entry = this.#entryToKeep(memberId, ticket, false);
    if (entry) entry.unreadMessages = count;
  }

  /** A video's parts for a member: undefined when not kept, null when the video was missing. */
  videoParts(memberId: string, videoId: string): VideoParts | null | undefined {
    return this.#live ? this.#members.get(memberId)?.videos.get(videoId) : undefined;
  }

  keepVideoParts(
    memberId: string,
    ticket: CacheTicket,
    staff: boolean,
    videoId: string,
    parts: VideoParts | null,
  ): void {
    const entry = this.#entryToKeep(memberId, ticket, staff);
    if (!entry) return;
    if (entry.videos.size >= MAX_VIDEOS_PER_MEMBER && !entry.videos.has(videoId)) {
      entry.videos.delete(entry.videos.keys().next().value!);
    }
    entry.videos.set(videoId, parts);
  }

  /** How many members have entries (for tests and health pages). */
  get size(): number {
    return this.#members.size;
  }

  /** The member's entry when an answer read since `ticket` may be kept in it, or null. */
  #entryToKeep(memberId: string, ticket: CacheTicket, staff: boolean): MemberEntry | null {
    if (!this.#live || ticket < this.#floor) return null;
    if ((this.#changedAt.get(memberId) ?? 0) > ticket) return null;
    if (staff && this.#staffChangedAt > ticket) return null;
    let entry = this.#members.get(memberId);
    if (!entry) {
      if (this.#members.size >= this.#maxMembers) {
        this.#drop(this.#members.keys().next().value!);
      }
      entry = { staff, tokens: new Set(), videos: new Map() };
      this.#members.set(memberId, entry);
    }
    entry.staff ||= staff;
    return entry;
  }

  #drop(memberId: string): void {
    const entry = this.#members.get(memberId);
    if (!entry) return;
    for (const token of entry.tokens) this.#sessions.delete(token);
    this.#members.delete(memberId);
  }

  #forgetAll(): void {
    this.#members.clear();
    this.#sessions.clear();
    this.#changedAt.clear();
    this.#changes += 1;
    this.#floor = this.#changes;
  }
}

declare module '../../../kernel/endpoint' {
  interface FeatureServices {
    /** Members' sessions and parts kept in memory (docs/decisions/0036); the web server's. */
    memberCache: MemberCache;
  }
}
