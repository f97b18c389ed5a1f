import { verifyPassword } from 'better-auth/crypto';
import { and, eq, ne } from 'drizzle-orm';
import { requireMemberRight } from '../../../access/rights';
import { consumeRequestLimit } from '../../../access/request-limit';
import type { MediaServices } from '../../../kernel/endpoint';
import { ServiceError } from '../../../kernel/errors/service-error';
import type { Listings } from '../../../platform/cache/listing-cache';
import type { Database } from '../../../platform/db/client';
import {
  accounts,
  comments,
  ticketImages,
  ticketPosts,
  tickets,
  users,
  videos,
} from '../../../platform/db/schema';
import { deleteVideo } from '../../videos/processing';
import { DELETED_ACCOUNT_ID, DELETED_ACCOUNT_NAME } from './deleted-account';
import { DeleteAccountInput } from './my-account.schema';
import { inTransaction } from '../../../platform/db/unit-of-work';
import type { Call } from '../../../access/call';

/** Wrong passwords allowed a member in ten minutes before deletion is refused for a while. */
const PASSWORD_TRIES = { max: 5, windowSeconds: 600 };

/** The call, with the media (to remove the videos' files) and the listings to refresh. */
export interface AccountDeletionContext extends Pick<Call, 'db' | 'actor' | 'now'> {
  media: MediaServices;
  listings: Listings;
}

export interface DeletedAccount {
  username: string;
  videosDeleted: number;
  videosKept: number;
}

/** The deleted account's row, made the first time someone leaves something behind. */
async function ensureDeletedAccount(db: Database): Promise<void> {
  await db
    .insert(users)
    .values({
      id: DELETED_ACCOUNT_ID,
      username: DELETED_ACCOUNT_NAME,
      displayUsername: DELETED_ACCOUNT_NAME,
      name: DELETED_ACCOUNT_NAME,
      email: 'deleted-account@deleted.invalid',
      emailVerified: false,
      banned: true,
      banReason: 'The account of deleted members',
    })
    .onConflictDoNothing();
}

/**
 * Deletes the signed-in member's account for good, after their password and their username
 * typed out (docs/account.md, docs/decisions/0034):
 * - videos: `delete` removes every video with its files; `keep` hands the published ones to
 *   the deleted account (shown without a profile link) and removes the rest;
 * - comments stay under their videos as the deleted account's, so threads keep their sense;
 * - messages (sent and received), playlists, favorites, votes, history, subscriptions,
 *   friendships, notifications and tickets go with the account, its avatar and ticket images
 *   from storage;
 * - every session ends, and the username is free again.
 */
export async function deleteAccount(
  context: AccountDeletionContext,
  rawInput: DeleteAccountInput,
): Promise<DeletedAccount> {
  const { db, media, listings } = context;
  const actor = requireMemberRight(context.actor, 'participate');
  const input = DeleteAccountInput.parse(rawInput);
  if (input.confirmation.toLowerCase() !== actor.username.toLowerCase()) {
    throw new ServiceError(
      'invalid',
      `confirmation: Type your username, ${actor.username}, to confirm`,
    );
  }
  await consumeRequestLimit(context, `delete-account:${actor.id}`, PASSWORD_TRIES);
  const [credential] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, actor.id), eq(accounts.providerId, 'credential')))
    .limit(1);
  if (!credential?.hash) {
    throw new ServiceError(
      'invalid',
      'password: This account has no password; set one with "Forgot password" first',
    );
  }
  if (!(await verifyPassword({ hash: credential.hash, password: input.password }))) {
    throw new ServiceError('invalid', 'password: This is not your password');
  }

  const owned = await db
    .select({ id: videos.id, status: videos.status })
    .from(videos)
    .where(eq(videos.ownerId, actor.id));
  const kept = input.videos === 'keep' ? owned.filter((video) => video.status === 'published') : [];
  const keptIds = new Set(kept.map((video) => video.id));
  const doomed = owned.filter((video) => !keptIds.has(video.id));
  // One at a time through the same path as the delete button: files, queued jobs, events.
  for (const video of doomed) {
    await deleteVideo({ db, ...media, actor, now: context.now }, video.id);
  }
  const imageKeys = await db
    .select({ key: ticketImages.storageKey })
    .from(ticketImages)
    .innerJoin(ticketPosts, eq(ticketPosts.id, ticketImages.postId))
    .innerJoin(tickets, eq(tickets.id, ticketPosts.ticketId))
    .where(eq(tickets.userId, actor.id));

  await ensureDeletedAccount(db);
  await inTransaction({ db }, async ({ db: tx }) => {
    await tx
      .update(videos)
      .set({ ownerId: DELETED_ACCOUNT_ID })
      .where(and(eq(videos.ownerId, actor.id), eq(videos.status, 'published')));
    await tx
      .update(comments)
      .set({ authorId: DELETED_ACCOUNT_ID })
      .where(eq(comments.authorId, actor.id));
    // Sessions, credentials and everything personal go with the row (ON DELETE CASCADE).
    await tx.delete(users).where(and(eq(users.id, actor.id), ne(users.id, DELETED_ACCOUNT_ID)));
  });

  const folders = new Set(imageKeys.map(({ key }) => key.slice(0, key.lastIndexOf('/') + 1)));
  await Promise.all([
    media.storage.deletePrefix(`avatars/${actor.id}/`),
    ...[...folders].map((folder) => media.storage.deletePrefix(folder)),
  ]);
  await listings.invalidate();
  return { username: actor.username, videosDeleted: doomed.length, videosKept: kept.length };
}
