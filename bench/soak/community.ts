/**
 * The simulated community's shared state: who is there, what exists on the site as they saw
 * it, and the ledger of what they did — the rows the database should hold at the end.
 */
import type { Member } from '../support/site';
import type { Answer } from './traffic';

export type Role = 'member' | 'moderator' | 'admin';

export interface Person extends Member {
  role: Role;
  /** The account's id (from the staff member list), for staff actions on it. */
  id?: string;
  /** Videos of theirs that are published, and those still processing. */
  videos: string[];
  processing: string[];
  /** Disabled by staff right now (their requests are refused; they sign in again after). */
  disabled: boolean;
}

export interface CommentSeen {
  id: string;
  videoId: string;
  author: string;
  parentId: string | null;
  /** Held for a moderator: not shown until approved. */
  held: boolean;
  deleted: boolean;
}

/**
 * A set of rows the database should hold (a vote, a block): keys added and removed as the
 * site answered. A request that got no answer may or may not have changed it: its key is
 * uncertain and left out of the comparison.
 */
export class RowSet {
  readonly present = new Map<string, string>();
  readonly uncertain = new Set<string>();

  /** `value` is what the row holds (a vote's direction, a setting's mode). */
  set(key: string, value: string, answer: Answer<unknown>) {
    if (!answer.answered) this.uncertain.add(key);
    else if (answer.status >= 200 && answer.status < 300) this.present.set(key, value);
  }

  delete(key: string, answer: Answer<unknown>) {
    if (!answer.answered) this.uncertain.add(key);
    else if (answer.status >= 200 && answer.status < 300) this.present.delete(key);
  }

  /** An on/off row (a favorite, a block): sends `request(adding)` and records its answer. */
  async toggle(key: string, request: (adding: boolean) => Promise<Answer<unknown>>) {
    const adding = !this.present.has(key);
    const answer = await request(adding);
    if (adding) this.set(key, '1', answer);
    else this.delete(key, answer);
    return answer;
  }
}

/** Rows that are only added (messages, reports): ids of the answered ones, a count of the rest. */
export class RowLog {
  readonly ids = new Set<string>();
  count = 0;
  uncertain = 0;

  add(answer: Answer<unknown>, id?: string | number) {
    if (!answer.answered) this.uncertain += 1;
    else if (answer.status >= 200 && answer.status < 300) {
      this.count += 1;
      if (id !== undefined) this.ids.add(String(id));
    }
  }
}

export class Ledger {
  readonly accounts = new RowLog();
  readonly uploads = new RowLog();
  readonly comments = new RowLog();
  /** Comments approved by staff (ids), and deleted by anyone. */
  readonly approved = new RowSet();
  readonly deleted = new RowSet();
  readonly edited = new RowSet();
  readonly votes = new RowSet();
  readonly favorites = new RowSet();
  readonly subscriptions = new RowSet();
  readonly blocks = new RowSet();
  readonly messages = new RowLog();
  readonly reports = new RowLog();
  readonly tickets = new RowLog();
  /** Posts in tickets: the opening message, members' replies and staff answers. */
  readonly ticketPosts = new RowLog();
  readonly eventVotes = new RowSet();
  readonly eventEntries = new RowLog();
  readonly notificationSettings = new RowSet();
  readonly unpublished = new RowSet();
  readonly disabled = new RowSet();
  readonly labels = new RowSet();
}

export class Community {
  readonly people: Person[] = [];
  readonly videos: { id: string; owner: string }[] = [];
  readonly comments = new Map<string, CommentSeen>();
  readonly tickets: { id: number; owner: string }[] = [];
  event: { slug: string; entries: { entryId: number; owner: string }[] } | null = null;
  readonly ledger = new Ledger();
  /** Replies approved for a member who takes replies by e-mail at once (issue 28's case). */
  immediateReplyApprovals = 0;
  /**
   * Comments with an approval sent and not yet answered, and how many edits of each comment
   * were answered: an edit by a new account holds an approved comment again (docs/comments.md),
   * so an approval and an edit in flight together leave the comment's state open.
   */
  readonly approving = new Set<string>();
  readonly editsAnswered = new Map<string, number>();
  readonly approvalsAnswered = new Map<string, number>();
  /** What went wrong in the bench itself (not the site): printed, and it fails the run. */
  readonly troubles: string[] = [];

  constructor(readonly random: () => number) {}

  pick<T>(items: readonly T[]): T | undefined {
    return items.length === 0 ? undefined : items[Math.floor(this.random() * items.length)];
  }

  members(): Person[] {
    return this.people.filter((person) => person.role === 'member');
  }

  other(than: Person): Person | undefined {
    return this.pick(this.people.filter((person) => person !== than));
  }

  byName(username: string): Person | undefined {
    return this.people.find((person) => person.username === username);
  }

  /** Comments anyone may read and answer: approved (or never held), not deleted. */
  visibleComments(): CommentSeen[] {
    return [...this.comments.values()].filter((comment) => !comment.held && !comment.deleted);
  }
}

/** A small seeded generator (mulberry32), so a run's choices can be made again. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
