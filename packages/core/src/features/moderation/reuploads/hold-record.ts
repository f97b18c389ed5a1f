import { and, eq, inArray, ne } from 'drizzle-orm';
import { reuploadHolds, users, videos, type ReuploadMatch } from '../../../platform/db/schema';
import type { UnitOfWork } from '../../../platform/db/unit-of-work';
import { can } from '../../../access/rights';
import {
  notifyMany,
  type NewNotification,
  type NotificationSink,
} from '../../people/notifications';
import type { Call } from '../../../access/call';
import { openableVideoIds, type HeldAgainst } from './lineage';
import { matchedStretchText, matchedVideoName } from './reupload-messages';

// Kept apart from holds.service.ts: processing records a hold (video-processing.service.ts),
// and the hold's staff side builds on processing; this part needs neither.

/** The matched stretches as stored: seconds rounded to tenths, best first, at most five. */
export function holdMatchesOf(matches: readonly ReuploadMatch[]): ReuploadMatch[] {
  const tenth = (value: number) => Math.round(value * 10) / 10;
  return matches.slice(0, 5).map((match) => ({
    videoId: match.videoId,
    queryStart: tenth(match.queryStart),
    queryEnd: tenth(match.queryEnd),
    matchStart: tenth(match.matchStart),
    matchEnd: tenth(match.matchEnd),
    mirrored: match.mirrored,
    matchedFrames: match.matchedFrames,
  }));
}

/** Members who hold the staff right (the rights table), told that a held upload waits. */
async function staffIds(db: UnitOfWork['db']): Promise<string[]> {
  const rows = await db
    .select({ id: users.id, role: users.role, emailVerified: users.emailVerified })
    .from(users)
    .where(and(ne(users.role, 'user'), eq(users.banned, false)));
  return rows.filter((row) => can(row, 'moderate')).map((row) => row.id);
}

/**
 * Records why a processed video is held, in the unit that moves it to 'held': the original it
 * is held against and the matched stretches. Told once each, after commit (docs/reuploads.md):
 * the uploader that it is held and against what (a video they may not open is "a private
 * video"); the owner of each original it copies, naming the copy and its uploader, with a link
 * to the copy's hold page; staff, that a held upload waits.
 */
export async function recordReuploadHold(
  unit: UnitOfWork & Pick<Call, 'now'>,
  sink: NotificationSink,
  video: { id: string; ownerId: string; title: string },
  held: HeldAgainst,
): Promise<void> {
  const now = unit.now();
  const stored = holdMatchesOf(held.matches);
  const columns = {
    matchedVideoId: stored[0]?.videoId ?? null,
    originalVideoId: held.originalVideoId,
    matches: stored,
    state: 'held' as const,
  };
  await unit.db
    .insert(reuploadHolds)
    .values({ videoId: video.id, ...columns, createdAt: now })
    .onConflictDoUpdate({
      target: reuploadHolds.videoId,
      set: { ...columns, decidedBy: null, decidedAt: null, reason: null, createdAt: now },
    });
  const originals = await unit.db
    .select({ id: videos.id, ownerId: videos.ownerId, title: videos.title })
    .from(videos)
    .where(inArray(videos.id, held.originalIds));
  const [uploader] = await unit.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, video.ownerId));
  const first = originals.find((original) => original.id === held.originalVideoId);
  const mayOpen = await openableVideoIds(unit, uploader ?? null, first ? [first.id] : []);
  const named = matchedVideoName(first && mayOpen.has(first.id) ? first.title : null);
  const told = new Set<string>();
  const owners: NewNotification[] = [];
  for (const original of held.originalIds.flatMap(
    (id) => originals.find((row) => row.id === id) ?? [],
  )) {
    if (told.has(original.ownerId)) continue;
    told.add(original.ownerId);
    const direct = stored.find((match) => match.videoId === original.id);
    owners.push({
      userId: original.ownerId,
      kind: 'reupload_of_yours',
      actorId: video.ownerId,
      targetPath: `/reuploads/${video.id}`,
      targetTitle: video.title,
      detail: direct
        ? `It matches ${matchedStretchText(direct, `your “${original.title}”`)}. Staff will decide; you will be told.`
        : `It matches a copy of your “${original.title}”. Staff will decide; you will be told.`,
    });
  }
  const staff = (await staffIds(unit.db)).filter((id) => !told.has(id));
  await notifyMany({ ...unit, now: () => now }, sink, [
    {
      userId: video.ownerId,
      kind: 'reupload_held',
      targetPath: `/video/${video.id}`,
      targetTitle: video.title,
      detail: `It matches ${named}. You may dispute it on the video's page.`,
    },
    ...owners,
    ...staff.map((userId) => ({
      userId,
      kind: 'reupload_waiting' as const,
      actorId: video.ownerId,
      targetPath: '/moderation/reuploads',
      targetTitle: video.title,
    })),
  ]);
}
