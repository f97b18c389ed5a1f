import { inArray } from 'drizzle-orm';
import { reuploadHolds, videos, type ReuploadMatch } from '../../../platform/db/schema';
import type { UnitOfWork } from '../../../platform/db/unit-of-work';
import { notifyMany, type NotificationSink } from '../../people/notifications';
import type { Call } from '../../../access/call';

// Kept apart from holds.service.ts: processing records a hold (video-processing.service.ts),
// and the hold's staff side builds on processing; this part needs neither.

/** The matched stretches as stored: seconds rounded to tenths, best first, at most five. */
export function holdMatchesOf(matches: ReuploadMatch[]): ReuploadMatch[] {
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

/**
 * Records why a processed video is held, in the unit that moves it to 'held': the matched
 * videos and stretches. Its uploader is told it is held and why; each matched video's owner is
 * told of the copy (docs/reuploads.md). Both after commit.
 */
export async function recordReuploadHold(
  unit: UnitOfWork & Pick<Call, 'now'>,
  sink: NotificationSink,
  video: { id: string; ownerId: string; title: string },
  matches: ReuploadMatch[],
): Promise<void> {
  const now = unit.now();
  const stored = holdMatchesOf(matches);
  await unit.db
    .insert(reuploadHolds)
    .values({
      videoId: video.id,
      matchedVideoId: stored[0]?.videoId ?? null,
      matches: stored,
      state: 'held',
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: reuploadHolds.videoId,
      set: {
        matchedVideoId: stored[0]?.videoId ?? null,
        matches: stored,
        state: 'held',
        decidedBy: null,
        decidedAt: null,
        reason: null,
        createdAt: now,
      },
    });
  const originals = await unit.db
    .select({ id: videos.id, ownerId: videos.ownerId, title: videos.title })
    .from(videos)
    .where(
      inArray(
        videos.id,
        stored.map((match) => match.videoId),
      ),
    );
  const first = originals.find((original) => original.id === stored[0]?.videoId);
  await notifyMany({ ...unit, now: () => now }, sink, [
    {
      userId: video.ownerId,
      kind: 'reupload_held',
      targetPath: `/video/${video.id}`,
      targetTitle: video.title,
      detail: first ? `It matches “${first.title}”. You may dispute it on the video's page.` : '',
    },
    ...originals.map((original) => ({
      userId: original.ownerId,
      kind: 'reupload_of_yours' as const,
      actorId: video.ownerId,
      targetPath: `/video/${original.id}`,
      targetTitle: original.title,
    })),
  ]);
}
