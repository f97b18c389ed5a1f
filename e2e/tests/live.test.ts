import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughApi } from '../support/accounts';
import { baseUrl, openPage } from '../support/browser';
import { screenshot } from '../support/screenshots';
import { lifePictures, sessionCookie, waitUntilPublished } from '../support/videos';

const randomSeed = () => Math.floor(Math.random() * 2 ** 31);

/** The streamer's live on air, as /api/v2/live answers it, once it is there. */
async function onAir(cookie: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${baseUrl()}/api/v2/live`, {
      method: 'POST',
      headers: { cookie, origin: baseUrl(), 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'get' }),
    });
    const body = (await response.json()) as {
      live: { onAir: { videoId: string; slug: string } | null; lastRefusal: string | null };
    };
    if (body.live.onAir) return body.live.onAir;
    if (Date.now() > deadline) {
      throw new Error(`not on air in time (last refusal: ${body.live.lastRefusal})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('going live', () => {
  it('a member streams with ffmpeg, a visitor watches it live beside its chat, the streamer ends it and the replay plays', async () => {
    const streamer = await createVerifiedUser();
    const page = await openPage({ viewport: { width: 1280, height: 900 } });
    await signInThroughApi(page.context(), streamer.email, streamer.password);

    // The Go live page: a key, shown once, and where to send the stream.
    await page.goto('/go-live');
    await page.getByRole('button', { name: 'Make a stream key' }).click();
    const key = (await page.getByTestId('stream-key').textContent())!.trim();
    const rtmpUrl = (await page.getByTestId('rtmp-url').textContent())!.trim();
    expect(key).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(rtmpUrl).toMatch(/^rtmp:\/\/.+:\d+\/live$/);
    await page.getByLabel('Title').fill('Live journey');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await screenshot(page, 'go-live-1280.png');
    // After a reload the key is not shown again.
    await page.reload();
    await page.getByText('shown only when it was made').waitFor();
    expect(await page.getByTestId('stream-key').count()).toBe(0);

    // ffmpeg streams a generated clip in real time, as OBS would.
    const ffmpeg = spawn(
      'ffmpeg',
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
        // Pictures of its own: a stream like another member's video would be held as a copy.
        ...['-re', '-f', 'lavfi', '-t', '120', '-i', lifePictures(640, 360, randomSeed())],
        ...['-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100:duration=120'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25'],
        ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-f', 'flv', `${rtmpUrl}/${key}`],
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let ffmpegLog = '';
    ffmpeg.stderr!.on('data', (chunk: Buffer) => (ffmpegLog += chunk.toString()));
    const ffmpegExited = new Promise<void>((resolve) => ffmpeg.once('exit', () => resolve()));
    try {
      const cookie = await sessionCookie(streamer.email, streamer.password);
      const live = await onAir(cookie).catch((error: unknown) => {
        throw new Error(`${String(error)}; ffmpeg: ${ffmpegLog.slice(-500)}`);
      });
      const path = `/video/${live.slug}_${live.videoId}`;

      // A visitor opens the live page: the badge, the player's live indicator, and it plays.
      const viewer = await openPage({ viewport: { width: 1280, height: 900 } });
      const mediaAnswers: string[] = [];
      viewer.on('response', (response) => {
        if (response.url().includes('/media/live/')) {
          mediaAnswers.push(
            `${response.status()} ${new URL(response.url()).pathname.split('/').slice(-2).join('/')}`,
          );
        }
      });
      await expect
        .poll(
          async () => {
            await viewer.goto(path);
            return viewer.getByTestId('live-badge').count();
          },
          { timeout: 30_000, interval: 500 },
        )
        .toBe(1);
      await viewer.locator('video').evaluate((video: HTMLVideoElement) => {
        video.muted = true;
        return video.play();
      });
      await viewer
        .waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1, undefined, {
          polling: 100,
          timeout: 30_000,
        })
        .catch(async (error: unknown) => {
          const state = await viewer.locator('video').evaluate((video: HTMLVideoElement) => ({
            src: video.currentSrc,
            error: video.error?.message,
            readyState: video.readyState,
            duration: video.duration,
          }));
          throw new Error(`${String(error)} ${JSON.stringify(state)} ${mediaAnswers.join(', ')}`);
        });
      await viewer.locator('.cr-live:not([hidden])').waitFor({ timeout: 30_000 });
      await screenshot(viewer, 'live-watch-1280.png');

      // A member joins: both pages count two watching, and what they write in the chat beside
      // the live arrives in the first viewer's page without a reload; leaving counts down.
      const watching = (on: typeof viewer, text: string) =>
        on.getByTestId('watching-count').filter({ hasText: text }).waitFor({ timeout: 15_000 });
      await watching(viewer, '1 watching');
      const chatter = await createVerifiedUser();
      const chatPage = await openPage({ viewport: { width: 1280, height: 900 } });
      await signInThroughApi(chatPage.context(), chatter.email, chatter.password);
      await chatPage.goto(path);
      await watching(viewer, '2 watching');
      await watching(chatPage, '2 watching');
      await chatPage.getByLabel('Add a comment').fill('Hello from the live chat');
      await chatPage.getByRole('button', { name: 'Comment', exact: true }).click();
      await viewer
        .getByTestId('comments')
        .getByText('Hello from the live chat')
        .waitFor({ timeout: 15_000 });
      await screenshot(viewer, 'live-chat-1280.png');
      await chatPage.close();
      await watching(viewer, '1 watching');

      // The streamer ends the live from the Go live page; ffmpeg hears why and stops.
      await page.reload();
      await page.getByRole('button', { name: 'End the live' }).click();
      await page.getByRole('button', { name: 'End the live' }).click();
      await ffmpegExited;
      expect(ffmpegLog).toContain('The streamer ended the live');

      // The recording becomes an ordinary video on the same page, and plays.
      await waitUntilPublished(cookie, streamer.username, live.videoId);
      await viewer.goto(path);
      expect(await viewer.getByTestId('live-badge').count()).toBe(0);
      await viewer.locator('video').evaluate((video: HTMLVideoElement) => (video.muted = true));
      await viewer
        .locator('.cutroom-player')
        .getByRole('button', { name: 'Play', exact: true })
        .first()
        .click();
      await viewer
        .waitForFunction(
          () => (document.querySelector('video')?.currentTime ?? 0) > 0.5,
          undefined,
          { polling: 100, timeout: 30_000 },
        )
        .catch(async (error: unknown) => {
          const state = await viewer.locator('video').evaluate((video: HTMLVideoElement) => ({
            src: video.currentSrc,
            error: video.error?.message,
            readyState: video.readyState,
            paused: video.paused,
            time: video.currentTime,
            buffered: video.buffered.length ? [video.buffered.start(0), video.buffered.end(0)] : [],
          }));
          await screenshot(viewer, 'live-replay-failed.png');
          throw new Error(`${String(error)} ${JSON.stringify(state)}`);
        });
      const duration = await viewer
        .locator('video')
        .evaluate((video: HTMLVideoElement) => video.duration);
      expect(Number.isFinite(duration) && duration > 1).toBe(true);
    } finally {
      ffmpeg.kill('SIGKILL');
    }
  }, 240_000);

  it('a scheduled live: its waiting page turns into the live by itself when the stream arrives', async () => {
    const streamer = await createVerifiedUser();
    const page = await openPage({ viewport: { width: 1280, height: 900 } });
    await signInThroughApi(page.context(), streamer.email, streamer.password);
    await page.goto('/go-live');
    await page.getByRole('button', { name: 'Make a stream key' }).click();
    const key = (await page.getByTestId('stream-key').textContent())!.trim();
    const rtmpUrl = (await page.getByTestId('rtmp-url').textContent())!.trim();
    await page.getByLabel('Title').fill('Launch at noon');
    // An hour from now, in the field's own local format.
    const later = new Date(Date.now() + 3_600_000);
    const local = new Date(later.getTime() - later.getTimezoneOffset() * 60_000);
    await page.getByLabel('Starts at').fill(local.toISOString().slice(0, 16));
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    const waitingPath = await page.getByTestId('waiting-page-link').getAttribute('href');

    const viewer = await openPage({ viewport: { width: 1280, height: 900 } });
    await viewer.goto(waitingPath!);
    await viewer.getByTestId('live-waiting').waitFor();
    // Its chat and the number watching, before the live begins: the streamer opens the page
    // too (two watching on both) and writes in the chat, which reaches the viewer's page.
    const watching = (on: typeof viewer, text: string) =>
      on.getByTestId('watching-count').filter({ hasText: text }).waitFor({ timeout: 15_000 });
    await watching(viewer, '1 watching');
    await page.goto(waitingPath!);
    await watching(page, '2 watching');
    await watching(viewer, '2 watching');
    await page.getByLabel('Add a comment').fill('Starting soon, stay here');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await viewer
      .getByTestId('comments')
      .getByText('Starting soon, stay here')
      .waitFor({ timeout: 15_000 });
    await screenshot(viewer, 'live-waiting-1280.png');
    const ffmpeg = spawn(
      'ffmpeg',
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
        // Pictures of its own: a stream like another member's video would be held as a copy.
        ...['-re', '-f', 'lavfi', '-t', '60', '-i', lifePictures(640, 360, randomSeed())],
        ...['-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100:duration=60'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25'],
        ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-f', 'flv', `${rtmpUrl}/${key}`],
      ],
      { stdio: ['ignore', 'ignore', 'ignore'] },
    );
    try {
      // No reload: the waiting page hears the live begin and comes back as the live.
      await viewer.getByTestId('live-badge').waitFor({ timeout: 45_000 });
      expect(await viewer.getByTestId('live-waiting').count()).toBe(0);
      expect(new URL(viewer.url()).pathname).toBe(waitingPath);
      // The waiting page's chat is the live's.
      await viewer.getByTestId('comments').getByText('Starting soon, stay here').waitFor();
    } finally {
      ffmpeg.kill('SIGKILL');
    }
  }, 120_000);
});
