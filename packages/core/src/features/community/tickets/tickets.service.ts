import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { can, requireMemberRight, requireRight } from '../../../access/rights';
import { consumeRequestLimit, type RequestLimit } from '../../../access/request-limit';
import type { Actor } from '../../../kernel/endpoint';
import { ServiceError } from '../../../kernel/errors/service-error';
import type { Database } from '../../../platform/db/client';
import {
  ticketImages,
  ticketPosts,
  tickets,
  users,
  type TicketState,
} from '../../../platform/db/schema';
import { notify, type NotificationSink } from '../../people/notifications';
import { imageDemuxer } from '../../people/profiles';
import { pageOf, type ListPage } from '../../people/social';
import type { Storage } from '../../../platform/storage/storage';
import type { CreateTicketInput, TicketCategory, TicketReplyInput } from './tickets.schema';
import { inTransaction, unitOf } from '../../../platform/db/unit-of-work';
import type { Call } from '../../../access/call';

/** Tickets a page (18 for lists, docs/limits.md). */
export const TICKETS_PAGE_SIZE = 18;
/** New tickets per member: enough for anyone with a real question. */
export const TICKET_CREATE_LIMIT: RequestLimit = { max: 5, windowSeconds: 3600 };
/** Replies per member (or staff member) across tickets. */
export const TICKET_REPLY_LIMIT: RequestLimit = { max: 30, windowSeconds: 600 };

export const TICKET_MESSAGES = {
  missing: 'This ticket does not exist',
  alreadyClosed: 'This ticket is already closed',
  imageMissing: 'This image does not exist',
  notImage: 'images: each image must be a JPEG, PNG, GIF or WebP picture',
  tooLarge: (maxBytes: number) => `images: each image may be at most ${formatBytes(maxBytes)}`,
} as const;

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 2) return `${Math.round((bytes / 1024 ** 2) * 10) / 10} MB`;
  return bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`;
}

/** The ticket's reference as the member and staff see it. */
export const ticketRef = (id: number) => `T-${id}`;

/** The call, with what the ticket calls need besides it. */
export interface TicketContext extends Pick<Call, 'db' | 'actor' | 'now'> {
  storage: Storage;
  /** TICKET_IMAGE_MAX_BYTES */
  maxImageBytes: number;
  sink: NotificationSink;
}

const IMAGE_TYPES: Record<string, { contentType: string; extension: string }> = {
  jpeg_pipe: { contentType: 'image/jpeg', extension: 'jpg' },
  png_pipe: { contentType: 'image/png', extension: 'png' },
  gif: { contentType: 'image/gif', extension: 'gif' },
  webp_pipe: { contentType: 'image/webp', extension: 'webp' },
};

interface CheckedImage {
  bytes: Buffer;
  contentType: string;
  extension: string;
}

/**
 * Decodes the attached images and checks each by its content (the first bytes name the
 * format; the name or type a browser claims is not believed) and its size, before anything
 * is stored.
 */
export function checkTicketImages(images: string[], maxImageBytes: number): CheckedImage[] {
  return images.map((data) => {
    const base64 = data.startsWith('data:') ? data.slice(data.indexOf(',') + 1) : data;
    if (!/^[A-Za-z0-9+/=\s]+$/.test(base64)) {
      throw new ServiceError('invalid', TICKET_MESSAGES.notImage);
    }
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length > maxImageBytes) {
      throw new ServiceError('invalid', TICKET_MESSAGES.tooLarge(maxImageBytes));
    }
    const demuxer = imageDemuxer(bytes);
    const type = demuxer ? IMAGE_TYPES[demuxer] : undefined;
    if (!type) throw new ServiceError('invalid', TICKET_MESSAGES.notImage);
    return { bytes, ...type };
  });
}

/**
 * Stores a post's images under a random folder and answers their rows; on a failure the ones
 * already stored are removed. They are never public: /media serves none of them, and
 * `openTicketImage` hands them only to the ticket's member and staff.
 */
async function storeImages(storage: Storage, postId: string, images: CheckedImage[], now: Date) {
  const folder = `tickets/${randomBytes(16).toString('hex')}`;
  const rows: (typeof ticketImages.$inferInsert)[] = [];
  try {
    for (const [index, image] of images.entries()) {
      const key = `${folder}/${index + 1}.${image.extension}`;
      await storage.putBytes(key, image.bytes, { contentType: image.contentType });
      rows.push({
        id: randomBytes(9).toString('base64url'),
        postId,
        storageKey: key,
        contentType: image.contentType,
        bytes: image.bytes.length,
        createdAt: now,
      });
    }
  } catch (error) {
    await storage.deletePrefix(`${folder}/`).catch(() => undefined);
    throw error;
  }
  return { folder, rows };
}

/** Adds a post (and its images) to a ticket; the images are stored before the rows. */
async function addPost(
  ctx: TicketContext,
  ticketId: number,
  post: { authorId: string; fromStaff: boolean; body: string; images: CheckedImage[] },
  state: TicketState,
  now: Date,
) {
  const postId = randomBytes(9).toString('base64url');
  const stored =
    post.images.length > 0 ? await storeImages(ctx.storage, postId, post.images, now) : null;
  try {
    await inTransaction(ctx, async ({ db: tx }) => {
      await tx.insert(ticketPosts).values({
        id: postId,
        ticketId,
        authorId: post.authorId,
        fromStaff: post.fromStaff,
        body: post.body,
        createdAt: now,
      });
      if (stored) await tx.insert(ticketImages).values(stored.rows);
      await tx
        .update(tickets)
        .set({
          state,
          updatedAt: now,
          closedAt: state === 'closed' ? now : null,
        })
        .where(eq(tickets.id, ticketId));
    });
  } catch (error) {
    if (stored) await ctx.storage.deletePrefix(`${stored.folder}/`).catch(() => undefined);
    throw error;
  }
}

/**
 * Opens a support ticket: a category from the list, a subject, the first message and up to
 * three images. Answers its number.
 */
export async function createTicket(
  ctx: TicketContext,
  input: CreateTicketInput,
): Promise<{ id: number; ref: string; state: TicketState }> {
  const { actor } = ctx;
  const now = ctx.now();
  const me = requireMemberRight(actor, 'participate');
  const images = checkTicketImages(input.images, ctx.maxImageBytes);
  await consumeRequestLimit(
    { ...ctx, now: () => now },
    `tickets:create:${me.id}`,
    TICKET_CREATE_LIMIT,
  );
  const [ticket] = await ctx.db
    .insert(tickets)
    .values({
      userId: me.id,
      category: input.category,
      subject: input.subject,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: tickets.id });
  try {
    await addPost(
      ctx,
      ticket!.id,
      { authorId: me.id, fromStaff: false, body: input.message, images },
      'open',
      now,
    );
  } catch (error) {
    await ctx.db.delete(tickets).where(eq(tickets.id, ticket!.id));
    throw error;
  }
  return { id: ticket!.id, ref: ticketRef(ticket!.id), state: 'open' };
}

export interface TicketSummary {
  id: number;
  ref: string;
  category: TicketCategory;
  subject: string;
  state: TicketState;
  createdAt: string;
  updatedAt: string;
  /** The member who opened it. */
  username: string;
  posts: number;
}

const summaryColumns = {
  id: tickets.id,
  category: tickets.category,
  subject: tickets.subject,
  state: tickets.state,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
  username: users.username,
  posts: sql<number>`(select count(*)::int from ${ticketPosts} where ${ticketPosts.ticketId} = ${tickets.id})`,
};

type SummaryRow = {
  id: number;
  category: TicketCategory;
  subject: string;
  state: TicketState;
  createdAt: Date;
  updatedAt: Date;
  username: string;
  posts: number;
};

const toSummary = (row: SummaryRow): TicketSummary => ({
  ...row,
  ref: ticketRef(row.id),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  posts: Number(row.posts),
});

async function ticketPage(
  db: Database,
  where: ReturnType<typeof eq>,
  index: number,
): Promise<ListPage<TicketSummary>> {
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(tickets)
      .innerJoin(users, eq(users.id, tickets.userId))
      .where(where)
      .orderBy(desc(tickets.updatedAt), desc(tickets.id))
      .limit(TICKETS_PAGE_SIZE)
      .offset(index * TICKETS_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(tickets)
      .where(where),
  ]);
  return pageOf(rows.map(toSummary), Number(total?.n ?? 0), index, TICKETS_PAGE_SIZE);
}

/** The viewer's own tickets, the most recently active first (/ticket/history). */
export async function listMyTickets(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  index = 0,
): Promise<ListPage<TicketSummary>> {
  const me = requireMemberRight(actor, 'participate');
  return ticketPage(db, eq(tickets.userId, me.id), index);
}

/** Staff's queue: the tickets in one state, the most recently active first, and the counts. */
export async function listTicketQueue(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  options: { state: TicketState; index?: number },
): Promise<ListPage<TicketSummary> & { state: TicketState; counts: Record<TicketState, number> }> {
  requireRight(actor, 'moderate');
  const [page, counted] = await Promise.all([
    ticketPage(db, eq(tickets.state, options.state), options.index ?? 0),
    db
      .select({ state: tickets.state, n: sql<number>`count(*)::int` })
      .from(tickets)
      .groupBy(tickets.state),
  ]);
  const counts = { open: 0, answered: 0, closed: 0 };
  for (const row of counted) counts[row.state] = Number(row.n);
  return { ...page, state: options.state, counts };
}

export interface TicketPost {
  id: string;
  body: string;
  fromStaff: boolean;
  /** The writer's username; staff posts show as "Support". */
  author: string;
  createdAt: string;
  images: { url: string; contentType: string; bytes: number }[];
}

export interface TicketThread extends TicketSummary {
  thread: TicketPost[];
}

/**
 * The viewer's ticket (or, for staff, anyone's) with its thread, oldest post first. Anyone
 * else's answers 404 without saying whether it exists.
 */
export async function loadTicket(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  storage: Storage,
  id: number,
  options: { asStaff?: boolean } = {},
): Promise<TicketThread> {
  const ticket = await findTicket(db, actor, id, options);
  const posts = await db
    .select({
      id: ticketPosts.id,
      body: ticketPosts.body,
      fromStaff: ticketPosts.fromStaff,
      createdAt: ticketPosts.createdAt,
      author: users.username,
    })
    .from(ticketPosts)
    .leftJoin(users, eq(users.id, ticketPosts.authorId))
    .where(eq(ticketPosts.ticketId, id))
    .orderBy(asc(ticketPosts.createdAt), asc(ticketPosts.id));
  const images =
    posts.length === 0
      ? []
      : await db
          .select()
          .from(ticketImages)
          .where(
            inArray(
              ticketImages.postId,
              posts.map((post) => post.id),
            ),
          )
          .orderBy(asc(ticketImages.storageKey));
  const staffView = Boolean(options.asStaff);
  return {
    ...ticket,
    thread: posts.map((post) => ({
      id: post.id,
      body: post.body,
      fromStaff: post.fromStaff,
      // Members see "Support"; staff see which of them wrote.
      author: post.fromStaff && !staffView ? 'Support' : (post.author ?? 'Former member'),
      createdAt: post.createdAt.toISOString(),
      images: images
        .filter((image) => image.postId === post.id)
        .map((image) => ({
          url: ticketImagePath(image.id),
          contentType: image.contentType,
          bytes: image.bytes,
        })),
    })),
  };
}

async function findTicket(
  db: Database,
  actor: Actor | null,
  id: number,
  options: { asStaff?: boolean },
): Promise<TicketSummary & { userId: string }> {
  const me = options.asStaff
    ? requireRight(actor, 'moderate')
    : requireMemberRight(actor, 'participate');
  const [row] = await db
    .select({ ...summaryColumns, userId: tickets.userId })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(
      options.asStaff ? eq(tickets.id, id) : and(eq(tickets.id, id), eq(tickets.userId, me!.id)),
    )
    .limit(1);
  if (!row) throw new ServiceError('not_found', TICKET_MESSAGES.missing);
  return { ...toSummary(row), userId: row.userId };
}

/**
 * A reply in the thread. The member's reply reopens the ticket (open, waiting for staff);
 * a staff answer marks it answered and tells the member (notification and, by default,
 * e-mail).
 */
export async function replyToTicket(
  ctx: TicketContext,
  input: TicketReplyInput,
  options: { asStaff?: boolean } = {},
): Promise<{ id: number; state: TicketState }> {
  const { actor } = ctx;
  const now = ctx.now();
  const ticket = await findTicket(ctx.db, actor, input.id, options);
  const images = checkTicketImages(input.images, ctx.maxImageBytes);
  await consumeRequestLimit(
    { ...ctx, now: () => now },
    `tickets:reply:${actor!.id}`,
    TICKET_REPLY_LIMIT,
  );
  const fromStaff = Boolean(options.asStaff);
  const state: TicketState = fromStaff ? 'answered' : 'open';
  await addPost(
    ctx,
    ticket.id,
    { authorId: actor!.id, fromStaff, body: input.message, images },
    state,
    now,
  );
  if (fromStaff) {
    await notify({ ...unitOf(ctx), now: () => now }, ctx.sink, {
      userId: ticket.userId,
      kind: 'ticket_answer',
      actorId: actor!.id,
      targetPath: `/ticket/history/${ticket.id}`,
      targetTitle: ticket.subject,
    });
  }
  return { id: ticket.id, state };
}

/**
 * Closes a ticket (the member's own, or any for staff); a closed one answers 409. Staff closing
 * a member's ticket tell the member (notification and, by default, e-mail).
 */
export async function closeTicket(
  ctx: Pick<TicketContext, 'db' | 'actor' | 'now' | 'sink'>,
  id: number,
  options: { asStaff?: boolean } = {},
): Promise<{ id: number; state: TicketState }> {
  const { db, actor } = ctx;
  const now = ctx.now();
  const ticket = await findTicket(db, actor, id, options);
  await inTransaction(ctx, async (unit) => {
    const closed = await unit.db
      .update(tickets)
      .set({ state: 'closed', closedAt: now, updatedAt: now })
      .where(and(eq(tickets.id, ticket.id), sql`${tickets.state} <> 'closed'`))
      .returning({ id: tickets.id });
    if (closed.length === 0) throw new ServiceError('conflict', TICKET_MESSAGES.alreadyClosed);
    if (options.asStaff) {
      await notify({ ...unit, now: () => now }, ctx.sink, {
        userId: ticket.userId,
        kind: 'ticket_closed',
        actorId: actor!.id,
        targetPath: `/ticket/history/${ticket.id}`,
        targetTitle: ticket.subject,
      });
    }
  });
  return { id: ticket.id, state: 'closed' };
}

/** Where a browser fetches a ticket's image: through the site, which checks who asks. */
export const ticketImagePath = (imageId: string) => `/api/tickets/image/${imageId}`;

/**
 * A ticket image for its ticket's member or for staff, from storage. Anyone else, and an id
 * that names nothing, answers 404 alike.
 */
export async function openTicketImage(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  storage: Storage,
  imageId: string,
): Promise<{ body: Readable; contentType: string; size: number }> {
  const me = requireMemberRight(actor, 'participate');
  const [row] = await db
    .select({
      storageKey: ticketImages.storageKey,
      contentType: ticketImages.contentType,
      ownerId: tickets.userId,
    })
    .from(ticketImages)
    .innerJoin(ticketPosts, eq(ticketPosts.id, ticketImages.postId))
    .innerJoin(tickets, eq(tickets.id, ticketPosts.ticketId))
    .where(eq(ticketImages.id, imageId))
    .limit(1);
  if (!row || (row.ownerId !== me.id && !can(actor, 'moderate'))) {
    throw new ServiceError('not_found', TICKET_MESSAGES.imageMissing);
  }
  const stream = await storage.getStream(row.storageKey);
  return { body: stream.body, contentType: row.contentType, size: stream.size };
}

/** Whether an actor may work the support queue. */
export const canAnswerTickets = (actor: Actor | null) => can(actor, 'moderate');
