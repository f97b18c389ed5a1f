// The parts of node-media-server (CommonJS, no types of its own) the live ingest process uses:
// its RTMP protocol (handshake, chunking, AMF commands), FLV tags and AMF decoding.

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

declare module 'node-media-server/src/core/logger.js' {
  const logger: { log(message: string, level?: string): void };
  export default logger;
}

declare module 'node-media-server/src/protocol/rtmp.js' {
  import type { AVPacket } from 'node-media-server/src/core/avpacket.js';
  /** One chunk stream's message being assembled. */
  export interface RtmpPacket {
    header: {
      fmt: number;
      cid: number;
      timestamp: number;
      length: number;
      type: number;
      stream_id: number;
    };
    clock: number;
    payload: Buffer;
    capacity: number;
    bytes: number;
  }
  export interface AmfCommand {
    cmd: unknown;
    transId: unknown;
    cmdObj: unknown;
    streamName?: unknown;
  }
  /** The protocol without a socket: bytes in (`parserData`), bytes out (`onOutputCallback`). */
  export default class Rtmp {
    handshakeState: number;
    parserBuffer: Buffer;
    parserBasicBytes: number;
    parserPacket: RtmpPacket;
    inPackets: Map<number, RtmpPacket>;
    inChunkSize: number;
    outChunkSize: number;
    streamId: number;
    streamApp: string;
    streamName: string;
    objectEncoding: number;
    onOutputCallback: (buffer: Buffer) => void;
    onPacketCallback: (packet: AVPacket) => void;
    parserData(buffer: Buffer): string | null;
    packetParse(): void;
    chunkMessageHeaderRead(): number;
    packetAlloc(): void;
    packetHandler(): void;
    controlHandler(): void;
    invokeHandler(): void;
    dataHandler(): void;
    sendWindowACK(size: number): void;
    setPeerBandwidth(size: number, type: number): void;
    setChunkSize(size: number): void;
    respondConnect(tid: unknown): void;
    respondCreateStream(tid: unknown): void;
    respondPublish(): void;
    sendStatusMessage(sid: number, level: string, code: string, description: string): void;
  }
}

declare module 'node-media-server/src/protocol/flv.js' {
  import type { AVPacket } from 'node-media-server/src/core/avpacket.js';
  export default class Flv {
    static parserTag(type: number, time: number, size: number, data: Buffer): AVPacket;
    static createMessage(packet: AVPacket): Buffer;
  }
}

declare module 'node-media-server/src/protocol/amf.js' {
  import type { AmfCommand } from 'node-media-server/src/protocol/rtmp.js';
  const AMF: { decodeAmf0Cmd(payload: Buffer): AmfCommand };
  export default AMF;
}
