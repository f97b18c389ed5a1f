import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Category } from '@cutroom/core/platform/db/schema';
import { partners, users } from '@cutroom/core/platform/db/schema';
import { addToChannel } from '@cutroom/core/features/money/partner/partner.service';
import type { VideoProcessingContext } from '@cutroom/core/features/videos/processing/video-processing.service';
import { acceptUploadedVideo } from '../accept-upload';
import type { MediaConfig } from '../media-config';
import { runFfmpeg } from '../ffmpeg-runner';

interface DemoVideo {
  owner: string;
  title: string;
  description: string;
  category: Category;
  /** An ffmpeg lavfi picture source: test patterns only. */
  picture: string;
  toneHz: number;
  labels: { tag?: string[]; music?: string[]; creator?: string[] };
  /** A video of the demo partner channel (docs/partner.md): free, or for subscribers only. */
  channel?: 'free' | 'premium';
}

/** Short generated test patterns with a tone: nothing explicit, enough to try every page. */
export const DEMO_VIDEOS: DemoVideo[] = [
  {
    owner: 'alice',
    title: 'Colour bars and a 440 Hz tone',
    description: 'The classic SMPTE colour bars, for checking a screen and its speakers.',
    category: 'other',
    picture: 'smptehdbars=size=1280x720:rate=25',
    toneHz: 440,
    labels: { tag: ['test pattern', 'colour bars'], music: ['Sine 440'], creator: ['alice'] },
  },
  {
    owner: 'alice',
    title: 'Moving test pattern',
    description:
      'A moving pattern with a counter: handy to see every frame and the quality switch.',
    category: 'pmv',
    picture: 'testsrc2=size=1280x720:rate=25',
    toneHz: 523,
    labels: { tag: ['test pattern', 'motion'], music: ['Sine 523'], creator: ['alice'] },
  },
  {
    owner: 'bob',
    title: 'Mandelbrot zoom',
    description: 'A slow zoom into the Mandelbrot set.',
    category: 'hypno',
    picture: 'mandelbrot=size=854x480:rate=25',
    toneHz: 330,
    labels: { tag: ['fractal', 'zoom'], music: ['Sine 330'], creator: ['bob'] },
  },
  {
    owner: 'bob',
    title: 'Vertical colour test',
    description: 'A portrait test pattern, like a phone video.',
    category: 'tiktok',
    picture: 'testsrc=size=480x854:rate=30',
    toneHz: 660,
    labels: { tag: ['test pattern', 'portrait'], music: ['Sine 660'], creator: ['bob'] },
  },
  {
    owner: 'digitalfiend',
    title: 'Digital Fiend: free preview',
    description: 'The partner channel’s free video: everyone can watch it.',
    category: 'other',
    picture: 'rgbtestsrc=size=1280x720:rate=25',
    toneHz: 392,
    labels: { tag: ['test pattern'], creator: ['digitalfiend'] },
    channel: 'free',
  },
  {
    owner: 'digitalfiend',
    title: 'Digital Fiend: premium cellular automaton',
    description: 'A premium video of the partner channel: for its subscribers only.',
    category: 'other',
    picture: 'cellauto=size=1280x720:rate=25:rule=110',
    toneHz: 587,
    labels: { tag: ['automaton'], creator: ['digitalfiend'] },
    channel: 'premium',
  },
];

/**
 * Makes the demo videos with ffmpeg and sends them through the real upload pipeline: each is
 * checked, stored and queued, and the worker publishes it. Owners missing are skipped.
 */
export async function seedDemoVideos(
  ctx: VideoProcessingContext & { media?: MediaConfig },
  options: { seconds?: number; ffmpegPath?: string } = {},
): Promise<number> {
  const work = await mkdtemp(join(tmpdir(), 'cutroom-demo-'));
  let queued = 0;
  try {
    for (const [index, demo] of DEMO_VIDEOS.entries()) {
      const [owner] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.username, demo.owner))
        .limit(1);
      if (!owner) continue;
      const path = join(work, `demo-${index}.mp4`);
      await runFfmpeg({
        ffmpegPath: options.ffmpegPath,
        args: [
          ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'],
          ...['-f', 'lavfi', '-i', demo.picture],
          ...['-f', 'lavfi', '-i', `sine=frequency=${demo.toneHz}:sample_rate=48000`],
          ...['-t', String(options.seconds ?? 12), '-c:v', 'libx264', '-preset', 'veryfast'],
          ...['-pix_fmt', 'yuv420p', '-g', '50', '-c:a', 'aac', '-b:a', '96k', path],
        ],
      });
      const { video } = await acceptUploadedVideo(ctx, {
        ownerId: owner.id,
        title: demo.title,
        description: demo.description,
        category: demo.category,
        labels: demo.labels,
        filePath: path,
      });
      if (demo.channel) {
        const [partner] = await ctx.db
          .select()
          .from(partners)
          .where(eq(partners.userId, owner.id))
          .limit(1);
        if (partner) await addToChannel(ctx.db, partner, video.id, demo.channel === 'premium');
      }
      queued += 1;
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return queued;
}
