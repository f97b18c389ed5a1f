import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { can, requireMemberRight } from '../../../access/rights';
import type { Actor } from '../../../kernel/endpoint';
import { ServiceError } from '../../../kernel/errors/service-error';
import type { Database } from '../../../platform/db/client';
import { inTransaction } from '../../../platform/db/unit-of-work';
import {
  watchedWordLists,
  type WatchedWordAction,
  type WatchedWordList,
} from '../../../platform/db/schema';
import { recordStaffAction } from '../staff-actions';
import { foldLookAlikes } from './look-alikes';
import type { Call } from '../../../access/call';

/** Bounds of a list (docs/moderation.md). */
export const MAX_WATCHED_WORDS = 500;
export const MAX_WATCHED_WORD_LENGTH = 100;
export const MAX_SITE_LISTS = 50;

/** The fields watched words screen, as a refusal names them to the writer. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  text: 'Your comment',
  message: 'Your message',
  title: 'The title',
  description: 'The description',
};
const fieldInWords = (field: string) => FIELD_WORDS[field] ?? `The ${field}`;

export const WATCHED_WORD_MESSAGES = {
  /** What a refused text is told, naming its field in words (never a raw "text: …"). */
  refused: (field: string) => `${fieldInWords(field)} uses a word this site does not allow`,
  refusedHere: (field: string) =>
    `${fieldInWords(field)} uses a word the uploader does not allow here`,
  missing: 'This list of watched words does not exist',
  noLetters: (word: string) => `words: "${word}" has no letter or digit to watch`,
  tooManyLists: `At most ${MAX_SITE_LISTS} lists`,
} as const;

/** The form texts and words are compared in (`foldLookAlikes`: look-alikes, case, marks). */
const letters = foldLookAlikes;

/**
 * A text as the matcher reads it: folded, and each run of anything but letters and digits
 * (spaces, punctuation, symbols, invisible characters) one space.
 */
const comparable = (text: string) => letters(text).replace(/[^\p{L}\p{N}]+/gu, ' ');

/**
 * How many more times a letter may come spaced out ("s p a a a m"), beyond any number written
 * together ("spaaaam"): a bound, since each spaced letter starts a word of its own.
 */
export const MAX_SPACED_REPEATS = 8;

interface Run {
  char: string;
  count: number;
}

/**
 * A word as its runs of one letter ("free": f, r, e twice), or null for one with no letter or
 * digit. A run matches that many letters or more ("spaaam" for "spam"; "as" is not "ass").
 */
function runsOf(word: string): Run[] | null {
  const chars = [...letters(word)].filter((char) => /[\p{L}\p{N}]/u.test(char));
  if (chars.length === 0) return null;
  const runs: Run[] = [];
  for (const char of chars) {
    const last = runs[runs.length - 1];
    if (last?.char === char) last.count += 1;
    else runs.push({ char, count: 1 });
  }
  return runs;
}

/** The words of a list as a tree of their runs: words sharing a start share its test. */
interface RunTree {
  /** A word of the list ends here. */
  end: boolean;
  next: { run: Run; tree: RunTree }[];
}

/** Whether a word of the list has letters or digits to watch (and so can be matched at all). */
export const isWatchable = (word: string): boolean => runsOf(word) !== null;

function treeOf(words: string[]): RunTree | null {
  const root: RunTree = { end: false, next: [] };
  for (const word of words) {
    const runs = runsOf(word);
    if (!runs) continue;
    let node = root;
    for (const run of runs) {
      let child = node.next.find((n) => n.run.char === run.char && n.run.count === run.count);
      if (!child) {
        child = { run, tree: { end: false, next: [] } };
        node.next.push(child);
      }
      node = child.tree;
    }
    node.end = true;
  }
  return root.next.length > 0 ? root : null;
}

/** Where `char` written at `at` ends, or at " char" (spaced), or -1. */
function letterAt(text: string, at: number, char: string, spaced: boolean): number {
  if (text.startsWith(char, at)) return at + char.length;
  if (spaced && text[at] === ' ' && text.startsWith(char, at + 1)) return at + 1 + char.length;
  return -1;
}

/**
 * Whether a word of the tree begins at `at` of a comparable text. Each run takes its letter
 * the times the word has it, each optionally after a space ("s p a m"), then every further one
 * written together and up to MAX_SPACED_REPEATS spaced out; the next run is another letter, so
 * taking them all never loses a match. Linear in what it reads, with no backtracking: a
 * pattern-matching expression of a 404-word list took 13.5 s on "a a a a …" (5,000 characters).
 */
function matchesAt(text: string, at: number, tree: RunTree): boolean {
  for (const { run, tree: rest } of tree.next) {
    let position = letterAt(text, at, run.char, false);
    for (let i = 1; i < run.count && position >= 0; i++) {
      position = letterAt(text, position, run.char, true);
    }
    if (position < 0) continue;
    while (text.startsWith(run.char, position)) position += run.char.length;
    // A word ending here ends at a space or the text's end ("spammm", not "spamx").
    if (rest.end && (position === text.length || text[position] === ' ')) return true;
    if (rest.next.length === 0) continue;
    for (let spaced = 0; spaced < MAX_SPACED_REPEATS && text[position] === ' '; spaced++) {
      const after = letterAt(text, position + 1, run.char, false);
      if (after < 0) break;
      position = after;
      while (text.startsWith(run.char, position)) position += run.char.length;
    }
    if (text[position] === ' ') position += 1;
    if (matchesAt(text, position, rest)) return true;
  }
  return false;
}

/** One compiled list: its action and the tree of its words. */
interface CompiledList {
  action: WatchedWordAction;
  tree: RunTree | null;
}

/** Lists compiled lately, by their action and words: a list is compiled once, not per text. */
const compiled = new Map<string, CompiledList>();
const MAX_COMPILED = 200;

function compile(list: Pick<WatchedWordList, 'action' | 'words'>): CompiledList {
  const key = `${list.action}\u0000${list.words.join('\u0000')}`;
  const known = compiled.get(key);
  if (known) return known;
  const fresh: CompiledList = { action: list.action, tree: treeOf(list.words) };
  if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
  compiled.set(key, fresh);
  return fresh;
}

/** Whether a comparable text holds a word of the tree, starting at a word's start. */
function holdsWord(text: string, tree: RunTree): boolean {
  for (let at = 0; at < text.length; at++) {
    if ((at === 0 || text[at - 1] === ' ') && text[at] !== ' ' && matchesAt(text, at, tree)) {
      return true;
    }
  }
  return false;
}

/** Whether a text uses a word of the list, in any of its variants. */
export function matchesWatchedWords(
  list: Pick<WatchedWordList, 'action' | 'words'>,
  text: string,
): boolean {
  const { tree } = compile(list);
  return tree !== null && holdsWord(comparable(text), tree);
}

/**
 * What the watched words say of a text: 'refuse' when a refusing list matches, 'hold' when
 * only a holding list does, null when none. The site's lists always; a member's own list
 * (`ownerId`: the uploader, for comments under their videos) besides.
 */
export async function checkWatchedWords(
  db: Pick<Database, 'select'>,
  texts: string[],
  options: { ownerId?: string | null } = {},
): Promise<WatchedWordVerdict | null> {
  const ownerId = options.ownerId ?? null;
  const lists = await db
    .select({
      name: watchedWordLists.name,
      action: watchedWordLists.action,
      words: watchedWordLists.words,
      ownerId: watchedWordLists.ownerId,
    })
    .from(watchedWordLists)
    .where(
      ownerId
        ? or(isNull(watchedWordLists.ownerId), eq(watchedWordLists.ownerId, ownerId))
        : isNull(watchedWordLists.ownerId),
    );
  if (lists.length === 0) return null;
  const normalized = texts.map(comparable);
  let found: WatchedWordVerdict | null = null;
  for (const list of lists) {
    const { tree } = compile(list);
    if (!tree || !normalized.some((text) => holdsWord(text, tree))) continue;
    const byOwner = list.ownerId !== null;
    if (list.action === 'refuse') return { action: 'refuse', byOwner, list: list.name, word: '' };
    found ??= { action: 'hold', byOwner, list: list.name, word: wordFound(list, texts) };
  }
  return found;
}

/** What the watched words say of a text that one of their lists matches. */
export interface WatchedWordVerdict {
  action: WatchedWordAction;
  /** A member's own list (the uploader's), not the site's. */
  byOwner: boolean;
  /** The list's name. */
  list: string;
  /** For a hold: the word (as the list writes it) the text uses; staff read why it waits. */
  word: string;
}

/** The first word of the list that one of the texts uses. */
function wordFound(list: Pick<WatchedWordList, 'action' | 'words'>, texts: string[]): string {
  return (
    list.words.find((word) =>
      texts.some((text) => matchesWatchedWords({ action: list.action, words: [word] }, text)),
    ) ?? ''
  );
}

/**
 * Refuses a text that a refusing list matches, naming `field` in words; answers the holding
 * list and word that match, if any (the caller holds it for review, when it can, and keeps why).
 */
export async function screenText(
  db: Pick<Database, 'select'>,
  field: string,
  texts: string[],
  options: { ownerId?: string | null } = {},
): Promise<WatchedWordVerdict | null> {
  const verdict = await checkWatchedWords(db, texts, options);
  if (!verdict) return null;
  if (verdict.action === 'refuse') {
    throw new ServiceError(
      'invalid',
      verdict.byOwner
        ? WATCHED_WORD_MESSAGES.refusedHere(field)
        : WATCHED_WORD_MESSAGES.refused(field),
    );
  }
  return verdict;
}

/**
 * The site's watched words on a title and a description (either may be left out): a refusing
 * list refuses them, naming the field. Nothing is held: videos, lives and profiles have no
 * review queue (docs/moderation.md).
 */
export async function screenDetails(
  db: Pick<Database, 'select'>,
  details: { title?: string | null; description?: string | null },
): Promise<void> {
  if (details.title) await screenText(db, 'title', [details.title]);
  if (details.description) await screenText(db, 'description', [details.description]);
}

/** A list as its keepers see it. */
export interface WatchedWordListView {
  id: string;
  name: string;
  action: WatchedWordAction;
  words: string[];
  updatedAt: string;
}

const toView = (row: WatchedWordList): WatchedWordListView => ({
  id: row.id,
  name: row.name,
  action: row.action,
  words: row.words,
  updatedAt: row.updatedAt.toISOString(),
});

/** Whose lists: the site's (staff) or the actor's own. */
export type ListScope = 'site' | 'mine';

function requireKeeper(actor: Actor | null, scope: ListScope): Actor {
  return scope === 'site'
    ? requireMemberRight(actor, 'moderate')
    : requireMemberRight(actor, 'upload');
}

const ownerOf = (actor: Actor, scope: ListScope) => (scope === 'site' ? null : actor.id);

export async function listWatchedWordLists(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  scope: ListScope,
): Promise<WatchedWordListView[]> {
  const me = requireKeeper(actor, scope);
  const owner = ownerOf(me, scope);
  const rows = await db
    .select()
    .from(watchedWordLists)
    .where(owner ? eq(watchedWordLists.ownerId, owner) : isNull(watchedWordLists.ownerId))
    .orderBy(asc(watchedWordLists.name), asc(watchedWordLists.id));
  return rows.map(toView);
}

export interface SaveListInput {
  /** Left out: a new list. */
  id?: string;
  name: string;
  action: WatchedWordAction;
  words: string[];
}

/**
 * Creates or changes a list; a site list's change is logged as a staff action in the same
 * transaction. Words are kept as written (trimmed, without repeats).
 */
export async function saveWatchedWordList(
  ctx: Pick<Call, 'db' | 'actor'> & Pick<Call, 'now'>,
  scope: ListScope,
  input: SaveListInput,
): Promise<WatchedWordListView> {
  const { db, actor } = ctx;
  const now = ctx.now();
  const me = requireKeeper(actor, scope);
  const owner = ownerOf(me, scope);
  const words: string[] = [];
  for (const raw of input.words) {
    const word = raw.trim().replace(/\s+/g, ' ');
    if (!word) continue;
    if (!isWatchable(word))
      throw new ServiceError('invalid', WATCHED_WORD_MESSAGES.noLetters(word));
    if (!words.some((kept) => letters(kept) === letters(word))) words.push(word);
  }
  return inTransaction({ db }, async ({ db: tx }) => {
    let row: WatchedWordList | undefined;
    if (input.id) {
      [row] = await tx
        .update(watchedWordLists)
        .set({ name: input.name, action: input.action, words, updatedAt: now })
        .where(
          and(
            eq(watchedWordLists.id, input.id),
            owner ? eq(watchedWordLists.ownerId, owner) : isNull(watchedWordLists.ownerId),
          ),
        )
        .returning();
      if (!row) throw new ServiceError('not_found', WATCHED_WORD_MESSAGES.missing);
    } else {
      if (scope === 'site') {
        const existing = await tx
          .select({ id: watchedWordLists.id })
          .from(watchedWordLists)
          .where(isNull(watchedWordLists.ownerId));
        if (existing.length >= MAX_SITE_LISTS) {
          throw new ServiceError('conflict', WATCHED_WORD_MESSAGES.tooManyLists);
        }
      } else {
        // A member keeps one list: saving a new one replaces it.
        await tx.delete(watchedWordLists).where(eq(watchedWordLists.ownerId, me.id));
      }
      [row] = await tx
        .insert(watchedWordLists)
        .values({
          id: randomBytes(8).toString('hex'),
          ownerId: owner,
          name: input.name,
          action: input.action,
          words,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
    }
    if (scope === 'site') {
      await recordStaffAction(
        { db: tx, actor: me, now: () => now },
        {
          action: 'save_watched_words',
          targetKind: 'word_list',
          targetId: row!.id,
          targetLabel: row!.name,
          reason: `${row!.action === 'hold' ? 'Hold for review' : 'Refuse'}: ${words.length} words`,
        },
      );
    }
    return toView(row!);
  });
}

export async function deleteWatchedWordList(
  ctx: Pick<Call, 'db' | 'actor'> & Pick<Call, 'now'>,
  scope: ListScope,
  id: string,
): Promise<void> {
  const { db, actor } = ctx;
  const now = ctx.now();
  const me = requireKeeper(actor, scope);
  const owner = ownerOf(me, scope);
  await inTransaction({ db }, async ({ db: tx }) => {
    const [row] = await tx
      .delete(watchedWordLists)
      .where(
        and(
          eq(watchedWordLists.id, id),
          owner ? eq(watchedWordLists.ownerId, owner) : isNull(watchedWordLists.ownerId),
        ),
      )
      .returning();
    if (!row) throw new ServiceError('not_found', WATCHED_WORD_MESSAGES.missing);
    if (scope === 'site') {
      await recordStaffAction(
        { db: tx, actor: me, now: () => now },
        {
          action: 'delete_watched_words',
          targetKind: 'word_list',
          targetId: row.id,
          targetLabel: row.name,
        },
      );
    }
  });
}

/** Whether the actor keeps the site's lists. */
export const keepsSiteLists = (actor: Actor | null) => can(actor, 'moderate');
