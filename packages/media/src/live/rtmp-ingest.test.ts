import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  liveStreams,
  streamKeys,
  videoReplacements,
  videos,
} from '@cutroom/core/platform/db/schema';
import { isLiveMediaKey } from '@cutroom/core/features/videos/live/live-media-keys';
import {
  checkStreamKey,
  endLive,
  issueStreamKey,
  LIVE_NODE_STOPPED,
  LIVE_REFUSALS,
  saveLiveDetails,
  startLive,
} from '@cutroom/core/features/videos/live/live.service';
import {
  transcodeDeadLetterJob,
  transcodeVideoJob,
} from '@cutroom/core/platform/jobs/job-definitions';
import { JobQueue } from '@cutroom/core/platform/jobs/job-queue';
import { createLogger } from '@cutroom/core/platform/logging/logger';
import { ingestRefusals } from '@cutroom/core/platform/metrics/metrics';
import { createUser } from '@cutroom/core/test-support/factories';
import { createTestDatabase } from '@cutroom/core/test-support/test-db';
import { LocalStorage } from '@cutroom/core/platform/storage/local-storage';
import { InProcessEvents } from '@cutroom/core/platform/events/processing-events';
import { mediaConfigFrom } from '../media-config';
import { probeMedia } from '../probe';
import { segmentsOf } from './live-ladder';
import { LIVE_MESSAGES, startLiveIngest, type LiveIngest } from './rtmp-ingest';

// Real RTMP from a real ffmpeg into the ingest, on a free port: what OBS does, refusals
// included (ffmpeg prints the reason the site sends, as OBS logs it).
const handle = await createTestDatabase();
const work = mkdtempSync(join(tmpdir(), 'cutroom-live-ingest-'));
const storage = new LocalStorage({ root: join(work, 'media'), publicBaseUrl: '/media' });
const events = new InProcessEvents();
let ingest: LiveIngest;
let queue: JobQueue;

interface Pushed {
  process: ChildProcess;
  /** The exit code and what ffmpeg printed. */
  done: Promise<{ code: number | null; stderr: string }>;
}

/** ffmpeg streaming a generated test pattern (and tone) to `url` in real time. */
function push(url: string, seconds: number, codecArgs?: string[], size = '320x180'): Pushed {
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-re'];
  args.push('-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=25:duration=${seconds}`);
  args.push('-re', '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`);
  args.push(
    ...(codecArgs ?? [
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k'],
    ]),
  );
  args.push('-f', 'flv', url);
  const process = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  process.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    process.once('exit', (code) => resolve({ code, stderr })),
  );
  return { process, done };
}

/** Streams refused for `reason` so far, as /metrics counts them in this process. */
const refusals = async (reason: string) =>
  (await ingestRefusals.get()).values.find((value) => value.labels.reason === reason)?.value ?? 0;

const urlOf = (key: string) => `rtmp://127.0.0.1:${ingest.port}/live/${key}`;

async function liveOf(ownerId: string) {
  return handle.db.select().from(liveStreams).where(eq(liveStreams.ownerId, ownerId));
}

/** Polls until `check` answers something, for at most `ms` (ffmpeg on a loaded machine is slow to start). */
async function waitFor<T>(check: () => Promise<T | undefined | null | false>, ms = 45_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > deadline) throw new Error('waited too long');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The live `userId` went on air with, once its row is there; if the push ends first (refused),
 * fails at once with what ffmpeg printed rather than waiting out the deadline.
 */
async function onAir(userId: string, pushed: ReturnType<typeof push>) {
  let ended: { code: number | null; stderr: string } | null = null;
  void pushed.done.then((result) => (ended = result));
  return waitFor(async () => {
    const rows = await liveOf(userId);
    if (rows.length > 0) return rows;
    if (ended) throw new Error(`the push ended before its live was on air: ${ended.stderr}`);
    return null;
  });
}

/**
 * From the stream's publish to its first keyframe. Short, so the stream that never sends one
 * ends soon; not the 3 s once here: beside a full test run ffmpeg's first frame came later.
 */
/**
 * A segment of a live rung in storage (`folder`) joined to the init its playlist names before
 * it, as one file ffprobe reads: its path.
 */
function joinedSegment(folder: string, playlist: string, segment: string): string {
  const lines = playlist.split('\n');
  const maps = lines
    .slice(0, lines.indexOf(segment))
    .filter((line) => line.startsWith('#EXT-X-MAP'));
  const init = /URI="([^"]+)"/.exec(maps.at(-1)!)![1]!;
  const joined = join(work, `joined-${segment}.mp4`);
  writeFileSync(
    joined,
    Buffer.concat([
      readFileSync(join(work, 'media', folder, init)),
      readFileSync(join(work, 'media', folder, segment)),
    ]),
  );
  return joined;
}

const KEYFRAME_DEADLINE_MS = 8_000;

beforeAll(async () => {
  queue = await JobQueue.start(handle, [transcodeDeadLetterJob, transcodeVideoJob]);
  ingest = await startLiveIngest({
    db: handle.db,
    log: createLogger({ level: (globalThis.process.env.LIVE_LOG as 'info') ?? 'silent' }),
    media: mediaConfigFrom(),
    storage,
    events,
    queue,
    port: 0,
    host: '127.0.0.1',
    workDir: work,
    now: () => new Date(),
    // A minute to come back is the site's; a few seconds here, so the end comes soon.
    limits: {
      keyframeDeadlineMs: KEYFRAME_DEADLINE_MS,
      // A tenth of a minute was too short beside a full test run: the stream back came after it.
      reconnectWindowMs: 20_000,
      heartbeatMs: 300,
      posterRefreshMs: 1_000,
    },
  });
});

afterAll(async () => {
  await ingest?.stop();
  await queue?.stop({ timeoutMs: 5_000 });
  await rm(work, { recursive: true, force: true });
});

describe('RTMP ingest', () => {
  it('removes a live whose streamer chose not to keep it when it ends', async () => {
    const { user, actor } = await createUser(handle.db);
    const { key } = await issueStreamKey({ db: handle.db, actor, now: () => new Date() });
    await saveLiveDetails(
      { db: handle.db, actor, now: () => new Date() },
      { keepRecording: false },
    );
    // Long enough to go on air on a loaded machine (probed, then taken) before it ends.
    const pushed = push(urlOf(key), 6);
    const [live] = await onAir(user.id, pushed);
    expect((await pushed.done).code).toBe(0);
    await waitFor(async () => (await liveOf(user.id)).length === 0);
    expect(await handle.db.select().from(videos).where(eq(videos.id, live!.videoId))).toEqual([]);
    expect(await storage.list(`live/${live!.videoId}/`)).toEqual([]);
  }, 240_000);

  it('refuses an unknown key with a reason ffmpeg prints', async () => {
    const { code, stderr } = await push(urlOf('not-a-key'), 5).done;
    expect(code).not.toBe(0);
    expect(stderr).toContain(LIVE_REFUSALS.unknownKey);
  });

  it('refuses a stream URL outside /live, and the Go live page can say why', async () => {
    const refusedBefore = await refusals('wrong-app');
    const { user, actor } = await createUser(handle.db);
    const { key } = await issueStreamKey({ db: handle.db, actor, now: () => new Date() });
    const { code, stderr } = await push(`rtmp://127.0.0.1:${ingest.port}/other/${key}`, 5).done;
    expect(code).not.toBe(0);
    expect(stderr).toContain(LIVE_REFUSALS.wrongApp);
    await waitFor(async () => {
      const [row] = await handle.db.select().from(streamKeys).where(eq(streamKeys.userId, user.id));
      return row!.lastRefusal === LIVE_REFUSALS.wrongApp;
    });
    expect(await refusals('wrong-app')).toBe(refusedBefore + 1);
  });

  it('refuses a codec the site cannot carry, and the Go live page can say why', async () => {
    const refusedBefore = await refusals('video-codec');
    const { user, actor } = await createUser(handle.db);
    const { key } = await issueStreamKey({ db: handle.db, actor, now: () => new Date() });
    const { code, stderr } = await push(urlOf(key), 5, ['-c:v', 'flv1', '-c:a', 'aac']).done;
    expect(code).not.toBe(0);
    expect(stderr).toContain(LIVE_MESSAGES.videoCodec(2));
    const [row] = await handle.db.select().from(streamKeys).where(eq(streamKeys.userId, user.id));
    expect(row!.lastRefusal).toBe(LIVE_MESSAGES.videoCodec(2));
    expect(await liveOf(user.id)).toEqual([]);
    // /metrics counts it by its reason.
    expect(await refusals('video-codec')).toBe(refusedBefore + 1);
  });

  it('ends a stream that never sends a keyframe, naming it', async () => {
    const { user, actor } = await createUser(handle.db);
    const { key } = await issueStreamKey({ db: handle.db, actor, now: () => new Date() });
    // Audio only: no video header, no keyframe ever.
    const { code, stderr } = await push(urlOf(key), 20, ['-map', '1:a', '-c:a', 'aac']).done;
    expect(code).not.toBe(0);
    expect(stderr).toContain(LIVE_MESSAGES.noKeyframe(KEYFRAME_DEADLINE_MS));
    expect(await liveOf(user.id)).toEqual([]);
  });

  it('survives garbage bytes on the port and still takes the next stream', async () => {
    const garbage = connect(ingest.port, '127.0.0.1');
    await new Promise<void>((resolve) => garbage.once('connect', () => resolve()));
    const closed = new Promise<void>((resolve) => garbage.once('close', () => resolve()));
    garbage.on('error', () => undefined);
    garbage.resume();
    garbage.write(Buffer.alloc(4096, 0x03));
    garbage.write(Buffer.from('not rtmp at all '.repeat(500)));
    garbage.end();
    await closed;

    const { user, actor } = await createUser(handle.db);
    const { key } = await issueStreamKey({ db: handle.db, actor, now: () => new Date() });
    await saveLiveDetails(
      { db: handle.db, actor, now: () => new Date() },
      {
        title: 'Evening stream',
        category: 'hypno',
        visibility: 'unlisted',
      },
    );
    const first = push(urlOf(key), 30, undefined, '854x480');
    const [live] = await onAir(user.id, first);
    expect(live!.state).toBe('live');
    expect(live!.inputWidth).toBe(854);
    expect(live!.inputHeight).toBe(480);
    const [video] = await handle.db.select().from(videos).where(eq(videos.id, live!.videoId));
    expect(video).toMatchObject({
      title: 'Evening stream',
      category: 'hypno',
      visibility: 'unlisted',
      ownerId: user.id,
    });

    // Its ladder reaches storage, and the video goes on the site (unlisted: hidden) with it:
    // the stream passed through, and a 360p rendition made from it.
    const onSite = await waitFor(async () => {
      const [row] = await handle.db.select().from(videos).where(eq(videos.id, live!.videoId));
      return row?.status === 'hidden' && row;
    });
    expect(onSite.masterPlaylistKey).toBe(`live/${live!.videoId}/master.m3u8`);
    // The node holding it says so (its heartbeat): no node's check takes it for stopped.
    await waitFor(async () => {
      const [row] = await liveOf(user.id);
      return row?.seenAt && row.seenAt > live!.seenAt! && row;
    });
    expect(onSite.posterKey).toBe(`live/${live!.videoId}/poster.jpg`);
    const read = async (key: string) => {
      const { body } = await storage.getStream(key);
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    };
    const master = await read(onSite.masterPlaylistKey!);
    expect(master).toMatch(/RESOLUTION=854x480/);
    expect(master).toMatch(/RESOLUTION=640x360/);
    const low = await waitFor(async () => {
      const playlist = await read(`live/${live!.videoId}/v1/index.m3u8`).catch(() => '');
      return /seg-\d+\.m4s/.test(playlist) && playlist;
    });
    expect(low).toContain('#EXT-X-PROGRAM-DATE-TIME');
    expect(low).not.toContain('#EXT-X-ENDLIST');
    // Low-Latency HLS: parts, blocking reloads, the next part hinted.
    expect(low).toContain('#EXT-X-PART:DURATION=');
    expect(low).toContain('CAN-BLOCK-RELOAD=YES');
    expect(low).toContain('#EXT-X-PRELOAD-HINT:TYPE=PART');
    const segment = low.split('\n').find((line) => line.startsWith('seg-'))!;
    const segmentFile = joinedSegment(`live/${live!.videoId}/v1`, low, segment);
    const { stdout } = await promisify(execFile)('ffprobe', [
      ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=height'],
      ...['-of', 'csv=p=0', segmentFile],
    ]);
    expect(stdout.trim().split(/\s+/)[0]).toBe('360');
    // Its poster is a current picture: taken again from the newest segment while on air.
    const firstPoster = await read(onSite.posterKey!);
    await waitFor(async () => (await read(onSite.posterKey!)) !== firstPoster, 15_000);

    // A second stream on the same key is refused while the first is on air.
    const second = await push(urlOf(key), 5).done;
    expect(second.code).not.toBe(0);
    expect(second.stderr).toContain(LIVE_REFUSALS.secondStream);
    await waitFor(async () => {
      const [row] = await handle.db.select().from(streamKeys).where(eq(streamKeys.userId, user.id));
      return row!.lastRefusal === LIVE_REFUSALS.secondStream;
    });

    // The streamer drops: the live waits for them, and a stream back within the minute
    // continues it (same video), its recording in a second part.
    first.process.kill('SIGINT');
    await first.done;
    const firstDrop = await waitFor(async () => (await liveOf(user.id))[0]?.droppedAt);
    const droppedAfter = (time: Date) =>
      waitFor(async () => {
        const dropped = (await liveOf(user.id))[0]?.droppedAt;
        return dropped && dropped.getTime() > time.getTime() && dropped;
      });
    // Back without the sound the live began with: refused, saying so; the live waits on.
    const soundless = await push(urlOf(key), 8, [
      ...['-map', '0:v', '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency'],
      ...['-g', '25', '-pix_fmt', 'yuv420p'],
    ]).done;
    expect(soundless.code).not.toBe(0);
    expect(soundless.stderr).toContain(LIVE_MESSAGES.soundGone);
    const soundlessDrop = await droppedAfter(firstDrop);
    // Back at another size (the streamer lowered it): the live keeps its own, the stream is
    // fitted to it, and both rungs go on (640x360 alone would have one).
    const again = push(urlOf(key), 8, undefined, '640x360');
    // Taken (ffmpeg ends well, having sent its 8 s), then dropped again: the second part of the
    // recording below shows the same live went on. (Its seconds on the air are not polled for:
    // on a loaded machine the site takes a stream on the air seconds after its publish.)
    const sentAgain = await again.done;
    expect(sentAgain.code, sentAgain.stderr).toBe(0);
    await droppedAfter(soundlessDrop);
    const rows = await liveOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.videoId).toBe(live!.videoId);

    // Each part of the recording is a readable video.
    const folder = ingest.workDirOf(live!.videoId)!;
    const parts = (await readdir(folder)).filter((name) => name.startsWith('part-')).sort();
    expect(parts).toEqual(['part-001.flv', 'part-002.flv']);
    for (const part of parts) {
      // Readable once its recorder has written the file's end (the drop is noted first).
      const info = await waitFor(() => probeMedia(join(folder, part)).catch(() => null), 30_000);
      expect(info.video.codec).toBe('h264');
      expect(info.audio?.codec).toBe('aac');
    }

    // No stream comes back: the live ends, and its replay plays at once from the live's own
    // segments (both parts, both rungs): a VOD playlist with its end, its duration theirs.
    const replay = await waitFor(async () => {
      const [row] = await handle.db.select().from(videos).where(eq(videos.id, live!.videoId));
      return row?.masterPlaylistKey === `live/${live!.videoId}/replay.m3u8` ? row : null;
    }, 90_000);
    const [ended] = await liveOf(user.id);
    expect(ended).toMatchObject({ state: 'ended', endReason: 'The stream stopped' });
    // Unlisted: back on the site hidden, as its visibility says (its media under the same rule).
    expect(replay.status).toBe('hidden');
    expect(replay.posterKey).toBe(`live/${live!.videoId}/replay.jpg`);
    expect(isLiveMediaKey(replay.posterKey)).toBe(false);
    expect(replay).toMatchObject({ width: 854, height: 480, topQuality: 480 });
    const topRung = await read(`live/${live!.videoId}/v0/replay.m3u8`);
    expect(topRung).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(topRung).toContain('#EXT-X-ENDLIST');
    const summed = [...topRung.matchAll(/#EXTINF:([\d.]+),/g)].reduce(
      (sum, match) => sum + Number(match[1]),
      0,
    );
    expect(replay.durationSeconds).toBeCloseTo(summed, 2);
    // More than the first part's window: the segments of the part before the drop are in.
    expect(summed).toBeGreaterThan(parts.length);
    const replayFile = join(work, 'media', replay.masterPlaylistKey!);
    const probed = await promisify(execFile)('ffprobe', [
      ...['-v', 'error', '-protocol_whitelist', 'file', '-show_entries'],
      ...['format=duration', '-of', 'json', replayFile],
    ]);
    const info = JSON.parse(probed.stdout) as { format: { duration: string } };
    // It plays as a whole (every segment it names is there), as long as it says.
    expect(Math.abs(Number(info.format.duration) - replay.durationSeconds!)).toBeLessThan(1);
    expect(await read(replay.masterPlaylistKey!)).toMatch(
      /RESOLUTION=854x480.*\nv0\/replay\.m3u8\n.*RESOLUTION=640x360.*\nv1\/replay\.m3u8/,
    );
    // Each rung's last segment (the stream back at 640x360) is of the rung's size.
    const lastSegmentSize = async (rung: string) => {
      const list = await read(`live/${live!.videoId}/${rung}/replay.m3u8`);
      const last = segmentsOf(list).at(-1)!;
      const { stdout } = await promisify(execFile)('ffprobe', [
        ...['-v', 'error', '-protocol_whitelist', 'file', '-select_streams', 'v:0'],
        ...['-show_entries', 'stream=width,height', '-of', 'csv=p=0'],
        joinedSegment(`live/${live!.videoId}/${rung}`, list, last),
      ]);
      // One line a program of the segment: the first.
      return stdout.trim().split(/\s+/)[0];
    };
    expect(await lastSegmentSize('v0')).toBe('854,480');
    expect(await lastSegmentSize('v1')).toBe('640,360');
    // Each stream of each rung (its init, then its segments, to the next discontinuity)
    // decodes without an error: a player reads a new init at each discontinuity.
    for (const rung of ['v0', 'v1']) {
      const folder = join(work, 'media', `live/${live!.videoId}/${rung}`);
      const list = await read(`live/${live!.videoId}/${rung}/replay.m3u8`);
      const streams = list.split('#EXT-X-MAP:URI=').slice(1);
      expect(streams).toHaveLength(2);
      for (const [index, stream] of streams.entries()) {
        const [init] = /^"([^"]+)"/.exec(stream)!.slice(1);
        const joined = join(work, `replay-${rung}-${index}.mp4`);
        writeFileSync(
          joined,
          Buffer.concat(
            [init!, ...segmentsOf(stream.slice(stream.indexOf('\n')))].map((name) =>
              readFileSync(join(folder, name)),
            ),
          ),
        );
        const decoded = await promisify(execFile)('ffmpeg', [
          ...['-v', 'error', '-protocol_whitelist', 'file', '-i', joined],
          ...['-map', '0:v:0', '-f', 'null', '-'],
        ]);
        expect(decoded.stderr).toBe('');
      }
    }
    if (globalThis.process.env.LIVE_LOG) {
      console.info(
        `end to a playable replay: ${replay.updatedAt.getTime() - ended!.endedAt!.getTime()} ms; duration ${replay.durationSeconds} s, ffprobe ${info.format.duration} s`,
      );
    }

    // Its recording (both parts) goes through the full ladder in the background, as a new
    // file does, taking the replay's place when done.
    // (Queued once the parts are joined: here encoded again, as they differ in size.)
    const queued = await waitFor(async () => {
      const [row] = await handle.db
        .select()
        .from(videoReplacements)
        .where(eq(videoReplacements.videoId, live!.videoId));
      return row;
    }, 90_000);
    expect(queued).toMatchObject({ status: 'processing' });
    const recording = await probeMedia(join(work, 'media', queued!.sourceKey));
    expect(recording.video.codec).toBe('h264');
    // The parts differ in size: joined at the live's own.
    expect(recording.video).toMatchObject({ width: 854, height: 480 });
    expect(recording.durationSeconds).toBeGreaterThan(parts.length);
  }, 240_000);

  it('cuts a stream whose live another node ended as silent (its event missed), and processes its recording here', async () => {
    const { user, actor } = await createUser(handle.db);
    const { key } = await issueStreamKey({ db: handle.db, actor, now: () => new Date() });
    const pushed = push(urlOf(key), 30);
    const live = await waitFor(async () => {
      const [row] = await liveOf(user.id);
      return row && ingest.workDirOf(row.videoId) !== null ? row : null;
    });
    // On the site: its recording has its first seconds.
    await waitFor(async () => {
      const [row] = await handle.db.select().from(videos).where(eq(videos.id, live.videoId));
      return row?.status === 'published';
    });
    // Another node's check took this one for stopped, and its `live-ended` never came here.
    await endLive({ db: handle.db, now: () => new Date() }, live.videoId, LIVE_NODE_STOPPED);
    // The next heartbeat finds the live no longer on air: the stream is cut with the reason.
    const { code, stderr } = await pushed.done;
    expect(code).not.toBe(0);
    expect(stderr).toContain(LIVE_NODE_STOPPED);
    // Its replay plays here from its segments, its full ladder on its way.
    const replay = await waitFor(async () => {
      const [row] = await handle.db.select().from(videos).where(eq(videos.id, live.videoId));
      return row?.masterPlaylistKey?.endsWith('/replay.m3u8') ? row : null;
    });
    expect(replay.status).toBe('published');
    if (globalThis.process.env.LIVE_LOG) {
      const [ended] = await liveOf(user.id);
      console.info(
        `end on air to a playable replay: ${replay.updatedAt.getTime() - ended!.endedAt!.getTime()} ms`,
      );
    }
    await waitFor(async () => {
      const [row] = await handle.db
        .select()
        .from(videoReplacements)
        .where(eq(videoReplacements.videoId, live.videoId));
      return row?.status === 'processing';
    });
  }, 90_000);

  it('ends at start-up a live this node left on air, its recording processed as at any end', async () => {
    const { user, actor } = await createUser(handle.db);
    const { key } = await issueStreamKey({ db: handle.db, actor, now: () => new Date() });
    const check = await checkStreamKey(handle.db, key);
    if (!check.ok) throw new Error(check.reason);
    const { videoId } = await startLive(
      { db: handle.db, now: () => new Date() },
      { ...check, probe: { width: 320, height: 180, frameRate: 25 } },
    );
    // What the stopped node left: the live's folder with a recording part, the live on air.
    const leftDir = mkdtempSync(join(tmpdir(), 'cutroom-live-left-'));
    const folder = mkdtempSync(join(leftDir, `cutroom-live-${videoId}-`));
    mkdtempSync(join(leftDir, 'cutroom-live-probe-'));
    await promisify(execFile)('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
      ...['-i', 'testsrc2=size=320x180:rate=25:duration=2', '-c:v', 'libx264'],
      ...['-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', 'flv', join(folder, 'part-001.flv')],
    ]);
    const restarted = await startLiveIngest({
      db: handle.db,
      log: createLogger({ level: 'silent' }),
      media: mediaConfigFrom(),
      storage,
      events,
      queue,
      port: 0,
      host: '127.0.0.1',
      workDir: leftDir,
      now: () => new Date(),
    });
    try {
      const [live] = await liveOf(user.id);
      expect(live).toMatchObject({ state: 'ended', endReason: LIVE_MESSAGES.restarted });
      const replay = await waitFor(async () => {
        const [row] = await handle.db.select().from(videos).where(eq(videos.id, videoId));
        return row?.sourceKey ? row : null;
      });
      expect(replay.status).toBe('processing');
      await waitFor(async () => (await readdir(leftDir)).length === 0);
    } finally {
      await restarted.stop();
      await rm(leftDir, { recursive: true, force: true });
    }
  }, 90_000);
});
