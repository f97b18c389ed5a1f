import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/platform/db/client';
import * as schema from '../../src/platform/db/schema';
import type { Storage } from '../../src/platform/storage/storage';
import { createUser } from '../factories';
import { createVideo } from '../video-factory';

/**
 * A small community with an object of each kind people make: members with passwords, a
 * published video with real (tiny) HLS renditions, one still processing, comments (one held,
 * one a reply), a vote, a favorite, a playlist, a message, a ticket and its post, a staff log
 * entry. Used by the backup test and by the upgrade fixtures (scripts/make-upgrade-fixture.mjs
 * runs it on an earlier commit), so it keeps to what every version since has.
 */
export async function makeCommunity(
  db: Database,
  storage: Storage,
  options: { ffmpegPath?: string; idPrefix?: string } = {},
) {
  const prefix = options.idPrefix ?? '';
  const alice = await createUser(db, {
    username: `${prefix}alice`,
    password: 'alice-password-1',
  });
  const bob = await createUser(db, { username: `${prefix}bob`, role: 'moderator' });
  const video = await createVideo(db, {
    id: `${prefix}vid1`,
    ownerId: alice.user.id,
    labels: { tag: ['sunset'] },
  });
  await createVideo(db, { id: `${prefix}vid2`, ownerId: bob.user.id, status: 'processing' });
  await db.insert(schema.comments).values([
    { id: `${prefix}c1`, videoId: video.id, authorId: bob.user.id, body: 'Lovely — "q"\nline' },
    {
      id: `${prefix}c2`,
      videoId: video.id,
      authorId: alice.user.id,
      body: 'held',
      status: 'held',
    },
    {
      id: `${prefix}c3`,
      videoId: video.id,
      authorId: alice.user.id,
      parentId: `${prefix}c1`,
      body: 'reply',
    },
  ]);
  await db.insert(schema.videoVotes).values({ userId: bob.user.id, videoId: video.id, value: 1 });
  await db.insert(schema.videoFavorites).values({ userId: bob.user.id, videoId: video.id });
  await db
    .insert(schema.playlists)
    .values({ id: `${prefix}p1`, ownerId: bob.user.id, name: 'Best' });
  await db
    .insert(schema.playlistVideos)
    .values({ playlistId: `${prefix}p1`, videoId: video.id, position: 0 });
  await db.insert(schema.messages).values({
    id: `${prefix}m1`,
    senderId: alice.user.id,
    recipientId: bob.user.id,
    subject: 'Hi',
    body: 'Hello',
  });
  const [ticket] = await db
    .insert(schema.tickets)
    .values({ userId: alice.user.id, category: schema.TICKET_CATEGORIES[0], subject: 'Help' })
    .returning();
  await db.insert(schema.ticketPosts).values({
    id: `${prefix}t1`,
    ticketId: ticket!.id,
    authorId: alice.user.id,
    body: 'Please',
  });
  await db.insert(schema.staffActions).values({
    actorId: bob.user.id,
    actorUsername: bob.user.username!,
    action: 'comment.hide',
    targetKind: 'comment',
    targetId: `${prefix}c2`,
  });
  await publishRenditions(db, storage, video.id, options.ffmpegPath ?? 'ffmpeg');
  return { alice, bob, video };
}

/** One second of a 160x90 test pattern as HLS, stored and pointed at as a publish would. */
async function publishRenditions(
  db: Database,
  storage: Storage,
  videoId: string,
  ffmpegPath: string,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cutroom-community-'));
  try {
    execFileSync(
      ffmpegPath,
      [
        ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=10:duration=1'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
        ...['-f', 'hls', '-hls_time', '1', '-hls_playlist_type', 'vod'],
        ...['-hls_segment_filename', join(dir, '360p_%03d.ts'), join(dir, '360p.m3u8')],
      ],
      { stdio: 'ignore' },
    );
    const master = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=160x90\n360p.m3u8\n';
    const prefix = `videos/${videoId}/v1/`;
    for (const file of readdirSync(dir)) await storage.putFile(`${prefix}${file}`, join(dir, file));
    await storage.putBytes(`${prefix}master.m3u8`, master);
    await db
      .update(schema.videos)
      .set({ mediaPrefix: prefix, masterPlaylistKey: `${prefix}master.m3u8`, topQuality: 360 })
      .where(eq(schema.videos.id, videoId));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
