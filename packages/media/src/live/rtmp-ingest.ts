import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { pipeline, Transform, type Readable } from 'node:stream';
import { join } from 'node:path';
import { ServiceError } from '@cutroom/core/kernel/errors/service-error';
import type { Database } from '@cutroom/core/platform/db/client';
import {
  checkStreamKey,
  discardLive,
  endLive,
  hashStreamKey,
  LIVE_HEARTBEAT_MS,
  LIVE_NODE_STOPPED,
  LIVE_REFUSALS,
  LIVE_STREAM_STOPPED,
  markLiveDropped,
  markLiveWatchable,
  notifyLiveStarted,
  publishLiveReplay,
  readLiveStream,
  RECONNECT_WINDOW_MS,
  recordRefusal,
  recordRefusalByKey,
  startLive,
  touchLives,
  type StreamProbe,
} from '@cutroom/core/features/videos/live/live.service';
import type { Logger } from '@cutroom/core/platform/logging/logger';
import { ingestMetrics } from '@cutroom/core/platform/metrics/metrics';
import type { TranscodeVideoJob } from '@cutroom/core/platform/jobs/job-definitions';
import type { JobQueue } from '@cutroom/core/platform/jobs/job-queue';
import type { Storage } from '@cutroom/core/platform/storage/storage';
import {
  findVideo,
  markVideoFailed,
  processRecording,
} from '@cutroom/core/features/videos/processing/video-processing.service';
import { startReplayProcessing } from '@cutroom/core/features/videos/processing/video-replacement.service';
import { StorageNotFoundError } from '@cutroom/core/platform/storage/storage';
import type { ProcessingEvents } from '@cutroom/core/platform/events/processing-events';
import { probeUploadedVideo } from '../accept-upload';
import { runTool } from '../ffmpeg-runner';
import {
  avcCodecOf,
  liveLadderArgs,
  type LiveShape,
  LIVE_SHAPE_FILE,
  probeRecordingPart,
  recordingJoinArgs,
  liveMasterPlaylist,
  liveVariants,
  type LiveVariant,
  liveMasterKey,
  LiveMediaSync,
  livePosterKey,
  livePrefix,
  LIVE_MASTER_FILE,
  liveReplayMasterKey,
  liveReplayPosterKey,
  LIVE_RUNG_FIRST_FD,
  LIVE_SEGMENT_SECONDS,
  LIVE_WINDOW_SECONDS,
  readReplayLists,
  replayMasterPlaylist,
  replayMediaPlaylist,
  type TimedSegment,
} from './live-ladder';
import { LlHlsPackager } from './ll-hls-packager';
import type { MediaConfig } from '../media-config';
import {
  DEFAULT_INGEST_LIMITS,
  DEFAULT_INGEST_PROCESS_LIMITS,
  type IngestLimits,
  type IngestProcessLimits,
} from './ingest-protocol';
import {
  startIngestProcess,
  type IngestProcess,
  type MediaPacket,
  type PublishRequest,
} from './ingest-supervisor';
import { LiveFeed } from './live-feed';

/** What a stream may be (docs/live.md): anything else ends it with the reason. */
export interface LiveLimits {
  /** The video's sequence header and first keyframe must arrive within this. */
  keyframeDeadlineMs: number;
  /** A stream that sends nothing for this long has stalled. */
  stallMs: number;
  /** How much of the stream is probed before it goes on air. */
  probeMs: number;
  maxWidth: number;
  maxHeight: number;
  maxFrameRate: number;
  /** Bytes waiting for ffmpeg before the stream is ended as one the site cannot keep up with. */
  maxBacklogBytes: number;
  /** A stream back on the same key within this continues the same live. */
  reconnectWindowMs: number;
  /** How often this node marks the lives it holds as seen (their heartbeat). */
  heartbeatMs: number;
  /** How often a live's poster is taken again from its newest segment. */
  posterRefreshMs: number;
}

export const DEFAULT_LIVE_LIMITS: LiveLimits = {
  keyframeDeadlineMs: 10_000,
  stallMs: 10_000,
  probeMs: 500,
  maxWidth: 3840,
  maxHeight: 2160,
  maxFrameRate: 120,
  maxBacklogBytes: 32 * 1024 * 1024,
  reconnectWindowMs: RECONNECT_WINDOW_MS,
  heartbeatMs: LIVE_HEARTBEAT_MS,
  posterRefreshMs: 30_000,
};

/** FLV codec ids the site carries: H.264 video, AAC audio. */
const H264 = 7;
const AAC = 10;
const VIDEO_CODEC_NAMES: Record<number, string> = {
  2: 'Sorenson H.263',
  3: 'Screen video',
  4: 'VP6',
  5: 'VP6 with alpha',
  6: 'Screen video 2',
  7: 'H.264',
  12: 'HEVC',
};
const AUDIO_CODEC_NAMES: Record<number, string> = {
  0: 'PCM',
  1: 'ADPCM',
  2: 'MP3',
  3: 'PCM',
  4: 'Nellymoser',
  5: 'Nellymoser',
  6: 'Nellymoser',
  7: 'G.711 A-law',
  8: 'G.711 mu-law',
  10: 'AAC',
  11: 'Speex',
};
const codecName = (names: Record<number, string>, id: number) =>
  names[id] ?? (id > 255 ? Buffer.from(id.toString(16), 'hex').toString('latin1') : `codec ${id}`);

export const LIVE_MESSAGES = {
  videoCodec: (id: number) =>
    `This stream's video is ${codecName(VIDEO_CODEC_NAMES, id)}: the site carries H.264 video with AAC audio`,
  audioCodec: (id: number) =>
    `This stream's audio is ${codecName(AUDIO_CODEC_NAMES, id)}: the site carries H.264 video with AAC audio`,
  noKeyframe: (ms: number) =>
    `No keyframe arrived within ${ms / 1000} s: set a keyframe interval of 1 or 2 seconds`,
  stalled: (ms: number) => `The stream stalled: nothing arrived for ${ms / 1000} s`,
  unreadable: 'The stream could not be read as video',
  tooLarge: (probe: StreamProbe, limits: LiveLimits) =>
    `This stream is ${probe.width}x${probe.height}; the largest a live may be is ${limits.maxWidth}x${limits.maxHeight}`,
  frameRate: (probe: StreamProbe, limits: LiveLimits) =>
    `This stream runs at ${Math.round(probe.frameRate)} frames a second; a live may have 1 to ${limits.maxFrameRate}`,
  backlog: 'The site could not keep up with this stream: lower its bitrate',
  recorderFailed: 'The site could not carry this stream',
  stopped: LIVE_STREAM_STOPPED,
  restarted: 'The site restarted while the live was on air',
  ingestRestarted: "The site's live ingest restarted",
  soundGone: 'This live began with sound: a stream back must have sound too',
} as const;

/** Why a stream was refused before it went on air, in a few words (a label of /metrics). */
type RefusalKind =
  | 'key'
  | 'disabled-key'
  | 'no-right'
  | 'second-stream'
  | 'wrong-app'
  | 'video-codec'
  | 'audio-codec'
  | 'no-keyframe'
  | 'unreadable'
  | 'too-large'
  | 'frame-rate'
  | 'no-audio'
  | 'conflict';

/** The kinds of the refusals the live service words (its messages are fixed). */
const SERVICE_REFUSALS = new Map<string, RefusalKind>([
  [LIVE_REFUSALS.unknownKey, 'key'],
  [LIVE_REFUSALS.disabledKey, 'disabled-key'],
  [LIVE_REFUSALS.noRight, 'no-right'],
  [LIVE_REFUSALS.secondStream, 'second-stream'],
  [LIVE_REFUSALS.wrongApp, 'wrong-app'],
]);

/** A live's work folder: `cutroom-live-{videoId}-` and mkdtemp's six characters. */
const LIVE_FOLDER = /^cutroom-live-(.+)-[A-Za-z0-9]{6}$/;

export interface LiveIngestOptions {
  db: Database;
  log: Logger;
  media: MediaConfig;
  /** Where the live's playlists and segments go, for every node to serve. */
  storage: Storage;
  /** Announces a live going on the site (pages and listings drop what they kept). */
  events: ProcessingEvents;
  /** Where a kept recording's processing job goes when the live ends. */
  queue: JobQueue;
  transcodeJob?: TranscodeVideoJob;
  /** The RTMP port (0: any free port, for tests). */
  port: number;
  host?: string;
  /** Where each live's work folder is made (its recording parts). */
  workDir: string;
  limits?: Partial<LiveLimits>;
  /** What each RTMP connection is held to in the ingest process (docs/live.md). */
  ingestLimits?: Partial<IngestLimits>;
  /** The ingest process's memory ceiling, health checks and restarts. */
  processLimits?: Partial<IngestProcessLimits>;
  /** The clock: the system's on the site (the ingest acts for no caller). */
  now: () => Date;
  /**
   * Told each time a live's media playlist is in storage (its key and text): this node's
   * blocking playlist reloads answer at once (docs/live.md, "Latency").
   */
  onLivePlaylist?: (key: string, playlist: string) => void;
}

export interface LiveIngest {
  /** The port it listens on. */
  port: number;
  /** The work folder of a live this process took, or null. */
  workDirOf(videoId: string): string | null;
  /** Ends a live on this node now (staff): its stream is cut, then the live finished. */
  end(videoId: string, reason: string): Promise<void>;
  /** The ingest process's id while it runs (tests and benchmarks watch it). */
  ingestPid(): number | null;
  stop(): Promise<void>;
}

/** One publish: an RTMP connection from its publish command until it closes. */
interface Publish {
  connection: PublishRequest;
  /** The stream as FLV, for the probe and the recorder. */
  feed: LiveFeed;
  keyHash: string;
  isRefused: boolean;
  isClosed: boolean;
  videoId: string | null;
  recorder: ChildProcess | null;
  /** The live's rungs this stream feeds, while it does. */
  rungs: LiveRungs | null;
  /** Settles once the packagers have taken the whole of this stream's rungs. */
  packaged: Promise<void>;
  lastPacketAt: number;
  hasVideoHeader: boolean;
  firstKeyframeDts: number | null;
  lastVideoDts: number;
  /** Settles once the stream has sent what its probe needs, or fails it. */
  media: { resolve: () => void; reject: (reason: string) => void; isSettled: boolean };
  /** What failed the media before the stream went on air. */
  mediaRefusal: RefusalKind | null;
  /** The stream's head was refused (a codec, no keyframe): `mediaRefusal` says why. */
  isMediaRefused: boolean;
  mediaReady: Promise<void>;
  watchdog: NodeJS.Timeout | null;
  /** The folder the stream's head was probed in (and its poster made), removed once used. */
  probeFolder: string | null;
}

/**
 * RTMP ingest (docs/live.md): the protocol is spoken in a process of its own, held to limits
 * (ingest-process.ts), which hands this side small messages; this checks the key before the
 * stream's media is read, refuses what cannot go on air with a reason the streamer's software
 * logs (an RTMP `onStatus` error), probes the stream as hostile input, and feeds it to an
 * ffmpeg that reads only its standard input and writes only into the live's work folder.
 */
export async function startLiveIngest(options: LiveIngestOptions): Promise<LiveIngest> {
  const limits = { ...DEFAULT_LIVE_LIMITS, ...options.limits };
  const { now } = options;
  const log = options.log;
  /** Connections that asked to publish, by the ingest process's id for them. */
  const sessions = new Map<string, Publish>();
  const byKey = new Map<string, Publish>();
  const workDirs = new Map<string, string>();
  const dropTimers = new Set<NodeJS.Timeout>();
  /** Each live's last ffmpeg, until it has written its last segment and recording bytes. */
  const flushes = new Map<string, Promise<void>>();
  /** Each live's rungs (packagers and their copy to storage), kept across a stream back. */
  const liveRungs = new Map<string, LiveRungs>();
  /** Lives being finished (recording processed or discarded), for `stop` to wait on. */
  const finishing = new Set<Promise<void>>();
  let ingest: IngestProcess | null = null;

  /** Refuses or ends the stream; `kind` says why one that never went on air was refused. */
  function refuse(publish: Publish, reason: string, kind?: RefusalKind) {
    if (publish.isRefused || publish.isClosed) return;
    publish.isRefused = true;
    if (kind) ingestMetrics.refused(kind);
    log.info({ videoId: publish.videoId, reason }, 'live stream refused');
    ingest?.refuse(publish.connection.id, reason);
  }

  function failMedia(publish: Publish, reason: string, kind: RefusalKind | null) {
    if (!publish.media.isSettled) {
      publish.media.isSettled = true;
      publish.isMediaRefused = true;
      publish.mediaRefusal = kind;
      publish.media.reject(reason);
    } else if (!publish.isMediaRefused) {
      void endWith(publish, reason);
    }
    // Else the stream's head was refused and `admit` is noting why: the next bad packet,
    // arriving while it writes, is the same refusal, not another one (nor an uncounted one).
  }

  /** Watches every packet: codecs, the first keyframe, the time of the last packet. */
  function inspect(publish: Publish, packet: MediaPacket) {
    publish.lastPacketAt = Date.now();
    if (packet.codecType === 9 && packet.flags !== 5) {
      if (packet.codecId !== H264)
        return failMedia(publish, LIVE_MESSAGES.videoCodec(packet.codecId), 'video-codec');
      if (packet.flags === 2) publish.hasVideoHeader = true;
      if (packet.flags === 3 && publish.hasVideoHeader && publish.firstKeyframeDts === null) {
        publish.firstKeyframeDts = packet.dts;
      }
      publish.lastVideoDts = packet.dts;
      if (
        !publish.media.isSettled &&
        publish.firstKeyframeDts !== null &&
        packet.dts - publish.firstKeyframeDts >= limits.probeMs
      ) {
        publish.media.isSettled = true;
        publish.media.resolve();
      }
    } else if (packet.codecType === 8 && packet.codecId !== AAC) {
      failMedia(publish, LIVE_MESSAGES.audioCodec(packet.codecId), 'audio-codec');
    }
  }

  /** The stream as far as it came, as an FLV file in its own folder, probed as an upload is. */
  async function probe(
    publish: Publish,
  ): Promise<StreamProbe & { hasAudio: boolean; poster: string | null; variants: LiveVariant[] }> {
    const parts = publish.feed.head();
    await mkdir(options.workDir, { recursive: true });
    const folder = await mkdtemp(join(options.workDir, 'cutroom-live-probe-'));
    const file = join(folder, 'head.flv');
    await writeFile(file, Buffer.concat(parts));
    let info;
    try {
      info = await probeUploadedVideo(file, {
        ffprobePath: options.media.ffprobePath,
        tmpDir: options.workDir,
      });
    } catch {
      await rm(folder, { recursive: true, force: true });
      throw new RefusedStream('unreadable', LIVE_MESSAGES.unreadable);
    }
    // The live's poster: its first frame, made in the same folder from the same file.
    let poster: string | null = join(folder, 'poster.jpg');
    try {
      await writePosterFrame(folder, ['-f', 'flv', '-i', 'head.flv']);
    } catch {
      poster = null;
    }
    publish.probeFolder = folder;
    const found = {
      width: info.video.width,
      height: info.video.height,
      frameRate: info.video.frameRate,
    };
    if (
      found.width > limits.maxWidth ||
      found.height > limits.maxHeight ||
      found.width < 16 ||
      found.height < 16
    ) {
      throw new RefusedStream('too-large', LIVE_MESSAGES.tooLarge(found, limits));
    }
    if (!(found.frameRate >= 1 && found.frameRate <= limits.maxFrameRate)) {
      throw new RefusedStream('frame-rate', LIVE_MESSAGES.frameRate(found, limits));
    }
    if (info.video.codec !== 'h264')
      throw new RefusedStream('unreadable', LIVE_MESSAGES.unreadable);
    const variants = liveVariants({
      ...found,
      bitRate: info.bitRate ?? 4_000_000,
      videoCodec: avcCodecOf(publish.feed.videoHeader),
      audioCodec: info.audio ? (info.audio.profile === 'HE-AAC' ? 'mp4a.40.5' : 'mp4a.40.2') : null,
    });
    return { ...found, hasAudio: info.audio !== null, poster, variants };
  }

  /** The live's work folder (one per live, kept across reconnections) and its next part's name. */
  async function nextPart(videoId: string): Promise<{ folder: string; part: string }> {
    let folder = workDirs.get(videoId);
    if (!folder) {
      await mkdir(options.workDir, { recursive: true });
      folder = await mkdtemp(join(options.workDir, `cutroom-live-${videoId}-`));
      workDirs.set(videoId, folder);
    }
    const count = (await readdir(folder)).filter((name) => name.startsWith('part-')).length;
    return { folder, part: `part-${String(count + 1).padStart(3, '0')}.flv` };
  }

  /** ffmpeg reading the stream from its standard input only, writing into the live's folder. */
  /**
   * The shape of the live's first stream, kept in its folder: written by the first stream,
   * read by each stream back.
   */
  async function keptShapeOf(
    folder: string,
    found: { width: number; height: number; hasAudio: boolean; variants: LiveVariant[] },
  ): Promise<LiveShape & { variants: LiveVariant[] }> {
    const file = join(folder, LIVE_SHAPE_FILE);
    const top = found.variants[0]!;
    const shape = {
      width: found.width,
      height: found.height,
      hasAudio: found.hasAudio,
      videoCodec: top.codecs.split(',')[0]!,
      bitRate: top.bandwidth,
      variants: found.variants,
    };
    try {
      await writeFile(file, JSON.stringify(shape), { flag: 'wx' });
      return shape;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      return JSON.parse(await readFile(file, 'utf8')) as typeof shape;
    }
  }

  /** A live's rungs: a packager each (in `hls/v{n}/`), copied to storage as they change. */
  function makeRungs(folder: string, videoId: string, variants: LiveVariant[]): LiveRungs {
    const sync = new LiveMediaSync(
      folder,
      options.storage,
      videoId,
      log,
      liveMasterPlaylist(variants),
      variants.length,
      options.onLivePlaylist,
    );
    const packagers = variants.map(
      (_variant, index) =>
        new LlHlsPackager({
          folder: join(folder, 'hls', `v${index}`),
          segmentSeconds: LIVE_SEGMENT_SECONDS,
          windowSegments: Math.ceil(LIVE_WINDOW_SECONDS / LIVE_SEGMENT_SECONDS),
          onUpdate: (update) => sync.take(index, update),
        }),
    );
    return { packagers, sync };
  }

  function startRecorder(
    publish: Publish,
    folder: string,
    part: string,
    stream: { hasAudio: boolean; width: number; height: number },
    shape: LiveShape,
    rungs: LiveRungs,
  ) {
    const recorder = spawn(
      options.media.ffmpegPath,
      liveLadderArgs({
        part,
        hasAudio: stream.hasAudio,
        inputWidth: stream.width,
        inputHeight: stream.height,
        shape,
        x264Preset: options.media.x264Preset,
      }),
      {
        cwd: folder,
        // Standard input, output, error, then one pipe a rung (fragmented MP4).
        stdio: ['pipe', 'ignore', 'pipe', ...rungs.packagers.map(() => 'pipe' as const)],
      },
    );
    publish.rungs = rungs;
    publish.packaged = Promise.all(
      rungs.packagers.map((packager, index) =>
        packager
          .feed(noteOutput(recorder, recorder.stdio[LIVE_RUNG_FIRST_FD + index] as Readable))
          .catch((error: unknown) => {
            log.warn({ err: error, videoId: publish.videoId, rung: index }, 'a live rung failed');
            if (publish.recorder === recorder) void endWith(publish, LIVE_MESSAGES.recorderFailed);
          }),
      ),
    ).then(() => undefined);
    let errors = '';
    recorder.stderr?.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-2000);
    });
    recorder.stdin?.on('error', () => undefined);
    recorder.once('exit', (code) => {
      if (publish.recorder !== recorder) return;
      publish.recorder = null;
      if (code !== 0 && !publish.isClosed) {
        log.warn({ videoId: publish.videoId, code, errors }, 'live recorder failed');
        void endWith(publish, LIVE_MESSAGES.recorderFailed);
      }
    });
    publish.recorder = recorder;
    publish.feed.attach((tag) => {
      const stdin = recorder.stdin;
      if (!stdin || stdin.destroyed) return;
      stdin.write(tag);
      if (stdin.writableLength > limits.maxBacklogBytes)
        void endWith(publish, LIVE_MESSAGES.backlog);
    });
  }

  function stopRecorderFor(publish: Publish, videoId: string) {
    publish.videoId = videoId;
    stopRecorder(publish);
    publish.videoId = null;
  }

  function stopRecorder(publish: Publish) {
    publish.feed.detach();
    const recorder = publish.recorder;
    publish.recorder = null;
    recorder?.stdin?.end();
    const rungs = publish.rungs;
    publish.rungs = null;
    if (!rungs) return;
    // The last segments reach storage once ffmpeg has written them and they are packaged.
    const exited =
      recorder && recorder.exitCode === null
        ? new Promise<void>((resolve) => {
            // Its input ended, it writes its last fragments and stops; one that writes nothing
            // for a while is stopped (its live's end waits on it). A starved machine slows it,
            // so the wait runs from its last output, up to a ceiling.
            const stoppedAt = Date.now();
            const check = setInterval(() => {
              const now = Date.now();
              const lastOutputAt = Math.max(stoppedAt, recorderOutputAt.get(recorder) ?? 0);
              if (now - lastOutputAt > RECORDER_QUIET_MS || now - stoppedAt > RECORDER_EXIT_MS)
                recorder.kill('SIGKILL');
            }, 1_000);
            recorder.once('exit', () => {
              clearInterval(check);
              resolve();
            });
          })
        : Promise.resolve();
    const done = Promise.all([exited, publish.packaged]).then(() => rungs.sync.flush());
    if (publish.videoId) flushes.set(publish.videoId, done);
  }

  /**
   * After a live ends: its replay plays at once from its own segments, and its recording goes
   * through the normal ladder in the background; or the video is removed when the streamer
   * chose so.
   */
  function finishLive(ended: { videoId: string; ownerId: string; keepRecording: boolean }) {
    // The video left the site as the live ended: pages and listings drop what they kept.
    options.events.publish({ type: 'processing', videoId: ended.videoId, ownerId: ended.ownerId });
    const work = (async () => {
      const { videoId } = ended;
      await flushes.get(videoId);
      flushes.delete(videoId);
      // The live playlists say it ended (`EXT-X-ENDLIST`): players stop asking for more.
      const rungs = liveRungs.get(videoId);
      liveRungs.delete(videoId);
      if (rungs) await finishRungs(rungs);
      const folder = workDirs.get(videoId) ?? null;
      workDirs.delete(videoId);
      await finishEndedLive(options, ended, folder);
    })().catch((error: unknown) => log.error({ err: error }, 'finishing a live failed'));
    finishing.add(work);
    void work.finally(() => finishing.delete(work));
  }

  /** Ends a live now (staff, bad input): its stream is cut and the live finished. */
  async function endNow(videoId: string, reason: string) {
    const ended = await endLive({ db: options.db, now }, videoId, reason);
    if (ended) finishLive(ended);
  }

  /** Ends the stream and its live at once with the reason (bad input, a stall, a failure). */
  async function endWith(publish: Publish, reason: string) {
    const videoId = publish.videoId;
    refuse(publish, reason);
    stopRecorder(publish);
    if (videoId) {
      publish.videoId = null;
      await endNow(videoId, reason).catch((error: unknown) =>
        log.warn({ err: error, videoId }, 'ending a live failed'),
      );
    }
  }

  async function admit(publish: Publish) {
    const key = publish.connection.name;
    const check = await checkStreamKey(options.db, key);
    if (!check.ok) {
      if (check.userId) await recordRefusal({ db: options.db, now }, check.userId, check.reason);
      return refuse(publish, check.reason, SERVICE_REFUSALS.get(check.reason) ?? 'key');
    }
    if (publish.isClosed || publish.isRefused) return;
    // The key is good: only now is the stream's media read.
    ingest?.accept(publish.connection.id);
    ingestMetrics.publishAccepted();
    const refuseNoted = async (reason: string, kind: RefusalKind | null) => {
      await recordRefusal({ db: options.db, now }, check.userId, reason);
      refuse(publish, reason, kind ?? undefined);
    };
    const deadline = setTimeout(
      () => failMedia(publish, LIVE_MESSAGES.noKeyframe(limits.keyframeDeadlineMs), 'no-keyframe'),
      limits.keyframeDeadlineMs,
    );
    try {
      await publish.mediaReady;
    } catch (reason) {
      return refuseNoted(String(reason), publish.mediaRefusal);
    } finally {
      clearTimeout(deadline);
    }
    if (publish.isClosed) return;
    let found: Awaited<ReturnType<typeof probe>>;
    try {
      found = await probe(publish);
    } catch (error) {
      if (error instanceof RefusedStream) return refuseNoted(error.message, error.kind);
      throw error;
    }
    if (publish.isClosed) return;
    let started;
    try {
      started = await startLive(
        { db: options.db, now },
        { ...check, probe: found, reconnectWindowMs: limits.reconnectWindowMs },
      );
    } catch (error) {
      if (error instanceof ServiceError && error.kind === 'conflict')
        return refuseNoted(error.message, SERVICE_REFUSALS.get(error.message) ?? 'conflict');
      throw error;
    }
    // A live this start ended (dropped past its minute): the node holding its recording
    // finishes it, as for an end from a page.
    if (started.ended) options.events.publish({ type: 'live-ended', ...started.ended });
    publish.videoId = started.videoId;
    if (publish.isClosed) return onClosed(publish);
    const { folder, part } = await nextPart(started.videoId);
    // The live keeps its first stream's shape: a stream back is fitted to it (its rungs, sizes
    // and master playlist stay those the open pages and the replay read).
    const shape = await keptShapeOf(folder, found);
    if (shape.hasAudio && !found.hasAudio) return refuseNoted(LIVE_MESSAGES.soundGone, 'no-audio');
    for (const index of shape.variants.keys()) {
      await mkdir(join(folder, 'hls', `v${index}`), { recursive: true });
    }
    // Kept in the folder for the replay made of the live's segments at its end.
    await writeFile(join(folder, 'hls', LIVE_MASTER_FILE), liveMasterPlaylist(shape.variants), {
      flag: 'wx',
    }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    const videoId = started.videoId;
    let rungs = liveRungs.get(videoId);
    if (!rungs) {
      rungs = makeRungs(folder, videoId, shape.variants);
      liveRungs.set(videoId, rungs);
    }
    const { sync } = rungs;
    startRecorder(publish, folder, part, found, shape, rungs);
    const posterFile = found.poster;
    const probeFolder = publish.probeFolder;
    publish.probeFolder = null;
    void sync.watchable
      .then(async () => {
        if (posterFile) await options.storage.putFile(livePosterKey(videoId), posterFile);
        const marked = await markLiveWatchable({ db: options.db, now }, videoId, {
          masterPlaylistKey: liveMasterKey(videoId),
          posterKey: posterFile ? livePosterKey(videoId) : null,
        });
        if (!marked) return;
        options.events.publish({ type: 'published', videoId, ownerId: marked.ownerId });
        await notifyLiveStarted(
          { db: options.db, log, now },
          { events: options.events, queue: options.queue, log },
          { videoId, ...marked },
        );
      })
      .catch((error: unknown) =>
        log.warn({ err: error, videoId }, 'a live could not go on the site'),
      )
      .finally(() => {
        if (probeFolder) void rm(probeFolder, { recursive: true, force: true });
      });
    log.info(
      { videoId: started.videoId, isContinued: started.isContinued, ...found },
      'live stream on air',
    );
    let posterTakenAt = Date.now();
    publish.watchdog = setInterval(() => {
      if (Date.now() - publish.lastPacketAt > limits.stallMs) {
        void endWith(publish, LIVE_MESSAGES.stalled(limits.stallMs));
      } else if (
        posterFile &&
        sync.isWatchable &&
        Date.now() - posterTakenAt >= limits.posterRefreshMs
      ) {
        posterTakenAt = Date.now();
        void refreshPoster(videoId, folder).catch((error: unknown) =>
          log.warn({ err: error, videoId }, "refreshing a live's poster failed"),
        );
      }
    }, 1_000);
    publish.watchdog.unref();
  }

  /**
   * A live's poster is a current picture (docs/live.md): a frame of its newest segment, put in
   * place of the last one. A page opened later shows what is on air, not its first frame.
   */
  async function refreshPoster(videoId: string, folder: string) {
    const newest = liveRungs.get(videoId)?.packagers[0]?.newestSegment();
    if (!newest) return;
    await writePosterFrame(folder, ['-i', await joinSegment(folder, 'v0', newest)]);
    await options.storage.putFile(livePosterKey(videoId), join(folder, 'poster.jpg'), {
      contentType: 'image/jpeg',
    });
  }

  /** The first frame of `input` (ffmpeg's input arguments, a file in `folder`) as its poster.jpg. */
  function writePosterFrame(folder: string, input: string[]) {
    return runTool(
      options.media.ffmpegPath,
      ['-hide_banner', '-loglevel', 'error', '-protocol_whitelist', 'file', ...input].concat([
        '-frames:v',
        '1',
        '-q:v',
        '4',
        '-y',
        'poster.jpg',
      ]),
      { cwd: folder },
    );
  }

  /** The streamer's connection closed: the live waits a minute for the stream to come back. */
  function onClosed(publish: Publish) {
    publish.isClosed = true;
    if (publish.watchdog) clearInterval(publish.watchdog);
    if (byKey.get(publish.keyHash) === publish) byKey.delete(publish.keyHash);
    if (!publish.media.isSettled) failMedia(publish, LIVE_MESSAGES.stopped, null);
    stopRecorder(publish);
    const videoId = publish.videoId;
    if (!videoId) return;
    publish.videoId = null;
    const droppedAt = now();
    void markLiveDropped({ db: options.db, now: () => droppedAt }, videoId).catch(
      (error: unknown) => log.warn({ err: error, videoId }, 'noting a dropped live failed'),
    );
    const timer = setTimeout(() => {
      dropTimers.delete(timer);
      void endDroppedLive({ db: options.db, now }, videoId, droppedAt)
        .then((ended) => {
          if (ended) finishLive(ended);
        })
        .catch((error: unknown) =>
          log.warn({ err: error, videoId }, 'ending a dropped live failed'),
        );
    }, limits.reconnectWindowMs);
    timer.unref();
    dropTimers.add(timer);
  }

  /** A connection asks to publish: its media waits in the ingest process until the key is checked. */
  function onPublish(connection: PublishRequest) {
    let media!: Publish['media'];
    const mediaReady = new Promise<void>((resolve, reject) => {
      media = { resolve, reject: (reason: string) => reject(reason), isSettled: false };
    });
    mediaReady.catch(() => undefined);
    const publish: Publish = {
      connection,
      feed: new LiveFeed(),
      keyHash: hashStreamKey(connection.name),
      isRefused: false,
      isClosed: false,
      videoId: null,
      recorder: null,
      rungs: null,
      packaged: Promise.resolve(),
      lastPacketAt: Date.now(),
      hasVideoHeader: false,
      firstKeyframeDts: null,
      lastVideoDts: 0,
      media,
      mediaRefusal: null,
      isMediaRefused: false,
      mediaReady,
      watchdog: null,
      probeFolder: null,
    };
    sessions.set(connection.id, publish);
    // Refused before the key is checked, and noted on its Go live page like the others
    // (docs/live.md); a key that is no one's notes nothing.
    const refuseNoted = (reason: string) => {
      refuse(publish, reason, SERVICE_REFUSALS.get(reason));
      recordRefusalByKey({ db: options.db, now }, connection.name, reason).catch((error: unknown) =>
        log.warn({ err: error }, 'noting a refused stream failed'),
      );
    };
    if (connection.app !== 'live') return refuseNoted(LIVE_REFUSALS.wrongApp);
    if (byKey.has(publish.keyHash)) return refuseNoted(LIVE_REFUSALS.secondStream);
    byKey.set(publish.keyHash, publish);
    admit(publish).catch((error: unknown) => {
      log.error({ err: error }, 'taking a live stream failed');
      void endWith(publish, 'The site could not take this stream');
    });
  }

  function onMedia(id: string, packet: MediaPacket) {
    const publish = sessions.get(id);
    if (!publish || publish.isRefused) return;
    inspect(publish, packet);
    if (!publish.isRefused) publish.feed.take(packet);
  }

  function onConnectionClosed(id: string) {
    const publish = sessions.get(id);
    sessions.delete(id);
    if (publish) onClosed(publish);
  }

  /** The ingest process stopped: the lives whose streams it held end now, saying so. */
  function onIngestLost(ids: string[]) {
    for (const id of ids) {
      const publish = sessions.get(id);
      if (!publish) continue;
      void endWith(publish, LIVE_MESSAGES.ingestRestarted);
      onConnectionClosed(id);
    }
  }

  /**
   * A live ended elsewhere (its streamer or staff from a page, or a node's check took this
   * node for stopped): if this node holds its stream or its recording, it cuts the one and
   * finishes the other.
   */
  function endedElsewhere(videoId: string, reason: string) {
    const publish = [...sessions.values()].find((p) => p.videoId === videoId);
    if (!publish && !workDirs.has(videoId)) return;
    if (publish) {
      publish.videoId = null;
      refuse(publish, reason);
      stopRecorderFor(publish, videoId);
    }
    void readLiveStream(options.db, videoId)
      .then((ended) => {
        if (ended) finishLive(ended);
      })
      .catch((error: unknown) => log.warn({ err: error }, 'finishing an ended live failed'));
  }
  const stopHearing = options.events.subscribe((event) => {
    if (event.type === 'live-ended') endedElsewhere(event.videoId, event.reason);
  });

  /**
   * The heartbeat of the lives this node holds (on air, or waiting for a dropped stream): any
   * node ends a live whose heartbeat stops (docs/live.md, "A node that stopped"). A held
   * stream whose live is no longer on air was ended elsewhere while this node missed the
   * event (a check took it for stopped): it is cut and its recording finished here after all.
   */
  async function beat() {
    const streaming = [...sessions.values()].flatMap((p) => (p.videoId ? [p.videoId] : []));
    const held = [...new Set([...workDirs.keys(), ...streaming])];
    const onAir = new Set(await touchLives({ db: options.db, now }, held));
    for (const videoId of streaming) {
      if (onAir.has(videoId)) continue;
      // The streamer is told the reason it was ended with (a check, or staff while cut off).
      const ended = await readLiveStream(options.db, videoId);
      const isStillHeld = [...sessions.values()].some((p) => p.videoId === videoId);
      if (isStillHeld) endedElsewhere(videoId, ended?.endReason ?? LIVE_NODE_STOPPED);
    }
  }
  const heartbeat = setInterval(() => {
    beat().catch((error: unknown) => log.warn({ err: error }, 'live heartbeat failed'));
  }, limits.heartbeatMs);
  heartbeat.unref();

  /**
   * Lives this node left on air when it stopped (their work folders are still here, their
   * rows still `live`): ended now, their recording parts processed as at any end. The scratch
   * folders of probes are removed.
   */
  async function sweepLeftLives() {
    const names = await readdir(options.workDir).catch(() => [] as string[]);
    for (const name of names) {
      const folder = join(options.workDir, name);
      if (name.startsWith('cutroom-live-probe-')) {
        await rm(folder, { recursive: true, force: true });
        continue;
      }
      const videoId = LIVE_FOLDER.exec(name)?.[1];
      if (!videoId) continue;
      const live = await readLiveStream(options.db, videoId);
      if (live?.state !== 'live') continue;
      workDirs.set(videoId, folder);
      const ended = await endLive({ db: options.db, now }, videoId, LIVE_MESSAGES.restarted);
      if (ended) {
        log.info({ videoId }, 'a live left on air when the site stopped is ended');
        finishLive(ended);
      }
    }
  }
  await sweepLeftLives().catch((error: unknown) =>
    log.error({ err: error }, 'ending the lives left on air failed'),
  );

  ingest = await startIngestProcess({
    port: options.port,
    host: options.host ?? null,
    limits: { ...DEFAULT_INGEST_LIMITS, idleMs: limits.stallMs, ...options.ingestLimits },
    processLimits: { ...DEFAULT_INGEST_PROCESS_LIMITS, ...options.processLimits },
    log,
    handlers: {
      onPublish,
      onMedia,
      onClosed: onConnectionClosed,
      onLost: onIngestLost,
    },
  });
  const port = ingest.port;
  log.info({ port, pid: ingest.pid() }, 'live ingest listening (RTMP, in its own process)');

  return {
    port,
    workDirOf: (videoId) => workDirs.get(videoId) ?? null,
    async end(videoId, reason) {
      const publish = [...sessions.values()].find((candidate) => candidate.videoId === videoId);
      if (publish) await endWith(publish, reason);
      else await endNow(videoId, reason);
    },
    ingestPid: () => ingest?.pid() ?? null,
    async stop() {
      stopHearing();
      clearInterval(heartbeat);
      for (const timer of dropTimers) clearTimeout(timer);
      for (const publish of sessions.values()) stopRecorder(publish);
      await ingest?.stop();
      await Promise.all(finishing);
    },
  };
}

/** How long a live's ffmpeg may write nothing once its input ends, and its ceiling to stop. */
const RECORDER_QUIET_MS = 15_000;
const RECORDER_EXIT_MS = 120_000;

/** When each live recorder last wrote to one of its rungs. */
const recorderOutputAt = new WeakMap<ChildProcess, number>();

/** A recorder's rung output, passed on as it is, noting when it last wrote. */
function noteOutput(recorder: ChildProcess, output: Readable): Readable {
  const noted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      recorderOutputAt.set(recorder, Date.now());
      done(null, chunk);
    },
  });
  // Its reader's end or failure ends the pipe too, as reading the pipe itself did.
  pipeline(output, noted, () => undefined);
  return noted;
}

/** A live's rungs: one packager each, and the copy of their files to storage. */
interface LiveRungs {
  packagers: LlHlsPackager[];
  sync: LiveMediaSync;
}

/** The live has ended: each rung's playlist says so, and is in storage. */
async function finishRungs(rungs: LiveRungs): Promise<void> {
  await Promise.all(rungs.packagers.map((packager) => packager.finish().catch(() => undefined)));
  await rungs.sync.flush();
}

/**
 * A segment of a rung joined to its init segment as one file in the live's folder (a frame of
 * it for a poster): its relative name.
 */
async function joinSegment(
  folder: string,
  variant: string,
  segment: { name: string; init?: string },
): Promise<string> {
  if (!segment.init) return join('hls', variant, segment.name);
  const rung = join(folder, 'hls', variant);
  const [init, bytes] = await Promise.all([
    readFile(join(rung, segment.init)),
    readFile(join(rung, segment.name)),
  ]);
  await writeFile(join(folder, 'poster-source.mp4'), Buffer.concat([init, bytes]));
  return 'poster-source.mp4';
}

/** A stream refused after its probe, with the reason the streamer sees. */
class RefusedStream extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
  ) {
    super(message);
  }
}

/** Joining a live's recording parts: a few minutes, and four times their length to encode. */
const RECORDING_JOIN_DEADLINE_MS = 5 * 60_000;

/** Ends a live still waiting for its stream since `droppedAt` (none came back). */
async function endDroppedLive(
  ctx: { db: Database; now: () => Date },
  videoId: string,
  droppedAt: Date,
) {
  const live = await readLiveStream(ctx.db, videoId);
  if (live?.state !== 'live' || live.droppedAt?.getTime() !== droppedAt.getTime()) return null;
  return endLive(ctx, videoId, LIVE_MESSAGES.stopped);
}

/** What finishing an ended live needs. */
export type LiveFinishing = Pick<
  LiveIngestOptions,
  'db' | 'log' | 'media' | 'storage' | 'events' | 'queue' | 'transcodeJob' | 'now'
>;

export const REPLAY_LOST =
  "The live's recording was on the node that stopped and cannot be reached: the replay is lost";

/**
 * After a live ends: the replay made of its own segments goes on the site at once, and its
 * recording parts (in `folder`, its work folder) are joined and go through the full ladder in
 * the background, taking the replay's place as a new file does (docs/live.md, "The end"). With
 * no segments to play (a folder from before), its live media leave storage and the recording
 * goes through the ladder as the same video, back in processing. The video is removed when
 * the streamer chose not to keep it (or nothing was recorded). `isUnreachable`:
 * the parts were on a node that stopped and `folder` is null, so a kept live's video is marked
 * failed, saying its replay is lost, rather than removed as if nothing was recorded.
 */
export async function finishEndedLive(
  deps: LiveFinishing,
  ended: { videoId: string; keepRecording: boolean },
  folder: string | null,
  { isUnreachable = false }: { isUnreachable?: boolean } = {},
): Promise<void> {
  const { videoId } = ended;
  const context = {
    db: deps.db,
    storage: deps.storage,
    queue: deps.queue,
    events: deps.events,
    transcodeJob: deps.transcodeJob,
    now: deps.now,
  };
  const parts = folder
    ? (await readdir(folder)).filter((name) => /^part-\d+\.flv$/.test(name)).sort()
    : [];
  const isKept = ended.keepRecording && parts.length > 0;
  // The replay plays at once from the live's own segments, left in storage for it.
  const isReplayOnSite = isKept && (await publishSegmentsReplay(deps, videoId, folder!));
  if (!isReplayOnSite) await deps.storage.deletePrefix(livePrefix(videoId));
  if (ended.keepRecording && parts.length === 0 && isUnreachable) {
    await markVideoFailed(context, videoId, REPLAY_LOST);
    deps.log.warn({ videoId }, 'a live ended with its node: its replay is lost');
    return;
  }
  if (!isKept) {
    const removed = await discardLive(deps.db, videoId);
    if (removed) deps.events.publish({ type: 'removed', videoId, ownerId: removed.ownerId });
  } else {
    await writeFile(join(folder!, 'parts.txt'), parts.map((part) => `file '${part}'`).join('\n'));
    const probed = await Promise.all(
      parts.map((part) => probeRecordingPart(deps.media.ffprobePath, folder!, part)),
    );
    const seconds = probed.reduce((sum, part) => sum + part.durationSeconds, 0);
    await runTool(deps.media.ffmpegPath, recordingJoinArgs(probed), {
      cwd: folder!,
      // Joined as they are in seconds; encoded again (parts that differ) at about real time.
      signal: AbortSignal.timeout(RECORDING_JOIN_DEADLINE_MS + Math.ceil(seconds * 4_000)),
    });
    const recording = join(folder!, 'recording.mp4');
    if (!isReplayOnSite) await processRecording(context, videoId, recording);
    // The full ladder, poster, sprites and fingerprint in the background, taking the replay's
    // place as a new file does; a video gone meanwhile takes the live's media along.
    else if (!(await startReplayProcessing(context, { videoId, sourcePath: recording }))) {
      if (!(await findVideo(context, videoId)))
        await deps.storage.deletePrefix(livePrefix(videoId));
    }
  }
  if (folder) await rm(folder, { recursive: true, force: true });
  deps.log.info({ videoId, isKept: ended.keepRecording }, 'live ended');
}

/**
 * The replay made of an ended live's own segments, on the site at once (docs/live.md, "The
 * end"): a VOD playlist a rung over every segment it recorded (their real durations, its
 * end), the live's master playlist pointed at them, a poster; the video back on the site with
 * them, its duration the segments' sum, and open pages told (`published`). Answers false when
 * there is nothing to make it of (no segment, or the folder of a live from before), or the
 * video no longer waits for its replay.
 */
async function publishSegmentsReplay(
  deps: LiveFinishing,
  videoId: string,
  folder: string,
): Promise<boolean> {
  const lists = await readReplayLists(folder);
  const top = lists.get('v0');
  // A rung that did not run the whole live (a stream back after a drop without it) is left
  // out: the replay's rungs are the same timeline.
  const secondsOf = (segments: TimedSegment[]) =>
    segments.reduce((sum, segment) => sum + segment.seconds, 0);
  for (const [variant, segments] of lists) {
    if (top && Math.abs(secondsOf(segments) - secondsOf(top)) > 2) lists.delete(variant);
  }
  const liveMaster = await readFile(join(folder, 'hls', LIVE_MASTER_FILE), 'utf8').catch(
    () => null,
  );
  const live = await readLiveStream(deps.db, videoId);
  if (!top || !liveMaster || !live?.inputWidth || !live.inputHeight) return false;
  const prefix = livePrefix(videoId);
  const playlistType = { contentType: 'application/vnd.apple.mpegurl' };
  for (const [variant, segments] of lists) {
    await deps.storage.putBytes(
      `${prefix}${variant}/replay.m3u8`,
      replayMediaPlaylist(segments),
      playlistType,
    );
  }
  const posterKey = liveReplayPosterKey(videoId);
  await replayPoster(deps, videoId, folder, top, posterKey);
  const masterPlaylistKey = liveReplayMasterKey(videoId);
  await deps.storage.putBytes(
    masterPlaylistKey,
    replayMasterPlaylist(liveMaster, new Set(lists.keys())),
    playlistType,
  );
  const durationSeconds = Math.round(secondsOf(top) * 1000) / 1000;
  const published = await publishLiveReplay({ db: deps.db, now: deps.now }, videoId, {
    masterPlaylistKey,
    posterKey,
    durationSeconds,
    width: live.inputWidth,
    height: live.inputHeight,
  });
  if (!published) return false;
  deps.events.publish({ type: 'published', videoId, ownerId: published.ownerId });
  deps.log.info(
    { videoId, durationSeconds, segments: top.length },
    "a live's replay plays from its segments",
  );
  return true;
}

/** The replay's poster: the live's, or a frame of its last segment when it had none. */
async function replayPoster(
  deps: LiveFinishing,
  videoId: string,
  folder: string,
  top: TimedSegment[],
  posterKey: string,
): Promise<void> {
  try {
    const { body } = await deps.storage.getStream(livePosterKey(videoId));
    await deps.storage.putStream(posterKey, body, { contentType: 'image/jpeg' });
    return;
  } catch (error) {
    if (!(error instanceof StorageNotFoundError)) throw error;
  }
  const poster = join(folder, 'replay.jpg');
  await runTool(
    deps.media.ffmpegPath,
    ['-hide_banner', '-loglevel', 'error', '-protocol_whitelist', 'file'].concat([
      '-i',
      await joinSegment(folder, 'v0', top.at(-1)!),
      '-frames:v',
      '1',
      '-y',
      'replay.jpg',
    ]),
    { cwd: folder },
  );
  await deps.storage.putFile(posterKey, poster, { contentType: 'image/jpeg' });
}

/** The work folder a live left in `workDir`, or null (none, or another node's disk). */
export async function findLiveFolder(workDir: string, videoId: string): Promise<string | null> {
  const names = await readdir(workDir).catch(() => [] as string[]);
  const name = names.find((candidate) => LIVE_FOLDER.exec(candidate)?.[1] === videoId);
  return name ? join(workDir, name) : null;
}
