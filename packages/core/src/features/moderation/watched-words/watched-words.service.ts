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
import type { Call } from '../../../access/call';

/** Bounds of a list (docs/moderation.md). */
export const MAX_WATCHED_WORDS = 500;
export const MAX_WATCHED_WORD_LENGTH = 100;
export const MAX_SITE_LISTS = 50;

export const WATCHED_WORD_MESSAGES = {
  /** What a refused text is told, naming its field. */
  refused: (field: string) => `${field}: uses words this site does not allow`,
  refusedHere: (field: string) => `${field}: uses words the uploader does not allow here`,
  missing: 'This list of watched words does not exist',
  noLetters: (word: string) => `words: "${word}" has no letter or digit to watch`,
  tooManyLists: `At most ${MAX_SITE_LISTS} lists`,
} as const;

/**
 * The form texts and words are compared in: lower case, accents and other marks taken off
 * (é → e, ß → ss), letters and digits only.
 */
function letters(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss');
}

const escape = (char: string) => char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A word or phrase as a pattern that also catches its variants: any case, with or without
 * accents, each letter repeated ("spaaam"), letters spaced or joined by punctuation
 * ("s p a m", "s.p.a.m", "spam-link" for "spam link"); never inside a longer word ("ham" is
 * not in "shame"). Null for one with no letter or digit.
 */
export function watchedWordPattern(word: string): string | null {
  const chars = [...letters(word)].filter((char) => /[\p{L}\p{N}]/u.test(char));
  if (chars.length === 0) return null;
  // A run of one letter matches that many or more ("free": e twice or more, "spam": "spaaam").
  const runs: { char: string; count: number }[] = [];
  for (const char of chars) {
    const last = runs[runs.length - 1];
    if (last?.char === char) last.count += 1;
    else runs.push({ char, count: 1 });
  }
  const gap = '[^\\p{L}\\p{N}]*';
  const body = runs
    .map(({ char, count }) => {
      const letter = escape(char);
      // n times, then any more, spaced or not ("s p a a a m").
      return `${Array(count).fill(letter).join(gap)}(?:${gap}${letter})*`;
    })
    .join(gap);
  return `(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`;
}

/** One compiled list: its action and one expression for all its words. */
interface CompiledList {
  action: WatchedWordAction;
  pattern: RegExp | null;
}

function compile(list: Pick<WatchedWordList, 'action' | 'words'>): CompiledList {
  const parts = list.words.map(watchedWordPattern).filter((part): part is string => !!part);
  return {
    action: list.action,
    pattern: parts.length > 0 ? new RegExp(parts.join('|'), 'u') : null,
  };
}

/** Whether a text uses a word of the list, in any of its variants. */
export function matchesWatchedWords(
  list: Pick<WatchedWordList, 'action' | 'words'>,
  text: string,
): boolean {
  const { pattern } = compile(list);
  return pattern !== null && pattern.test(letters(text));
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
): Promise<{ action: WatchedWordAction; byOwner: boolean } | null> {
  const ownerId = options.ownerId ?? null;
  const lists = await db
    .select({
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
  const normalized = texts.map(letters);
  let found: { action: WatchedWordAction; byOwner: boolean } | null = null;
  for (const list of lists) {
    const { pattern } = compile(list);
    if (!pattern || !normalized.some((text) => pattern.test(text))) continue;
    const byOwner = list.ownerId !== null;
    if (list.action === 'refuse') return { action: 'refuse', byOwner };
    found ??= { action: 'hold', byOwner };
  }
  return found;
}

/**
 * Refuses a text that a refusing list matches, naming `field`; answers whether a holding list
 * matches (the caller holds it for review, when it can).
 */
export async function screenText(
  db: Pick<Database, 'select'>,
  field: string,
  texts: string[],
  options: { ownerId?: string | null } = {},
): Promise<'hold' | null> {
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
  return 'hold';
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
    if (!watchedWordPattern(word))
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
