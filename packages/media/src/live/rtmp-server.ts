// The RTMP side of the live ingest, run in a process of its own (ingest-process.ts): it takes
// connections, speaks the protocol with node-media-server's parser held to the site's limits
// (docs/live.md, "The ingest process"), and hands the site only small, well-formed messages.
// Nothing a peer sends is thrown out of here: a connection over a limit, or whose bytes are
// not RTMP, is closed and reported once with its address.
import { createServer, type Server, type Socket } from 'node:net';
import nmsLogger from 'node-media-server/src/core/logger.js';
import AMF from 'node-media-server/src/protocol/amf.js';
import Flv from 'node-media-server/src/protocol/flv.js';
import Rtmp, { type AmfCommand, type RtmpPacket } from 'node-media-server/src/protocol/rtmp.js';
import type { FromIngest, IngestCloseKind, IngestLimits, MediaMessage } from './ingest-protocol';

// The library's own log lines would go to the console: what matters is reported to the site.
nmsLogger.log = () => undefined;
// Its RTMP parser makes an FLV file parser it never uses, with a 1 MiB buffer each: 1,000
// connections held 1 GB. No FLV file is parsed in this process, so that buffer is made empty.
Object.defineProperty(Flv.prototype, 'parserTagCapacity', { get: () => 0, set: () => undefined });

/** C0, C1 and C2. */
const HANDSHAKE_BYTES = 1 + 1536 * 2;
const HANDSHAKE_DONE = 3;
const RTMP_VERSION = 3;
const TYPE_SET_CHUNK_SIZE = 1;
const TYPE_AUDIO = 8;
const TYPE_VIDEO = 9;
const TYPE_AMF3_COMMAND = 17;
const TYPE_DATA = 18;
const MEDIA_TYPES = new Set([TYPE_AUDIO, TYPE_VIDEO, TYPE_DATA]);
/** The shortest audio and video messages that can be read (their codec headers). */
const SHORTEST = new Map([
  [TYPE_AUDIO, 2],
  [TYPE_VIDEO, 5],
  [TYPE_DATA, 1],
]);
/** The longest application or stream name taken (a stream key is 43 characters). */
const MAX_NAME = 256;
/** A message buffer up to this size is kept for the chunk stream's next message. */
const KEPT_BUFFER_BYTES = 64 * 1024;
const EMPTY = Buffer.alloc(0);

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes / 1024} KiB`;

/**
 * A connection closed by a rule; its message says what the peer sent, for the log, its kind
 * which rule (a few words, counted in /metrics).
 */
class Closed extends Error {
  constructor(
    readonly kind: IngestCloseKind,
    message: string,
  ) {
    super(message);
  }
}

export type SendToSite = (message: FromIngest, done?: () => void) => void;

export interface RtmpServerOptions {
  port: number;
  host: string | null;
  limits: IngestLimits;
  send: SendToSite;
}

export interface RtmpServer {
  port: number;
  accept(id: number): void;
  refuse(id: number, reason: string): void;
  health(): { connections: number; bufferedBytes: number };
  stop(): Promise<void>;
}

type State = 'handshake' | 'commands' | 'deciding' | 'accepted' | 'closing' | 'closed';

export async function startRtmpServer(options: RtmpServerOptions): Promise<RtmpServer> {
  const { limits, send } = options;
  const connections = new Map<number, Connection>();
  const perAddress = new Map<string, number>();
  let totalBuffered = 0;
  let nextId = 1;

  /** Connections closed by a rule: the first of each address and reason at once, then a count. */
  const drops = new Map<
    string,
    { address: string; kind: IngestCloseKind; reason: string; count: number }
  >();
  function drop(address: string, error: Closed) {
    const key = `${address}\u0000${error.message}`;
    const seen = drops.get(key);
    if (seen) {
      seen.count += 1;
      return;
    }
    drops.set(key, { address, kind: error.kind, reason: error.message, count: 0 });
    send({ type: 'dropped', address, kind: error.kind, reason: error.message, count: 1 });
  }
  const dropSummary = setInterval(() => {
    for (const { address, kind, reason, count } of drops.values()) {
      if (count > 0) send({ type: 'dropped', address, kind, reason, count });
    }
    drops.clear();
  }, 1_000);
  dropSummary.unref();

  /** node-media-server's parser with the limits applied where it takes what a peer declares. */
  class BoundedRtmp extends Rtmp {
    constructor(private readonly connection: Connection) {
      super();
    }

    override parserData(buffer: Buffer): string | null {
      if (this.handshakeState === 0 && buffer[0] !== RTMP_VERSION) {
        throw new Closed('not-rtmp', 'Not RTMP: its first byte is not version 3');
      }
      return super.parserData(buffer);
    }

    /** A chunk's header: its chunk stream, counted, and its message's declared length. */
    override packetParse() {
      const fmt = this.parserBuffer[0]! >> 6;
      let cid = this.parserBuffer[0]! & 0x3f;
      if (this.parserBasicBytes === 2) cid = 64 + this.parserBuffer[1]!;
      else if (this.parserBasicBytes === 3)
        cid = 64 + this.parserBuffer[1]! + this.parserBuffer[2]! * 256;
      let packet = this.inPackets.get(cid);
      if (!packet) {
        if (this.inPackets.size >= limits.maxChunkStreams) {
          throw new Closed(
            'chunk-streams',
            `More than ${limits.maxChunkStreams} chunk streams on one connection`,
          );
        }
        packet = newPacket(fmt, cid);
        this.inPackets.set(cid, packet);
      }
      this.parserPacket = packet;
      packet.header.fmt = fmt;
      packet.header.cid = cid;
      this.chunkMessageHeaderRead();
      if (packet.bytes > 0 && packet.header.length > packet.capacity) {
        throw new Closed('malformed', 'A message whose length changed part-way');
      }
    }

    /** A message's buffer, made once its first chunk arrives: bounded before it is made. */
    override packetAlloc() {
      const packet = this.parserPacket;
      const { length, type } = packet.header;
      const isMedia = MEDIA_TYPES.has(type);
      const largest = isMedia ? limits.maxMessageBytes : limits.maxCommandBytes;
      if (length > largest) {
        throw new Closed(
          'message-size',
          `A ${isMedia ? 'media message' : 'command'} of ${length} bytes: the largest taken is ${sizeOf(largest)}`,
        );
      }
      if (packet.capacity < length) {
        this.connection.reserve(length - packet.capacity);
        packet.payload = Buffer.alloc(length);
        packet.capacity = length;
      }
    }

    override packetHandler() {
      const packet = this.parserPacket;
      super.packetHandler();
      // A large message's buffer goes once it is handed on: memory follows what is in flight.
      if (packet.capacity > KEPT_BUFFER_BYTES) {
        this.connection.release(packet.capacity);
        packet.payload = EMPTY;
        packet.capacity = 0;
      }
    }

    override controlHandler() {
      const { type, length } = this.parserPacket.header;
      if (type !== TYPE_SET_CHUNK_SIZE) return;
      if (length < 4) throw new Closed('malformed', 'A chunk size message without its size');
      const size = this.parserPacket.payload.readUInt32BE(0);
      if (size < 1 || size > limits.maxChunkSize) {
        throw new Closed(
          'chunk-size',
          `A chunk size of ${size}: it may be 1 to ${sizeOf(limits.maxChunkSize)}`,
        );
      }
      this.inChunkSize = size;
    }

    override invokeHandler() {
      const { type, length } = this.parserPacket.header;
      const offset = type === TYPE_AMF3_COMMAND ? 1 : 0;
      const command = AMF.decodeAmf0Cmd(this.parserPacket.payload.subarray(offset, length));
      switch (command.cmd) {
        case 'connect':
          return this.connection.onConnect(command);
        case 'createStream':
          if (typeof command.transId !== 'number')
            throw new Closed('malformed', 'A createStream without its transaction id');
          return this.respondCreateStream(command.transId);
        case 'publish':
          return this.connection.onPublish(command, this.parserPacket.header.stream_id);
        case 'play':
          throw new Closed('play', 'Playing over RTMP is not offered');
        default:
          // releaseStream, FCPublish, deleteStream ...: nothing to answer.
          return;
      }
    }

    override dataHandler() {
      const { type, length } = this.parserPacket.header;
      this.connection.onMedia(type, this.parserPacket.clock, length, this.parserPacket.payload);
    }
  }

  class Connection {
    state: State = 'handshake';
    readonly rtmp: BoundedRtmp;
    private bytesIn = 0;
    /** Bytes of the message buffers this connection holds. */
    private buffered = 0;
    /** Bytes of media sent to the site and not yet taken by it. */
    private inFlight = 0;
    private isConnected = false;
    /** It asked to publish: the site knows it, and is told when it closes. */
    private hasAsked = false;
    private app = '';
    /** Media that came with the publish command, before the site's answer. */
    private early: MediaMessage[] = [];
    private readonly pauses = new Set<string>();
    private timers: NodeJS.Timeout[] = [];
    private handshakeTimer: NodeJS.Timeout;

    constructor(
      readonly id: number,
      readonly socket: Socket,
      readonly address: string,
    ) {
      this.rtmp = new BoundedRtmp(this);
      this.rtmp.onOutputCallback = (buffer) => {
        if (!socket.destroyed) socket.write(buffer);
      };
      this.handshakeTimer = this.after(limits.handshakeDeadlineMs, () =>
        this.fail(
          new Closed(
            'handshake-deadline',
            `The handshake did not end within ${limits.handshakeDeadlineMs / 1000} s`,
          ),
        ),
      );
      this.after(limits.publishDeadlineMs, () => {
        if (this.state === 'handshake' || this.state === 'commands') {
          this.fail(
            new Closed(
              'publish-deadline',
              `No publish within ${limits.publishDeadlineMs / 1000} s of connecting`,
            ),
          );
        }
      });
      socket.on('data', (data: Buffer) => this.onData(data));
      socket.on('error', () => undefined);
      socket.once('close', () => this.onClose());
    }

    private after(ms: number, action: () => void) {
      const timer = setTimeout(action, ms);
      this.timers.push(timer);
      return timer;
    }

    private onData(data: Buffer) {
      if (this.state === 'closing' || this.state === 'closed') return;
      this.bytesIn += data.length;
      try {
        if (
          this.state !== 'accepted' &&
          this.bytesIn > HANDSHAKE_BYTES + limits.maxBytesBeforePublish
        ) {
          throw new Closed(
            'before-publish',
            `More than ${sizeOf(limits.maxBytesBeforePublish)} sent before a publish the site accepted`,
          );
        }
        const error = this.rtmp.parserData(data);
        if (error) throw new Closed('malformed', `Malformed RTMP: ${error}`);
        if (this.state === 'handshake' && this.rtmp.handshakeState === HANDSHAKE_DONE) {
          this.state = 'commands';
          clearTimeout(this.handshakeTimer);
        }
        if (this.socket.writableLength > limits.maxUnsentBytes) {
          throw new Closed('unread', 'It does not read what it is sent');
        }
      } catch (error) {
        this.fail(
          error instanceof Closed
            ? error
            : new Closed(
                'malformed',
                `Malformed RTMP: ${String((error as Error)?.message).slice(0, 200)}`,
              ),
        );
      }
    }

    /** Holds `bytes` more of message buffers, within this connection's and the process's limits. */
    reserve(bytes: number) {
      const limit =
        this.state === 'accepted' ? limits.maxBufferedBytes : limits.maxBytesBeforePublish;
      if (this.buffered + bytes > limit) {
        throw new Closed('buffered', `Messages of more than ${sizeOf(limit)} at once`);
      }
      if (totalBuffered + bytes > limits.maxTotalBufferedBytes) {
        throw new Closed(
          'buffered',
          `The ingest holds ${sizeOf(limits.maxTotalBufferedBytes)} of messages already`,
        );
      }
      this.buffered += bytes;
      totalBuffered += bytes;
    }

    release(bytes: number) {
      this.buffered -= bytes;
      totalBuffered -= bytes;
    }

    onConnect(command: AmfCommand) {
      if (this.isConnected) throw new Closed('malformed', 'A second connect');
      // The handshake has ended (its last bytes may have come in the same read as this).
      this.state = 'commands';
      clearTimeout(this.handshakeTimer);
      const parameters = command.cmdObj;
      const app =
        typeof parameters === 'object' && parameters !== null
          ? (parameters as { app?: unknown }).app
          : undefined;
      if (typeof app !== 'string' || app.length > MAX_NAME) {
        throw new Closed('malformed', 'A connect without an application name');
      }
      if (typeof command.transId !== 'number') {
        throw new Closed('malformed', 'A connect without its transaction id');
      }
      const encoding = (parameters as { objectEncoding?: unknown }).objectEncoding;
      this.isConnected = true;
      this.app = app;
      this.rtmp.streamApp = app;
      this.rtmp.objectEncoding = encoding === 3 ? 3 : 0;
      this.rtmp.sendWindowACK(5_000_000);
      this.rtmp.setPeerBandwidth(5_000_000, 2);
      this.rtmp.setChunkSize(this.rtmp.outChunkSize);
      this.rtmp.respondConnect(command.transId);
    }

    onPublish(command: AmfCommand, streamId: number) {
      if (!this.isConnected) throw new Closed('malformed', 'A publish before connect');
      if (this.state !== 'commands') throw new Closed('malformed', 'A second publish');
      const { streamName } = command;
      if (typeof streamName !== 'string' || streamName.length > MAX_NAME) {
        throw new Closed('malformed', 'A publish without a stream name');
      }
      const name = streamName.split('?')[0]!;
      this.rtmp.streamId = streamId;
      this.rtmp.streamName = name;
      this.state = 'deciding';
      this.hasAsked = true;
      // Nothing more is read until the site has checked the key.
      this.pause('deciding');
      this.after(limits.decisionDeadlineMs, () => {
        if (this.state === 'deciding') {
          this.fail(new Closed('decision-deadline', 'The site did not answer the publish in time'));
        }
      });
      send({ type: 'publish', id: this.id, app: this.app, name, address: this.address });
    }

    onMedia(type: number, clock: number, length: number, payload: Buffer) {
      if (this.state !== 'deciding' && this.state !== 'accepted') {
        throw new Closed('malformed', 'Media before a publish');
      }
      if (!MEDIA_TYPES.has(type)) return;
      if (length < SHORTEST.get(type)!)
        throw new Closed('malformed', 'A media message too short to be read');
      const packet = Flv.parserTag(type, clock, length, payload);
      const message: MediaMessage = {
        type: 'media',
        id: this.id,
        codecType: type,
        codecId:
          typeof packet.codec_id === 'number'
            ? packet.codec_id
            : type === TYPE_VIDEO && length >= 5
              ? payload.readUInt32BE(1)
              : -1,
        flags: typeof packet.flags === 'number' ? packet.flags : type === TYPE_VIDEO ? 4 : 6,
        dts: packet.dts,
        tag: Flv.createMessage(packet),
      };
      if (this.state === 'deciding') this.early.push(message);
      else this.sendMedia(message);
    }

    private sendMedia(message: MediaMessage) {
      const bytes = message.tag.byteLength;
      this.inFlight += bytes;
      send(message, () => {
        this.inFlight -= bytes;
        if (this.inFlight < limits.resumeBelowBytes) this.resume('site');
      });
      if (this.inFlight > limits.pauseAboveBytes) this.pause('site');
    }

    accept() {
      if (this.state !== 'deciding') return;
      this.state = 'accepted';
      this.rtmp.respondPublish();
      for (const message of this.early.splice(0)) this.sendMedia(message);
      this.socket.setTimeout(limits.idleMs, () =>
        this.fail(new Closed('idle', `Nothing arrived for ${limits.idleMs / 1000} s`)),
      );
      this.resume('deciding');
    }

    /** Refused or ended by the site: the encoder is told why, then the connection closes. */
    refuse(reason: string) {
      if (this.state === 'closing' || this.state === 'closed') return;
      this.state = 'closing';
      this.early = [];
      try {
        this.rtmp.sendStatusMessage(
          this.rtmp.streamId,
          'error',
          'NetStream.Publish.Rejected',
          reason.slice(0, 1000),
        );
      } finally {
        this.socket.end();
        // A peer that does not close its side is not waited for.
        this.after(2_000, () => this.socket.destroy());
      }
    }

    fail(error: Closed) {
      if (this.state === 'closed') return;
      drop(this.address, error);
      this.early = [];
      this.socket.destroy();
    }

    private pause(reason: string) {
      this.pauses.add(reason);
      this.socket.pause();
    }

    private resume(reason: string) {
      if (!this.pauses.delete(reason) || this.pauses.size > 0) return;
      if (this.state === 'accepted') this.socket.resume();
    }

    private onClose() {
      this.state = 'closed';
      for (const timer of this.timers) clearTimeout(timer);
      this.release(this.buffered);
      this.rtmp.inPackets.clear();
      connections.delete(this.id);
      const count = (perAddress.get(this.address) ?? 1) - 1;
      if (count > 0) perAddress.set(this.address, count);
      else perAddress.delete(this.address);
      if (this.hasAsked) send({ type: 'closed', id: this.id });
    }
  }

  const server: Server = createServer((socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    socket.on('error', () => undefined);
    if (connections.size >= limits.maxConnections) {
      drop(
        address,
        new Closed('connections', `More than ${limits.maxConnections} connections in all`),
      );
      socket.destroy();
      return;
    }
    const count = perAddress.get(address) ?? 0;
    if (count >= limits.maxConnectionsPerAddress) {
      drop(
        address,
        new Closed(
          'address-connections',
          `More than ${limits.maxConnectionsPerAddress} connections from one address`,
        ),
      );
      socket.destroy();
      return;
    }
    perAddress.set(address, count + 1);
    const connection = new Connection(nextId++, socket, address);
    connections.set(connection.id, connection);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? undefined, () => {
      server.removeListener('error', reject);
      resolve();
    });
  });
  server.on('error', () => undefined);
  const address = server.address();

  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    accept: (id) => connections.get(id)?.accept(),
    refuse: (id, reason) => connections.get(id)?.refuse(reason),
    health: () => ({ connections: connections.size, bufferedBytes: totalBuffered }),
    async stop() {
      clearInterval(dropSummary);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const connection of connections.values()) connection.socket.destroy();
      await closed;
    },
  };
}

function newPacket(fmt: number, cid: number): RtmpPacket {
  return {
    header: { fmt, cid, timestamp: 0, length: 0, type: 0, stream_id: 0 },
    clock: 0,
    payload: EMPTY,
    capacity: 0,
    bytes: 0,
  };
}
