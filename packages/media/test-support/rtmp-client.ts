// A small RTMP client that sends what a hostile peer sends: the handshake, then hand-made chunks
// and AMF0 commands, well-formed or not. The ingest's regression tests and `npm run
// bench:ingest` use it.
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

const HANDSHAKE_SIZE = 1536;

type Amf = string | number | boolean | null | { [key: string]: Amf };

/** AMF0: numbers, booleans, strings, null and objects. */
export function amf0(...values: Amf[]): Buffer {
  const parts: Buffer[] = [];
  const string = (value: string) => {
    const bytes = Buffer.from(value, 'utf8');
    const length = Buffer.alloc(2);
    length.writeUInt16BE(bytes.length);
    return Buffer.concat([length, bytes]);
  };
  const one = (value: Amf) => {
    if (typeof value === 'number') {
      const buffer = Buffer.alloc(9);
      buffer[0] = 0x00;
      buffer.writeDoubleBE(value, 1);
      parts.push(buffer);
    } else if (typeof value === 'boolean') {
      parts.push(Buffer.from([0x01, value ? 1 : 0]));
    } else if (typeof value === 'string') {
      parts.push(Buffer.from([0x02]), string(value));
    } else if (value === null) {
      parts.push(Buffer.from([0x05]));
    } else {
      parts.push(Buffer.from([0x03]));
      for (const [key, item] of Object.entries(value)) {
        parts.push(string(key));
        one(item);
      }
      parts.push(Buffer.from([0x00, 0x00, 0x09]));
    }
  };
  for (const value of values) one(value);
  return Buffer.concat(parts);
}

/** One message as chunks of 128 bytes (the protocol's first chunk size), on chunk stream `cid`. */
export function chunks(options: {
  cid: number;
  type: number;
  payload: Buffer;
  streamId?: number;
  /** The length declared (the payload's by default). */
  length?: number;
}): Buffer {
  const { cid, type, payload } = options;
  const header = Buffer.alloc(12);
  header[0] = cid & 0x3f;
  header.writeUIntBE(0, 1, 3);
  header.writeUIntBE(options.length ?? payload.length, 4, 3);
  header[7] = type;
  header.writeUInt32LE(options.streamId ?? 0, 8);
  const parts: Buffer[] = [header];
  for (let offset = 0; offset < payload.length; offset += 128) {
    if (offset > 0) parts.push(Buffer.from([0xc0 | (cid & 0x3f)]));
    parts.push(payload.subarray(offset, offset + 128));
  }
  return Buffer.concat(parts);
}

export const command = (values: Amf[], cid = 3, streamId = 0) =>
  chunks({ cid, type: 20, payload: amf0(...values), streamId });

export const connectCommand = (app = 'live') =>
  command(['connect', 1, { app, type: 'nonprivate', tcUrl: `rtmp://127.0.0.1/${app}` }]);
export const createStreamCommand = () => command(['createStream', 2, null]);
export const publishCommand = (name: Amf) => command(['publish', 3, null, name, 'live'], 8, 1);

/** A connection to the ingest, `isOpen` until the other side closes it. */
export interface RtmpPeer {
  socket: Socket;
  closed: Promise<void>;
  isOpen(): boolean;
  /** Everything the server sent after the handshake. */
  received(): Buffer;
}

export async function openPeer(
  port: number,
  host = '127.0.0.1',
  localAddress?: string,
): Promise<RtmpPeer> {
  const socket = connect({ port, host, localAddress });
  let isOpen = true;
  let received = Buffer.alloc(0);
  socket.on('error', () => undefined);
  socket.on('data', (data: Buffer) => {
    if (received.length < 1_000_000) received = Buffer.concat([received, data]);
  });
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      isOpen = false;
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  return { socket, closed, isOpen: () => isOpen, received: () => received };
}

/** The simple handshake: C0 C1, then C2 once S0 S1 S2 came. */
export async function handshake(peer: RtmpPeer, timeoutMs = 5_000): Promise<void> {
  const c1 = Buffer.alloc(HANDSHAKE_SIZE);
  randomBytes(HANDSHAKE_SIZE - 8).copy(c1, 8);
  peer.socket.write(Buffer.concat([Buffer.from([3]), c1]));
  const deadline = Date.now() + timeoutMs;
  while (peer.received().length < 1 + 2 * HANDSHAKE_SIZE) {
    if (!peer.isOpen() || Date.now() > deadline) throw new Error('no handshake');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const s1 = peer.received().subarray(1, 1 + HANDSHAKE_SIZE);
  peer.socket.write(Buffer.from(s1));
}

/** Writes, ignoring a connection the server has closed already. */
export function send(peer: RtmpPeer, data: Buffer): void {
  if (peer.isOpen() && !peer.socket.destroyed) peer.socket.write(data);
}

/** The reported hole: `count` chunk headers, each on a new chunk stream, each declaring 16 MiB. */
export function hugeHeaders(count = 400): Buffer {
  const parts: Buffer[] = [];
  for (let index = 0; index < count; index += 1) {
    const cid = 64 + index;
    const basic =
      cid < 320
        ? Buffer.from([0x00, cid - 64])
        : Buffer.from([0x01, (cid - 64) & 0xff, (cid - 64) >> 8]);
    const message = Buffer.alloc(11);
    message.writeUIntBE(0xffffff, 3, 3);
    message[6] = 9;
    message.writeUInt32LE(1, 7);
    parts.push(basic, message, Buffer.alloc(128, 0x17));
  }
  return Buffer.concat(parts);
}

/** Malformed commands, each after a good handshake (and a good connect where it needs one). */
export const MALFORMED: { name: string; bytes: () => Buffer }[] = [
  {
    name: 'connect without a tcUrl or an application name',
    bytes: () => command(['connect', 1, { app: 5 }]),
  },
  { name: 'connect without parameters', bytes: () => command(['connect', 1, null]) },
  {
    name: 'publish whose stream name is not a string',
    bytes: () => Buffer.concat([connectCommand(), createStreamCommand(), publishCommand(42)]),
  },
  {
    name: 'a chunk size message with no size (a read past its buffer)',
    bytes: () =>
      Buffer.concat([chunks({ cid: 2, type: 1, payload: Buffer.alloc(0) }), createStreamCommand()]),
  },
  {
    name: 'a chunk size of 0',
    bytes: () => chunks({ cid: 2, type: 1, payload: Buffer.alloc(4) }),
  },
  {
    name: 'a command named after an object property',
    bytes: () => command(['constructor', 1, null]),
  },
  {
    name: 'an AMF value cut short',
    bytes: () => chunks({ cid: 3, type: 20, payload: Buffer.from([0x02, 0xff]) }),
  },
  {
    name: 'media before any publish',
    bytes: () => chunks({ cid: 6, type: 9, payload: Buffer.from([0x17, 0, 0, 0, 0]), streamId: 1 }),
  },
  {
    name: 'play',
    bytes: () =>
      Buffer.concat([
        connectCommand(),
        createStreamCommand(),
        command(['play', 3, null, 'x'], 8, 1),
      ]),
  },
];
