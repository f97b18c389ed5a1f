// What the RTMP ingest process and the site say to each other (docs/live.md, "The ingest
// process"), and the limits the ingest process holds every connection to. Shared by both sides:
// no imports, nothing that runs.

/** Every number a connection is held to; each one is in docs/live.md and docs/security.md. */
export interface IngestLimits {
  /** The largest RTMP message (a video frame): nginx-rtmp's default is 1 MB. */
  maxMessageBytes: number;
  /** The largest chunk size a peer may set (nginx-rtmp caps it at 10 MiB). */
  maxChunkSize: number;
  /** Chunk streams a connection may open (nginx-rtmp's `max_streams` default is 32). */
  maxChunkStreams: number;
  /** The largest command (AMF: connect, publish ...) at any time. */
  maxCommandBytes: number;
  /** Bytes after the handshake before a publish the site accepted. */
  maxBytesBeforePublish: number;
  /** Bytes of messages being assembled on one connection once its publish is accepted. */
  maxBufferedBytes: number;
  /** Bytes of messages being assembled on all connections together. */
  maxTotalBufferedBytes: number;
  maxConnectionsPerAddress: number;
  maxConnections: number;
  /** From the connection to the end of the handshake. */
  handshakeDeadlineMs: number;
  /** From the connection to a publish command (slow drips included). */
  publishDeadlineMs: number;
  /** From a publish command to the site's answer (the key check). */
  decisionDeadlineMs: number;
  /** An accepted stream that sends nothing for this long is closed. */
  idleMs: number;
  /** Answers the peer has not read (it does not read what it is sent). */
  maxUnsentBytes: number;
  /** A stream's media not yet taken by the site: its socket is paused above, resumed below. */
  pauseAboveBytes: number;
  resumeBelowBytes: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_INGEST_LIMITS: IngestLimits = {
  maxMessageBytes: 8 * MiB,
  maxChunkSize: 8 * MiB,
  maxChunkStreams: 16,
  maxCommandBytes: 64 * 1024,
  maxBytesBeforePublish: 64 * 1024,
  maxBufferedBytes: 16 * MiB,
  maxTotalBufferedBytes: 256 * MiB,
  maxConnectionsPerAddress: 16,
  maxConnections: 1000,
  handshakeDeadlineMs: 5_000,
  publishDeadlineMs: 10_000,
  decisionDeadlineMs: 10_000,
  idleMs: 10_000,
  maxUnsentBytes: 1 * MiB,
  pauseAboveBytes: 8 * MiB,
  resumeBelowBytes: 2 * MiB,
};

/** The ingest process's own bounds, watched by the site (docs/live.md). */
export interface IngestProcessLimits {
  /** V8's heap (`--max-old-space-size`). */
  heapMb: number;
  /** Resident memory above which the site ends the process (buffers are outside the heap). */
  maxResidentBytes: number;
  /** How often the process reports its health. */
  healthEveryMs: number;
  /** A process silent this long (hung) is ended. */
  silentMs: number;
  /** It must listen within this after it is started. */
  startMs: number;
  /** `stop` waits this long for it to close its connections, then kills it. */
  stopMs: number;
  /** The first wait before a restart; doubled after each restart that came soon, to `maxRestartDelayMs`. */
  restartDelayMs: number;
  maxRestartDelayMs: number;
}

export const DEFAULT_INGEST_PROCESS_LIMITS: IngestProcessLimits = {
  heapMb: 128,
  maxResidentBytes: 512 * MiB,
  healthEveryMs: 1_000,
  silentMs: 10_000,
  startMs: 30_000,
  stopMs: 5_000,
  restartDelayMs: 250,
  maxRestartDelayMs: 30_000,
};

/** The rule a connection was closed by (the label of `cutroom_live_ingest_limit_closes_total`). */
export type IngestCloseKind =
  | 'not-rtmp'
  | 'malformed'
  | 'play'
  | 'message-size'
  | 'chunk-size'
  | 'chunk-streams'
  | 'before-publish'
  | 'buffered'
  | 'unread'
  | 'handshake-deadline'
  | 'publish-deadline'
  | 'decision-deadline'
  | 'idle'
  | 'connections'
  | 'address-connections';

/** One audio, video or metadata message of an accepted stream, as an FLV tag. */
export interface MediaMessage {
  type: 'media';
  id: number;
  /** FLV tag type: 8 audio, 9 video, 18 metadata. */
  codecType: number;
  /** The audio or video codec (an FLV codec id, or an enhanced-RTMP FourCC as a number). */
  codecId: number;
  /** 0 audio header, 1 audio, 2 video header, 3 keyframe, 4 video frame, 5 metadata, 6 other. */
  flags: number;
  dts: number;
  /** The whole FLV tag (header, data, previous-tag size). */
  tag: Uint8Array;
}

/** From the ingest process to the site. */
export type FromIngest =
  | { type: 'listening'; port: number }
  | { type: 'failed'; code: string | null; message: string }
  /** A connection asks to publish: its socket is paused until the site answers. */
  | { type: 'publish'; id: number; app: string; name: string; address: string }
  | MediaMessage
  /** A connection that asked to publish has closed. */
  | { type: 'closed'; id: number }
  /**
   * Connections closed for `reason` (over a limit, malformed): `count` of them since the last.
   * `kind` names the rule in a few words.
   */
  | { type: 'dropped'; address: string; kind: IngestCloseKind; reason: string; count: number }
  | { type: 'health'; rss: number; connections: number; bufferedBytes: number };

/** From the site to the ingest process. */
export type ToIngest =
  | { type: 'accept'; id: number }
  /** Refused or ended: the reason goes to the encoder as an RTMP `onStatus` error. */
  | { type: 'refuse'; id: number; reason: string }
  | { type: 'stop' };

/** How the site starts the ingest process: its one argument, as JSON. */
export interface IngestStart {
  port: number;
  host: string | null;
  limits: IngestLimits;
  healthEveryMs: number;
}
