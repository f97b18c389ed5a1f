// The parts of node-media-server (CommonJS, no types of its own) the live ingest uses: its RTMP
// session (handshake, chunking, AMF commands) and the registry its broadcasts share.

declare module 'node-media-server/src/core/avpacket.js' {
  /** One audio, video or metadata message; `flags`: 0 audio header, 1 audio, 2 video header, 3 keyframe, 4 video frame, 5 metadata. */
  export interface AVPacket {
    codec_id: number;
    codec_type: number;
    flags: number;
    pts: number;
    dts: number;
    size: number;
    data: Buffer;
  }
}

declare module 'node-media-server/src/server/broadcast_server.js' {
  import type { AVPacket } from 'node-media-server/src/core/avpacket.js';
  export interface Subscriber {
    id: string;
    ip: string;
    protocol: 'flv' | 'rtmp';
    sendBuffer(buffer: Buffer): void;
    close(): void;
  }
  export default class BroadcastServer {
    publisher: unknown;
    flvHeader: Buffer;
    flvMetaData: Buffer | null;
    flvAudioHeader: Buffer | null;
    flvVideoHeader: Buffer | null;
    flvGopCache: Set<Buffer> | null;
    postPlay(session: Subscriber): string | null;
    donePlay(session: Subscriber): void;
    broadcastMessage(packet: AVPacket): void;
  }
}

declare module 'node-media-server/src/session/rtmp_session.js' {
  import type { Socket } from 'node:net';
  import type { AVPacket } from 'node-media-server/src/core/avpacket.js';
  import type BroadcastServer from 'node-media-server/src/server/broadcast_server.js';
  export default class RtmpSession {
    constructor(socket: Socket);
    id: string;
    ip: string;
    streamApp: string;
    streamName: string;
    streamPath: string;
    isPublisher: boolean;
    broadcast: BroadcastServer;
    socket: Socket;
    rtmp: {
      streamId: number;
      onPacketCallback: (packet: AVPacket) => void;
      sendStatusMessage(sid: number, level: string, code: string, description: string): void;
    };
    run(): void;
    close(): void;
  }
}

declare module 'node-media-server/src/core/context.js' {
  import type { EventEmitter } from 'node:events';
  const Context: {
    config: Record<string, unknown>;
    sessions: Map<string, unknown>;
    eventEmitter: EventEmitter;
  };
  export default Context;
}

declare module 'node-media-server/src/core/logger.js' {
  const logger: { log(message: string, level?: string): void };
  export default logger;
}
