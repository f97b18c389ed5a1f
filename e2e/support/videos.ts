import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
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
 * ffmpeg's lavfi source of Conway's life from `seed` in big cells: pictures no other test's look
 * like (a video matching another member's is held as a re-upload, docs/reuploads.md).
 */
export function lifePictures(width: number, height: number, seed: number, portrait = false) {
  const cells = portrait ? '36x64' : '64x36';
  return `life=size=${cells}:rate=25:seed=${seed}:ratio=0.5:mold=8:life_color=#ffb040:death_color=#203050,scale=${width}x${height}:flags=neighbor,format=yuv420p`;
}

/**
 * A few seconds of video with a tone, as an H.264/AAC MP4 made by ffmpeg (16:9): Conway's life
 * from a random seed in big cells, so that no two uploads look alike (a video matching another
 * member's is held as a re-upload, docs/reuploads.md). With `seed`, the same seed makes the same
 * pictures: made once per machine for each seed, length and height (support/media.ts keeps
 * them). Asynchronous: a process blocked while ffmpeg runs cannot see the server close an idle
 * keep-alive connection, and its next request would go out on the dead socket.
 */
export async function makeTinyMp4(
  seconds = 3,
  height = 360,
  portrait = false,
  seed?: number,
): Promise<Buffer> {
  // 16:9, or 9:16 for a phone's vertical video.
  const width = Math.round((height * (portrait ? 9 / 16 : 16 / 9)) / 2) * 2;
  const picked = seed ?? Math.floor(Math.random() * 2 ** 31);
  mkdirSync(fixtureFolder, { recursive: true });
  const path = join(fixtureFolder, `life-${picked}-${width}x${height}-${seconds}s.mp4`);
  if (seed !== undefined && existsSync(path)) return readFileSync(path);
  // Each call writes its own part file: two test files (or two uploads of one) may make the
  // same video at once.
  const part = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.part.mp4`;
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', lifePictures(width, height, picked, portrait)],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '30'],
    ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', part],
  ]);
  if (seed === undefined) {
    const bytes = readFileSync(part);
    rmSync(part, { force: true });
    return bytes;
  }
  renameSync(part, path);
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
    /** The same seed uploads the same pictures (see makeTinyMp4). */
    seed?: number;
  },
): Promise<{ id: string; slug: string }> {
  const video = await uploadVideo(cookie, options);
  await waitUntilPublished(cookie, options.username, video.id, options.timeoutMs);
  return video;
}

/** Uploads a video as the upload page does; answers at once, while it processes. */
export async function uploadVideo(
  cookie: string,
  options: {
    title: string;
    seconds?: number;
    height?: number;
    portrait?: boolean;
    /** The same seed uploads the same pictures (see makeTinyMp4); else pictures of its own. */
    seed?: number;
  },
): Promise<{ id: string; slug: string }> {
  const bytes = await makeTinyMp4(options.seconds, options.height, options.portrait, options.seed);
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
    const state = await profileVideoState({ cookie, username }, id);
    if (state.startsWith('failed')) throw new Error(`processing ${state}`);
    if (state === 'published') return;
    if (Date.now() > deadline) throw new Error(`the video was not published in time: ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * A video's state as its uploader's profile tells it: `published`, its processing status (with
 * the reason it failed), or that the profile does not list it; asked of `site` (the shared
 * server unless named) as a page of `origin` (the site's public address) does.
 */
export async function profileVideoState(
  uploader: { cookie: string; username: string },
  id: string,
  site = baseUrl(),
  origin = site,
): Promise<string> {
  const response = await fetch(`${site}/api/v2/profileInput`, {
    method: 'POST',
    headers: { cookie: uploader.cookie, origin, 'content-type': 'application/json' },
    body: JSON.stringify({ mode: 'LoadProfileVideos', username: uploader.username }),
  });
  const page = (await response.json()) as {
    videos?: { _id: string }[];
    processingVideos?: { _id: string; status: string; failureReason: string | null }[];
  };
  if (page.videos?.some((video) => video._id === id)) return 'published';
  const processing = page.processingVideos?.find((video) => video._id === id);
  if (!processing) return `not in the profile (answered ${response.status})`;
  return processing.failureReason
    ? `${processing.status}: ${processing.failureReason}`
    : processing.status;
}

/**
 * Opens a video's page and waits until its comments have been asked for: the section's client
 * code runs only once the page has hydrated, so a comment typed before that would be lost.
 */
export async function openVideoPage(page: Page, path: string): Promise<void> {
  const answered = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v2/comments') &&
      (response.request().postData() ?? '').includes('"List"'),
  );
  await page.goto(path);
  await answered;
  await page.getByTestId('comments').waitFor();
}
