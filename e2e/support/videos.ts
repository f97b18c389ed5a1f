import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { baseUrl } from './browser';
import { fixtureFolder } from './media';

const run = promisify(execFile);

/** Signs in through the API and answers the Cookie header for Node requests. */
export async function sessionCookie(email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl() },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/**
 * A few seconds of test pattern with a tone, as an H.264/AAC MP4 made by ffmpeg (16:9). Made
 * once per machine for each length and height (support/media.ts keeps them) and read again by
 * every upload of that kind. Asynchronous: a process blocked while ffmpeg runs cannot see the
 * server close an idle keep-alive connection, and its next request would go out on the dead
 * socket.
 */
export async function makeTinyMp4(seconds = 3, height = 360, portrait = false): Promise<Buffer> {
  // 16:9, or 9:16 for a phone's vertical video.
  const width = Math.round((height * (portrait ? 9 / 16 : 16 / 9)) / 2) * 2;
  const path = join(fixtureFolder, `tiny-${width}x${height}-${seconds}s.mp4`);
  if (!existsSync(path)) {
    mkdirSync(fixtureFolder, { recursive: true });
    // Each call writes its own part file: two test files (or two uploads of one) may make the
    // same video at once.
    const part = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.part.mp4`;
    await run('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `testsrc=size=${width}x${height}:rate=25:duration=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-shortest', '-movflags', '+faststart', part],
    ]);
    renameSync(part, path);
  }
  return readFileSync(path);
}

const b64 = (value: string) => Buffer.from(value).toString('base64');

/**
 * Uploads a video the way the site's upload page does (tus at /api/uploads, then POST
 * /api/v2/upload) and waits until processing has published it. Answers its id and slug.
 */
export async function uploadPublishedVideo(
  cookie: string,
  options: {
    title: string;
    username: string;
    timeoutMs?: number;
    seconds?: number;
    /** The source's height (360 by default: one quality, 360p). */
    height?: number;
    /** Taller than wide (9:16), as phones film. */
    portrait?: boolean;
  },
): Promise<{ id: string; slug: string }> {
  const video = await uploadVideo(cookie, options);
  await waitUntilPublished(cookie, options.username, video.id, options.timeoutMs);
  return video;
}

/** Uploads a video as the upload page does; answers at once, while it processes. */
export async function uploadVideo(
  cookie: string,
  options: { title: string; seconds?: number; height?: number; portrait?: boolean },
): Promise<{ id: string; slug: string }> {
  const bytes = await makeTinyMp4(options.seconds, options.height, options.portrait);
  const headers = { cookie, origin: baseUrl(), 'tus-resumable': '1.0.0' };
  const created = await fetch(`${baseUrl()}/api/uploads`, {
    method: 'POST',
    headers: {
      ...headers,
      'upload-length': String(bytes.byteLength),
      'upload-metadata': `filename ${b64('tiny.mp4')},filetype ${b64('video/mp4')}`,
    },
  });
  if (created.status !== 201) {
    throw new Error(`tus create answered ${created.status}: ${await created.text()}`);
  }
  const location = new URL(created.headers.get('location')!, `${baseUrl()}/api/uploads/`);
  const patched = await fetch(location, {
    method: 'PATCH',
    headers: {
      ...headers,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': '0',
    },
    body: new Uint8Array(bytes),
  });
  if (patched.status !== 204) {
    throw new Error(`tus patch answered ${patched.status}: ${await patched.text()}`);
  }
  const uploadId = location.pathname.split('/').pop()!;
  const published = await fetch(`${baseUrl()}/api/v2/upload`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl(), 'content-type': 'application/json' },
    body: JSON.stringify({ uploadId, title: options.title, category: 'other' }),
  });
  const body = (await published.json()) as { video?: { id: string; slug: string } };
  if (published.status !== 201 || !body.video) {
    throw new Error(`publishing answered ${published.status}: ${JSON.stringify(body)}`);
  }
  return body.video;
}

/** Waits until processing has published the member's video; throws when it failed. */
export async function waitUntilPublished(
  cookie: string,
  username: string,
  id: string,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${baseUrl()}/api/v2/profileInput`, {
      method: 'POST',
      headers: { cookie, origin: baseUrl(), 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'LoadProfileVideos', username }),
    });
    const page = (await response.json()) as {
      videos?: { _id: string }[];
      processingVideos?: { _id: string; status: string; failureReason: string | null }[];
    };
    const failed = page.processingVideos?.find(
      (video) => video._id === id && video.status === 'failed',
    );
    if (failed) throw new Error(`processing failed: ${failed.failureReason}`);
    if (page.videos?.some((video) => video._id === id)) return;
    if (Date.now() > deadline) throw new Error('the video was not published in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
