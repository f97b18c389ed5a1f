import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { ServiceError } from '../../../kernel/errors/service-error';
import type { Listings } from '../../../platform/cache/listing-cache';
import type { Database } from '../../../platform/db/client';
import { users } from '../../../platform/db/schema';
import type { Storage } from '../../../platform/storage/storage';
import { requireMemberRight } from '../../../access/rights';
import { PEOPLE_MESSAGES } from '../social';
import type { Call } from '../../../access/call';

export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE = 256;

/**
 * The ffmpeg demuxer for JPEG, PNG, GIF and WebP, recognised by their first bytes; null for
 * anything else, which is refused before ffmpeg. Naming the demuxer keeps ffmpeg from guessing
 * one that reads other files (a playlist, a concat list, an image-sequence pattern).
 */
export function imageDemuxer(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((byte, i) => bytes[i] === byte);
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg_pipe';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png_pipe';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'gif';
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  ) {
    return 'webp_pipe';
  }
  return null;
}

/**
 * ffmpeg arguments: the first frame, cropped to a centred square, 256 px, WebP. The input is
 * read with the named demuxer and the `file` protocol only.
 */
export function avatarArgs(input: string, output: string, demuxer: string): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-protocol_whitelist',
    'file',
    '-f',
    demuxer,
    '-i',
    input,
    '-frames:v',
    '1',
    '-vf',
    `scale=${AVATAR_SIZE}:${AVATAR_SIZE}:force_original_aspect_ratio=increase,crop=${AVATAR_SIZE}:${AVATAR_SIZE}`,
    // Metadata (EXIF, GPS) is dropped with the re-encode.
    '-map_metadata',
    '-1',
    '-c:v',
    'libwebp',
    '-quality',
    '85',
    output,
  ];
}

/** Runs ffmpeg with `args` in `cwd`, killed after 20 s; rejects with its last error lines. */
export function runFfmpeg(args: string[], ffmpegPath: string, cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, args, { stdio: ['ignore', 'ignore', 'pipe'], cwd });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg exited with ${code}: ${stderr}`));
    });
  });
}

/** Re-encodes image bytes to a square WebP avatar; refuses what ffmpeg cannot read as an image. */
export async function encodeAvatar(bytes: Uint8Array, ffmpegPath = 'ffmpeg'): Promise<Buffer> {
  if (bytes.byteLength > MAX_AVATAR_BYTES) {
    throw new ServiceError('invalid', PEOPLE_MESSAGES.avatarTooLarge);
  }
  const demuxer = imageDemuxer(bytes);
  if (!demuxer) throw new ServiceError('invalid', PEOPLE_MESSAGES.avatarNotImage);
  const dir = await mkdtemp(join(tmpdir(), 'cutroom-avatar-'));
  try {
    const input = join(dir, 'input');
    const output = join(dir, 'avatar.webp');
    await writeFile(input, bytes);
    try {
      await runFfmpeg(avatarArgs(input, output, demuxer), ffmpegPath, dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
      throw new ServiceError('invalid', PEOPLE_MESSAGES.avatarNotImage);
    }
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A data URL (`data:image/png;base64,...`) or bare base64 as bytes; 400 when neither. */
export function decodeImageData(data: string): Uint8Array {
  const base64 = data.startsWith('data:') ? data.slice(data.indexOf(',') + 1) : data;
  if (!/^[A-Za-z0-9+/=\s]*$/.test(base64) || base64.length === 0) {
    throw new ServiceError('invalid', PEOPLE_MESSAGES.avatarNotImage);
  }
  return Buffer.from(base64, 'base64');
}

/**
 * Stores a new avatar for the actor under a fresh versioned key (so caches never serve the
 * old one), points the profile at it and removes the previous ones.
 */
export async function updateAvatar(
  ctx: { db: Database; storage: Storage; listings: Listings; ffmpegPath?: string } & Pick<
    Call,
    'actor' | 'now'
  >,
  bytes: Uint8Array,
): Promise<{ avatar: string }> {
  const { actor } = ctx;
  const me = requireMemberRight(actor, 'participate');
  const webp = await encodeAvatar(bytes, ctx.ffmpegPath);
  const [previous] = await ctx.db
    .select({ avatarKey: users.avatarKey })
    .from(users)
    .where(eq(users.id, me.id));
  const key = `avatars/${me.id}/v${randomBytes(6).toString('hex')}.webp`;
  await ctx.storage.putBytes(key, webp, { contentType: 'image/webp' });
  const avatar = ctx.storage.publicUrl(key);
  await ctx.db
    .update(users)
    .set({ avatarKey: key, image: avatar, updatedAt: ctx.now() })
    .where(eq(users.id, me.id));
  if (previous?.avatarKey) await ctx.storage.deleteObject(previous.avatarKey).catch(() => {});
  // Cached pages for visitors show the avatar (profile, video pages).
  await ctx.listings.invalidate();
  return { avatar };
}

export async function removeAvatar(
  ctx: { db: Database; storage: Storage; listings: Listings } & Pick<Call, 'actor' | 'now'>,
): Promise<void> {
  const { actor } = ctx;
  const me = requireMemberRight(actor, 'participate');
  await ctx.db
    .update(users)
    .set({ avatarKey: null, image: null, updatedAt: ctx.now() })
    .where(eq(users.id, me.id));
  await ctx.listings.invalidate();
  await ctx.storage.deletePrefix(`avatars/${me.id}/`);
}
