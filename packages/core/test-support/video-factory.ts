import { randomBytes } from 'node:crypto';
import type { Database } from '../src/platform/db/client';
import { videoLabels, videos, type LabelKind, type Video } from '../src/platform/db/schema';

let sequence = 0;
const nextId = (prefix: string) =>
  `${prefix}${(++sequence).toString(36)}${randomBytes(3).toString('hex')}`;

export type VideoLabelsInput = Partial<Record<LabelKind, string[]>>;

export type CreateVideoInput = Partial<Omit<Video, 'searchVector' | 'labelText'>> & {
  ownerId: string;
  labels?: VideoLabelsInput;
};

/**
 * A video, published by default, with its labels; the triggers keep counts, label text and
 * the search dictionary as they would for a real publish.
 */
export async function createVideo(db: Database, input: CreateVideoInput): Promise<Video> {
  const { labels, ...values } = input;
  const id = values.id ?? nextId('v');
  const title = values.title ?? `Video ${id}`;
  const status = values.status ?? 'published';
  const [video] = await db
    .insert(videos)
    .values({
      durationSeconds: 180,
      width: 1920,
      height: 1080,
      aspectRatio: 16 / 9,
      topQuality: 1080,
      publishedAt: status === 'published' ? new Date() : null,
      ...values,
      id,
      title,
      slug:
        values.slug ??
        title
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, ''),
      status,
    })
    .returning();
  const rows = Object.entries(labels ?? {}).flatMap(([kind, names]) =>
    (names ?? []).map((name) => ({ videoId: id, kind: kind as LabelKind, name })),
  );
  if (rows.length > 0) await db.insert(videoLabels).values(rows);
  return video!;
}
