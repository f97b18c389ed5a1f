import { screenText, WATCHED_WORD_MESSAGES } from '../../moderation/watched-words';
import { requireMemberRight } from '../../../access/rights';
import { aliasedTable, and, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { consumeRequestLimit, type RequestLimit } from '../../../access/request-limit';
import { ServiceError } from '../../../kernel/errors/service-error';
import type { Database } from '../../../platform/db/client';
import { messages, users } from '../../../platform/db/schema';
import {
  findUserByUsername,
  pageOf,
  type ListPage,
  type PersonSummary,
  PEOPLE_MESSAGES,
} from '../social';
import { newVideoId } from '../../../kernel/public-id';
import { assertMayMessage, notBlockedBy } from '../../../access/people-rules';
import type { InboxBox, SendMessageInput } from './messages.schema';
import type { Call } from '../../../access/call';

/** Messages a page in each box (18 for lists, docs/limits.md). */
export const INBOX_PAGE_SIZE = 18;
/** How many characters of the text a list shows. */
export const PREVIEW_LENGTH = 140;
/** Per sender, counted in the shared rate_limits table so every web node sees the same count. */
export const SEND_LIMIT: RequestLimit = { max: 30, windowSeconds: 10 * 60 };

/** A message as a box lists it. */
export interface InboxEntry {
  id: string;
  subject: string;
  /** The start of the text, on one line. */
  preview: string;
  sender: PersonSummary;
  recipient: PersonSummary;
  ticket: string | null;
  createdAt: string;
  /** A received message the viewer has not opened yet (the sender never sees read state). */
  unread: boolean;
}

/** One opened message. */
export interface MessageDetail extends Omit<InboxEntry, 'preview'> {
  /** Which of the viewer's boxes holds it. */
  box: InboxBox;
  message: string;
}

const sender = aliasedTable(users, 'sender');
const recipient = aliasedTable(users, 'recipient');

const entryColumns = {
  id: messages.id,
  subject: messages.subject,
  body: messages.body,
  ticket: messages.ticket,
  createdAt: messages.createdAt,
  readAt: messages.readAt,
  recipientId: messages.recipientId,
  senderUsername: sender.username,
  senderImage: sender.image,
  senderIsSupporter: sender.isSupporter,
  recipientUsername: recipient.username,
  recipientImage: recipient.image,
  recipientIsSupporter: recipient.isSupporter,
};

type EntryRow = {
  id: string;
  subject: string;
  body: string;
  ticket: string | null;
  createdAt: Date;
  readAt: Date | null;
  recipientId: string;
  senderUsername: string;
  senderImage: string | null;
  senderIsSupporter: boolean;
  recipientUsername: string;
  recipientImage: string | null;
  recipientIsSupporter: boolean;
};

const selectEntries = (db: Database) =>
  db
    .select(entryColumns)
    .from(messages)
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .innerJoin(recipient, eq(recipient.id, messages.recipientId));

function previewOf(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1).trimEnd()}…` : line;
}

function toEntry(row: EntryRow, viewerId: string): Omit<InboxEntry, 'preview'> {
  return {
    id: row.id,
    subject: row.subject,
    sender: {
      username: row.senderUsername,
      image: row.senderImage,
      isSupporter: row.senderIsSupporter,
    },
    recipient: {
      username: row.recipientUsername,
      image: row.recipientImage,
      isSupporter: row.recipientIsSupporter,
    },
    ticket: row.ticket,
    createdAt: row.createdAt.toISOString(),
    unread: row.recipientId === viewerId && row.readAt === null,
  };
}

/**
 * The rows of a box: received ones the viewer has not deleted (nor from a member they
 * blocked), or sent ones the viewer has not deleted.
 */
function boxCondition(box: InboxBox, userId: string): SQL {
  return box === 'received'
    ? and(
        eq(messages.recipientId, userId),
        isNull(messages.recipientDeletedAt),
        notBlockedBy(userId, messages.senderId),
      )!
    : and(eq(messages.senderId, userId), isNull(messages.senderDeletedAt))!;
}

/** The viewer's own copy of a message: in their received or their sent box, not deleted. */
const ownCopy = (id: string, userId: string) =>
  and(eq(messages.id, id), or(boxCondition('received', userId), boxCondition('sent', userId)));

/**
 * Sends a private message (`/api/messages/send`, docs/people.md): signed-in verified members only,
 * to another member by username who takes messages from them (no block either way; a friend when
 * the recipient takes messages from friends only). Answers the new message's id; `delivered` once
 * it is stored in the recipient's inbox.
 */
export async function sendMessage(
  ctx: Pick<Call, 'db' | 'actor'> & Pick<Call, 'now'>,
  input: SendMessageInput,
): Promise<{ id: string; delivered: boolean; recipient: string }> {
  const { db, actor } = ctx;
  const now = ctx.now();
  const me = requireMemberRight(actor, 'participate', {
    signIn: PEOPLE_MESSAGES.notAuthenticated,
  });
  const { subject, message } = input;
  if (!input.recipient || !subject || !message) {
    throw new ServiceError('invalid', PEOPLE_MESSAGES.missingFields);
  }
  const to = await findUserByUsername(db, input.recipient);
  if (to.id === me.id) throw new ServiceError('invalid', PEOPLE_MESSAGES.selfMessage);
  await assertMayMessage(db, me.id, to);
  // The site's watched words (docs/moderation.md). A private message has no reader but its
  // recipient: a holding list refuses it too, since no one may review it first.
  if (await screenText(db, 'message', [subject, message])) {
    throw new ServiceError('invalid', WATCHED_WORD_MESSAGES.refused('message'));
  }
  await consumeRequestLimit({ db, now: () => now }, `messages:send:${me.id}`, SEND_LIMIT);
  const [stored] = await db
    .insert(messages)
    .values({
      id: newVideoId(),
      senderId: me.id,
      recipientId: to.id,
      subject,
      body: message,
      ticket: input.ticket || null,
      createdAt: now,
    })
    .returning({ id: messages.id });
  return { id: stored!.id, delivered: Boolean(stored), recipient: to.username };
}

/** How many received messages a user has not opened. */
export async function countUnread(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(
      and(
        eq(messages.recipientId, userId),
        isNull(messages.readAt),
        isNull(messages.recipientDeletedAt),
        notBlockedBy(userId, messages.senderId),
      ),
    );
  return Number(row?.n ?? 0);
}

/** One page of the viewer's received or sent messages, newest first, with the unread count. */
export async function listInbox(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  options: { box?: InboxBox; index?: number; pageSize?: number } = {},
): Promise<ListPage<InboxEntry> & { box: InboxBox; unreadCount: number }> {
  const me = requireMemberRight(actor, 'participate');
  const box = options.box ?? 'received';
  const index = options.index ?? 0;
  const pageSize = options.pageSize ?? INBOX_PAGE_SIZE;
  const condition = boxCondition(box, me.id);
  const [rows, [total], unreadCount] = await Promise.all([
    selectEntries(db)
      .where(condition)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(pageSize)
      .offset(index * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(condition),
    countUnread(db, me.id),
  ]);
  const entries = rows.map((row) => ({ ...toEntry(row, me.id), preview: previewOf(row.body) }));
  return {
    ...pageOf(entries, Number(total?.n ?? 0), index, pageSize),
    box,
    unreadCount,
  };
}

/**
 * Opens one of the viewer's messages; opening a received one marks it read. Anyone else's
 * message, or one the viewer deleted, answers 404 without saying whether it exists.
 */
export async function readMessage(
  ctx: Pick<Call, 'db' | 'actor'> & Pick<Call, 'now'>,
  id: string,
): Promise<MessageDetail> {
  const { db, actor } = ctx;
  const now = ctx.now();
  const me = requireMemberRight(actor, 'participate');
  const [row] = await selectEntries(db).where(ownCopy(id, me.id)).limit(1);
  if (!row) throw new ServiceError('not_found', PEOPLE_MESSAGES.messageMissing);
  const box: InboxBox = row.recipientId === me.id ? 'received' : 'sent';
  if (box === 'received' && row.readAt === null) {
    await db
      .update(messages)
      .set({ readAt: now })
      .where(and(eq(messages.id, id), isNull(messages.readAt)));
  }
  return { ...toEntry({ ...row, readAt: row.readAt ?? now }, me.id), box, message: row.body };
}

/**
 * Deletes the viewer's own copy of a message (profileInput's inbox delete, docs/people.md): the
 * recipient's from their inbox, the sender's from their sent box; the other side keeps theirs.
 * The row itself goes once both sides have deleted it.
 */
export async function deleteMessage(
  ctx: Pick<Call, 'db' | 'actor'> & Pick<Call, 'now'>,
  id: string,
): Promise<{ id: string; box: InboxBox }> {
  const { db, actor } = ctx;
  const now = ctx.now();
  const me = requireMemberRight(actor, 'participate');
  const at = sql`${now.toISOString()}::timestamptz`;
  const deleted = await db
    .update(messages)
    .set({
      recipientDeletedAt: sql`case when ${messages.recipientId} = ${me.id} then coalesce(${messages.recipientDeletedAt}, ${at}) else ${messages.recipientDeletedAt} end`,
      senderDeletedAt: sql`case when ${messages.senderId} = ${me.id} then coalesce(${messages.senderDeletedAt}, ${at}) else ${messages.senderDeletedAt} end`,
    })
    .where(ownCopy(id, me.id))
    .returning({ recipientId: messages.recipientId });
  const [row] = deleted;
  if (!row) throw new ServiceError('not_found', PEOPLE_MESSAGES.messageMissing);
  await db
    .delete(messages)
    .where(
      and(
        eq(messages.id, id),
        isNotNull(messages.senderDeletedAt),
        isNotNull(messages.recipientDeletedAt),
      ),
    );
  return { id, box: row.recipientId === me.id ? 'received' : 'sent' };
}
