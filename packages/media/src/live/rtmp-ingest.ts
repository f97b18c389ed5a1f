import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import type { AVPacket } from 'node-media-server/src/core/avpacket.js';
import Context from 'node-media-server/src/core/context.js';
import nmsLogger from 'node-media-server/src/core/logger.js';
import type { Subscriber } from 'node-media-server/src/server/broadcast_server.js';
import RtmpSession from 'node-media-server/src/session/rtmp_session.js';
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
  readLiveStream,
  RECONNECT_WINDOW_MS,
  recordRefusal,
  startLive,
  touchLives,
  type StreamProbe,
} from '@cutroom/core/features/videos/live/live.service';
import type { Logger } from '@cutroom/core/platform/logging/logger';
import type { TranscodeVideoJob } from '@cutroom/core/platform/jobs/job-definitions';
import type { JobQueue } from '@cutroom/core/platform/jobs/job-queue';
import type { Storage } from '@cutroom/core/platform/storage/storage';
import {
  markVideoFailed,
  processRecording,
} from '@cutroom/core/features/videos/processing/video-processing.service';
import type { ProcessingEvents } from '@cutroom/core/platform/events/processing-events';
import { probeUploadedVideo } from '../accept-upload';
import { runTool } from '../ffmpeg-runner';
import {
  avcCodecOf,
  liveLadderArgs,
  liveMasterPlaylist,
  liveVariants,
  type LiveVariant,
  liveMasterKey,
  LiveMediaSync,
  livePosterKey,
  livePrefix,
} from './live-ladder';
import type { MediaConfig } from '../media-config';

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
} as const;

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
  /** The clock: the system's on the site (the ingest acts for no caller). */
  now: () => Date;
}

export interface LiveIngest {
  /** The port it listens on. */
  port: number;
  /** The work folder of a live this process took, or null. */
  workDirOf(videoId: string): string | null;
  /** Ends a live on this node now (staff): its stream is cut, then the live finished. */
  end(videoId: string, reason: string): Promise<void>;
  stop(): Promise<void>;
}

/** One publish: an RTMP session from its publish command until its socket closes. */
interface Publish {
  session: RtmpSession;
  keyHash: string;
  isRefused: boolean;
  isClosed: boolean;
  videoId: string | null;
  recorder: ChildProcess | null;
  subscriber: Subscriber | null;
  sync: LiveMediaSync | null;
  lastPacketAt: number;
  hasVideoHeader: boolean;
  firstKeyframeDts: number | null;
  lastVideoDts: number;
  /** Settles once the stream has sent what its probe needs, or fails it. */
  media: { resolve: () => void; reject: (reason: string) => void; isSettled: boolean };
  mediaReady: Promise<void>;
  watchdog: NodeJS.Timeout | null;
  /** The folder the stream's head was probed in (and its poster made), removed once used. */
  probeFolder: string | null;
}

/**
 * RTMP ingest inside the web process (docs/live.md): node-media-server's session speaks the
 * protocol; this checks the key, refuses what cannot go on air with a reason the streamer's
 * software logs (an RTMP `onStatus` error), probes the stream as hostile input, and feeds it
 * to an ffmpeg that reads only its standard input and writes only into the live's work folder.
 */
export async function startLiveIngest(options: LiveIngestOptions): Promise<LiveIngest> {
  const limits = { ...DEFAULT_LIVE_LIMITS, ...options.limits };
  const { now } = options;
  const log = options.log;
  // The library's own log lines join ours, at debug.
  nmsLogger.log = (message: string, level = 'info') =>
    log.debug({ module: 'rtmp', level }, message);
  /** Sessions this server accepted that have not asked to publish yet. */
  const pending = new Set<RtmpSession>();
  const sessions = new Map<RtmpSession, Publish>();
  const byKey = new Map<string, Publish>();
  const workDirs = new Map<string, string>();
  const dropTimers = new Set<NodeJS.Timeout>();
  /** Each live's last ffmpeg, until it has written its last segment and recording bytes. */
  const flushes = new Map<string, Promise<void>>();
  /** Lives being finished (recording processed or discarded), for `stop` to wait on. */
  const finishing = new Set<Promise<void>>();
  const sockets = new Set<Socket>();

  function refuse(publish: Publish, reason: string) {
    if (publish.isRefused || publish.isClosed) return;
    publish.isRefused = true;
    log.info({ videoId: publish.videoId, reason }, 'live stream refused');
    const { session } = publish;
    session.rtmp.sendStatusMessage(
      session.rtmp.streamId,
      'error',
      'NetStream.Publish.Rejected',
      reason,
    );
    session.close();
  }

  function failMedia(publish: Publish, reason: string) {
    if (!publish.media.isSettled) {
      publish.media.isSettled = true;
      publish.media.reject(reason);
    } else {
      void endWith(publish, reason);
    }
  }

  /** Watches every packet: codecs, the first keyframe, the time of the last packet. */
  function inspect(publish: Publish, packet: AVPacket) {
    publish.lastPacketAt = Date.now();
    if (packet.codec_type === 9 && packet.flags !== 5) {
      if (packet.codec_id !== H264)
        return failMedia(publish, LIVE_MESSAGES.videoCodec(packet.codec_id));
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
    } else if (packet.codec_type === 8 && packet.codec_id !== AAC) {
      failMedia(publish, LIVE_MESSAGES.audioCodec(packet.codec_id));
    }
  }

  /** The stream as far as it came, as an FLV file in its own folder, probed as an upload is. */
  async function probe(
    publish: Publish,
  ): Promise<StreamProbe & { hasAudio: boolean; poster: string | null; variants: LiveVariant[] }> {
    const broadcast = publish.session.broadcast;
    const parts = [
      broadcast.flvHeader,
      broadcast.flvMetaData,
      broadcast.flvAudioHeader,
      broadcast.flvVideoHeader,
      ...(broadcast.flvGopCache ?? []),
    ].filter((part): part is Buffer => part !== null);
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
      throw new RefusedStream(LIVE_MESSAGES.unreadable);
    }
    // The live's poster: its first frame, made in the same folder from the same file.
    let poster: string | null = join(folder, 'poster.jpg');
    try {
      await runTool(
        options.media.ffmpegPath,
        ['-hide_banner', '-loglevel', 'error', '-protocol_whitelist', 'file', '-f', 'flv'].concat([
          '-i',
          'head.flv',
          '-frames:v',
          '1',
          '-q:v',
          '4',
          '-y',
          'poster.jpg',
        ]),
        { cwd: folder },
      );
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
      throw new RefusedStream(LIVE_MESSAGES.tooLarge(found, limits));
    }
    if (!(found.frameRate >= 1 && found.frameRate <= limits.maxFrameRate)) {
      throw new RefusedStream(LIVE_MESSAGES.frameRate(found, limits));
    }
    if (info.video.codec !== 'h264') throw new RefusedStream(LIVE_MESSAGES.unreadable);
    const variants = liveVariants({
      ...found,
      bitRate: info.bitRate ?? 4_000_000,
      videoCodec: avcCodecOf(broadcast.flvVideoHeader),
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
  function startRecorder(
    publish: Publish,
    folder: string,
    part: string,
    stream: { hasAudio: boolean; height: number },
  ) {
    const recorder = spawn(
      options.media.ffmpegPath,
      liveLadderArgs({
        part,
        hasAudio: stream.hasAudio,
        inputHeight: stream.height,
        x264Preset: options.media.x264Preset,
      }),
      { cwd: folder, stdio: ['pipe', 'ignore', 'pipe'] },
    );
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
    const subscriber: Subscriber = {
      id: `cutroom-recorder-${publish.session.id}`,
      ip: '',
      protocol: 'flv',
      sendBuffer: (buffer) => {
        const stdin = recorder.stdin;
        if (!stdin || stdin.destroyed) return;
        stdin.write(buffer);
        if (stdin.writableLength > limits.maxBacklogBytes)
          void endWith(publish, LIVE_MESSAGES.backlog);
      },
      close: () => undefined,
    };
    publish.subscriber = subscriber;
    publish.session.broadcast.postPlay(subscriber);
  }

  function stopRecorderFor(publish: Publish, videoId: string) {
    publish.videoId = videoId;
    stopRecorder(publish);
    publish.videoId = null;
  }

  function stopRecorder(publish: Publish) {
    if (publish.subscriber) publish.session.broadcast.donePlay(publish.subscriber);
    publish.subscriber = null;
    const recorder = publish.recorder;
    publish.recorder = null;
    recorder?.stdin?.end();
    const sync = publish.sync;
    publish.sync = null;
    if (!sync) return;
    // The last segments reach storage once ffmpeg has written them.
    const flushed =
      recorder && recorder.exitCode === null
        ? new Promise<void>((resolve) => recorder.once('exit', () => resolve()))
        : Promise.resolve();
    const done = flushed.then(() => sync.stop());
    if (publish.videoId) flushes.set(publish.videoId, done);
  }

  /**
   * After a live ends: its live media leave storage, and its recording goes through the
   * normal ladder as the same video, or the video is removed when the streamer chose so.
   */
  function finishLive(ended: { videoId: string; ownerId: string; keepRecording: boolean }) {
    // The video left the site as the live ended: pages and listings drop what they kept.
    options.events.publish({ type: 'processing', videoId: ended.videoId, ownerId: ended.ownerId });
    const work = (async () => {
      const { videoId } = ended;
      await flushes.get(videoId);
      flushes.delete(videoId);
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
    const key = publish.session.streamName;
    const check = await checkStreamKey(options.db, key);
    if (!check.ok) {
      if (check.userId) await recordRefusal({ db: options.db, now }, check.userId, check.reason);
      return refuse(publish, check.reason);
    }
    const refuseNoted = async (reason: string) => {
      await recordRefusal({ db: options.db, now }, check.userId, reason);
      refuse(publish, reason);
    };
    const deadline = setTimeout(
      () => failMedia(publish, LIVE_MESSAGES.noKeyframe(limits.keyframeDeadlineMs)),
      limits.keyframeDeadlineMs,
    );
    try {
      await publish.mediaReady;
    } catch (reason) {
      return refuseNoted(String(reason));
    } finally {
      clearTimeout(deadline);
    }
    if (publish.isClosed) return;
    let found: Awaited<ReturnType<typeof probe>>;
    try {
      found = await probe(publish);
    } catch (error) {
      if (error instanceof RefusedStream) return refuseNoted(error.message);
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
        return refuseNoted(error.message);
      throw error;
    }
    // A live this start ended (dropped past its minute): the node holding its recording
    // finishes it, as for an end from a page.
    if (started.ended) options.events.publish({ type: 'live-ended', ...started.ended });
    publish.videoId = started.videoId;
    if (publish.isClosed) return onClosed(publish);
    const { folder, part } = await nextPart(started.videoId);
    for (const index of found.variants.keys()) {
      await mkdir(join(folder, 'hls', `v${index}`), { recursive: true });
    }
    startRecorder(publish, folder, part, found);
    const videoId = started.videoId;
    const sync = new LiveMediaSync(
      folder,
      options.storage,
      videoId,
      log,
      liveMasterPlaylist(found.variants),
      found.variants.length,
    );
    publish.sync = sync;
    sync.start();
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
    publish.watchdog = setInterval(() => {
      if (Date.now() - publish.lastPacketAt > limits.stallMs) {
        void endWith(publish, LIVE_MESSAGES.stalled(limits.stallMs));
      }
    }, 1_000);
    publish.watchdog.unref();
  }

  /** The streamer's connection closed: the live waits a minute for the stream to come back. */
  function onClosed(publish: Publish) {
    publish.isClosed = true;
    if (publish.watchdog) clearInterval(publish.watchdog);
    if (byKey.get(publish.keyHash) === publish) byKey.delete(publish.keyHash);
    if (!publish.media.isSettled) failMedia(publish, LIVE_MESSAGES.stopped);
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

  // The library's events are process-wide: a session is ours when this server accepted it.
  const onPrePublish = (session: RtmpSession) => {
    if (!pending.has(session)) return;
    pending.delete(session);
    let media!: Publish['media'];
    const mediaReady = new Promise<void>((resolve, reject) => {
      media = { resolve, reject: (reason: string) => reject(reason), isSettled: false };
    });
    mediaReady.catch(() => undefined);
    const publish: Publish = {
      session,
      keyHash: hashStreamKey(session.streamName),
      isRefused: false,
      isClosed: false,
      videoId: null,
      recorder: null,
      subscriber: null,
      sync: null,
      lastPacketAt: Date.now(),
      hasVideoHeader: false,
      firstKeyframeDts: null,
      lastVideoDts: 0,
      media,
      mediaReady,
      watchdog: null,
      probeFolder: null,
    };
    sessions.set(session, publish);
    if (session.streamApp !== 'live') return refuse(publish, LIVE_REFUSALS.wrongApp);
    if (byKey.has(publish.keyHash)) return refuse(publish, LIVE_REFUSALS.secondStream);
    byKey.set(publish.keyHash, publish);
    const forward = session.rtmp.onPacketCallback;
    session.rtmp.onPacketCallback = (packet) => {
      if (publish.isRefused) return;
      inspect(publish, packet);
      if (!publish.isRefused) forward(packet);
    };
    admit(publish).catch((error: unknown) => {
      log.error({ err: error }, 'taking a live stream failed');
      void endWith(publish, 'The site could not take this stream');
    });
  };
  Context.eventEmitter.on('prePublish', onPrePublish);

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

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    // A connection that sends nothing for this long (a stalled handshake, a stalled stream)
    // is closed: it holds nothing of anyone else's.
    socket.setTimeout(limits.stallMs, () => socket.destroy());
    const session = new RtmpSession(socket);
    pending.add(session);
    socket.once('close', () => {
      sockets.delete(socket);
      pending.delete(session);
      const publish = sessions.get(session);
      sessions.delete(session);
      if (publish) onClosed(publish);
    });
    session.run();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.removeListener('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  log.info({ port }, 'live ingest listening (RTMP)');

  return {
    port,
    workDirOf: (videoId) => workDirs.get(videoId) ?? null,
    async end(videoId, reason) {
      const publish = [...sessions.values()].find((candidate) => candidate.videoId === videoId);
      if (publish) await endWith(publish, reason);
      else await endNow(videoId, reason);
    },
    async stop() {
      Context.eventEmitter.removeListener('prePublish', onPrePublish);
      stopHearing();
      clearInterval(heartbeat);
      for (const timer of dropTimers) clearTimeout(timer);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const publish of sessions.values()) stopRecorder(publish);
      for (const socket of sockets) socket.destroy();
      await closed;
      await Promise.all(finishing);
    },
  };
}

/** A stream refused after its probe, with the reason the streamer sees. */
class RefusedStream extends Error {}

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
 * After a live ends: its live media leave storage; its recording parts (in `folder`, its work
 * folder) are joined and go through the normal ladder as the same video, or the video is
 * removed when the streamer chose not to keep it (or nothing was recorded). `isUnreachable`:
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
  await deps.storage.deletePrefix(livePrefix(videoId));
  const parts = folder
    ? (await readdir(folder)).filter((name) => /^part-\d+\.flv$/.test(name)).sort()
    : [];
  if (ended.keepRecording && parts.length === 0 && isUnreachable) {
    await markVideoFailed(context, videoId, REPLAY_LOST);
    deps.log.warn({ videoId }, 'a live ended with its node: its replay is lost');
    return;
  }
  if (!ended.keepRecording || parts.length === 0) {
    const removed = await discardLive(deps.db, videoId);
    if (removed) deps.events.publish({ type: 'removed', videoId, ownerId: removed.ownerId });
  } else {
    await writeFile(join(folder!, 'parts.txt'), parts.map((part) => `file '${part}'`).join('\n'));
    await runTool(
      deps.media.ffmpegPath,
      ['-hide_banner', '-loglevel', 'error', '-protocol_whitelist', 'file'].concat(
        ['-f', 'concat', '-safe', '1', '-i', 'parts.txt', '-map', '0', '-c', 'copy'],
        ['-movflags', '+faststart', '-y', 'recording.mp4'],
      ),
      { cwd: folder! },
    );
    await processRecording(context, videoId, join(folder!, 'recording.mp4'));
  }
  if (folder) await rm(folder, { recursive: true, force: true });
  deps.log.info({ videoId, isKept: ended.keepRecording }, 'live ended');
}

/** The work folder a live left in `workDir`, or null (none, or another node's disk). */
export async function findLiveFolder(workDir: string, videoId: string): Promise<string | null> {
  const names = await readdir(workDir).catch(() => [] as string[]);
  const name = names.find((candidate) => LIVE_FOLDER.exec(candidate)?.[1] === videoId);
  return name ? join(workDir, name) : null;
}
