// The RTMP ingest under attack while a real stream is on the air (docs/live.md, "The ingest
// process"): the production site with its RTMP port, ffmpeg streaming to it, a client asking
// for `/` every 100 ms, and one attack after another. Per attack: the slowest `/`, the web
// process's resident memory before and after, whether the real stream stayed on the air, and
// what the site logged. `npm run bench:ingest` runs it whole; `npm test` a short form
// (ingest.test.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  command,
  connectCommand,
  createStreamCommand,
  handshake,
  hugeHeaders,
  MALFORMED,
  openPeer,
  publishCommand,
  send,
  type RtmpPeer,
} from '@cutroom/media/test-support/rtmp-client';
import { signUpMember, siteUrl, sleep, startSite, stopProc, type Proc } from '../support/site';

/** Asks for its argument every 100 ms and prints each answer's start, time and success. */
const PROBER = `
const url = process.argv[1];
setInterval(() => {
  const at = Date.now();
  const done = (isOk) => process.stdout.write(JSON.stringify({ at, ms: Date.now() - at, isOk }) + '\\n');
  fetch(url, { signal: AbortSignal.timeout(30000) })
    .then((response) => response.arrayBuffer().then(() => done(response.ok)))
    .catch(() => done(false));
}, 100);
`;

export interface IngestBenchScale {
  /** Connections sending 64 KiB of random bytes. */
  random: number;
  /** Connections sending the 400 × 16 MiB chunk headers. */
  headers: number;
  idle: number;
  /** Connections sending one byte every 5 s, for `dripSeconds`. */
  drip: number;
  dripSeconds: number;
  /** Each malformed command, this many times. */
  malformed: number;
}

export const FULL_SCALE: IngestBenchScale = {
  random: 50,
  headers: 50,
  idle: 5_000,
  drip: 500,
  dripSeconds: 12,
  malformed: 10,
};

export const SHORT_SCALE: IngestBenchScale = {
  random: 10,
  headers: 10,
  idle: 500,
  drip: 50,
  dripSeconds: 6,
  malformed: 1,
};

export interface AttackResult {
  name: string;
  /** The slowest `/` asked for during the attack (and the second after it). */
  slowestPageMs: number;
  /** `/` answers that failed or never came. */
  failedPages: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  /** The ingest process's resident memory after the attack (null: none running then). */
  ingestRssMb: number | null;
  isStreamOnAir: boolean;
  /** What the site logged about connections it closed: reason → connections. */
  logged: Map<string, number>;
  /** Error lines and uncaught exceptions the site printed. */
  errors: string[];
}

const residentMb = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
};

/** The web process's RTMP ingest process (its child running ingest-process.ts), from /proc. */
function ingestPidOf(webPid: number): number | null {
  for (const task of readdirSync(`/proc/${webPid}/task`)) {
    const children = readFileSync(`/proc/${webPid}/task/${task}/children`, 'utf8').trim();
    for (const child of children ? children.split(' ').map(Number) : []) {
      const command = readFileSync(`/proc/${child}/cmdline`, 'utf8');
      if (command.includes('ingest-process')) return child;
    }
  }
  return null;
}

/** Attack connections come from addresses of their own (all loopback), as from many machines. */
const attackAddress = (index: number) => `127.0.1.${(index % 250) + 1}`;

function openFrom(port: number, index: number): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: attackAddress(index) });
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve(socket));
    socket.once('close', () => resolve(socket));
  });
}

const closedOf = (socket: Socket) =>
  socket.destroyed && socket.readyState === 'closed'
    ? Promise.resolve()
    : new Promise<void>((resolve) => socket.once('close', () => resolve()));

async function within(work: Promise<unknown>, ms: number) {
  await Promise.race([work, sleep(ms)]);
}

/** Each attack: it returns once its connections are closed (or it gave up on them). */
function attacks(port: number, scale: IngestBenchScale) {
  /** A connection past the handshake, or null when the ingest closed it first (a limit). */
  const handshaken = async (index: number): Promise<RtmpPeer | null> => {
    const peer = await openPeer(port, '127.0.0.1', attackAddress(index)).catch(() => null);
    if (!peer) return null;
    await handshake(peer).catch(() => undefined);
    return peer;
  };
  const present = (peers: (RtmpPeer | null)[]) =>
    peers.filter((peer): peer is RtmpPeer => peer !== null);
  return [
    {
      name: `random bytes (64 KiB) on ${scale.random} connections`,
      run: async () => {
        const sockets = await Promise.all(
          Array.from({ length: scale.random }, (_, index) => openFrom(port, index)),
        );
        // Half look like RTMP for one byte (version 3), so the rest goes through the parser.
        sockets.forEach((socket, index) =>
          socket.write(Buffer.concat([Buffer.from([index % 2 ? 3 : 0x16]), randomBytes(65_536)])),
        );
        await within(Promise.all(sockets.map(closedOf)), 15_000);
        for (const socket of sockets) socket.destroy();
      },
    },
    {
      name: `400 chunk headers of 16 MiB on ${scale.headers} connections`,
      run: async () => {
        const peers = present(
          await Promise.all(Array.from({ length: scale.headers }, (_, index) => handshaken(index))),
        );
        const pattern = hugeHeaders(400);
        for (const peer of peers) send(peer, pattern);
        await within(Promise.all(peers.map((peer) => peer.closed)), 15_000);
        for (const peer of peers) peer.socket.destroy();
      },
    },
    {
      name: `${scale.idle} idle connections`,
      run: async () => {
        const sockets: Socket[] = [];
        for (let index = 0; index < scale.idle; index += 250) {
          const batch = Math.min(250, scale.idle - index);
          sockets.push(
            ...(await Promise.all(
              Array.from({ length: batch }, (_, offset) => openFrom(port, index + offset)),
            )),
          );
        }
        await within(Promise.all(sockets.map(closedOf)), 20_000);
        for (const socket of sockets) socket.destroy();
      },
    },
    {
      name: `1 byte every 5 s on ${scale.drip} connections (${scale.dripSeconds} s)`,
      run: async () => {
        const sockets = await Promise.all(
          Array.from({ length: scale.drip }, (_, index) => openFrom(port, index)),
        );
        const drip = () => {
          for (const socket of sockets) if (!socket.destroyed) socket.write(Buffer.from([3]));
        };
        drip();
        const dripping = setInterval(drip, 5_000);
        await sleep(scale.dripSeconds * 1000);
        clearInterval(dripping);
        for (const socket of sockets) socket.destroy();
      },
    },
    {
      name: `malformed connect/publish commands (${MALFORMED.length} kinds × ${scale.malformed})`,
      run: async () => {
        const rounds = Array.from({ length: scale.malformed }, (_, round) =>
          MALFORMED.map(async ({ bytes }, kind) => {
            const peer = await handshaken(round * MALFORMED.length + kind);
            if (!peer) return;
            send(peer, bytes());
            await within(peer.closed, 5_000);
            peer.socket.destroy();
          }),
        ).flat();
        // And a publish with a key that does not exist, well formed: refused with the reason.
        const peer = (await handshaken(0))!;
        send(
          peer,
          Buffer.concat([connectCommand(), createStreamCommand(), publishCommand('not-a-key')]),
        );
        send(peer, command(['deleteStream', 4, null, 1]));
        await Promise.all([...rounds, within(peer.closed, 5_000)]);
        peer.socket.destroy();
      },
    },
  ];
}

export interface IngestBench {
  results: AttackResult[];
  /** The web process's resident memory before the first attack and after the last. */
  rssMb: { first: number; last: number };
}

export async function runIngestBench(options: {
  scale: IngestBenchScale;
  port: number;
  rtmpPort: number;
  print?: (line: string) => void;
}): Promise<IngestBench> {
  const print = options.print ?? (() => undefined);
  const scratch = mkdtempSync(join(tmpdir(), 'cutroom-bench-ingest-'));
  const dataDir = join(scratch, 'data');
  const url = siteUrl(options.port);
  let site: Proc | null = null;
  let pusher: ChildProcess | null = null;
  let prober: ChildProcess | null = null;
  try {
    site = await startSite({
      port: options.port,
      dataDir,
      env: { LIVE_RTMP_PORT: String(options.rtmpPort), LOG_LEVEL: 'info' },
    });
    const pid = site.child.pid!;
    // Every line the site prints, from here on.
    const printed: string[] = [];
    let partial = '';
    const take = (chunk: Buffer) => {
      const parts = (partial + chunk.toString()).split('\n');
      partial = parts.pop()!;
      printed.push(...parts);
    };
    site.child.stdout!.on('data', take);
    site.child.stderr!.on('data', take);
    const member = await signUpMember(url, dataDir, 'ingest');
    const call = async (mode: string) => {
      const response = await fetch(`${url}/api/v2/live`, {
        method: 'POST',
        headers: { cookie: member.cookie, origin: url, 'content-type': 'application/json' },
        body: JSON.stringify({ mode }),
      });
      return (await response.json()) as {
        key?: string;
        live: { onAir: { videoId: string } | null; lastRefusal: string | null };
      };
    };
    const { key } = await call('NewKey');
    pusher = spawn(
      'ffmpeg',
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-re', '-f', 'lavfi'],
        ...['-i', 'testsrc2=size=640x360:rate=25', '-re', '-f', 'lavfi'],
        ...['-i', 'sine=frequency=440:sample_rate=44100', '-c:v', 'libx264'],
        ...['-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '50', '-pix_fmt', 'yuv420p'],
        ...['-c:a', 'aac', '-b:a', '64k', '-f', 'flv'],
        `rtmp://127.0.0.1:${options.rtmpPort}/live/${key}`,
      ],
      { stdio: 'ignore' },
    );
    let videoId: string | null = null;
    for (let tries = 0; !videoId && tries < 240; tries++) {
      const state = await call('get');
      videoId = state.live.onAir?.videoId ?? null;
      if (!videoId) {
        if (state.live.lastRefusal) throw new Error(`refused: ${state.live.lastRefusal}`);
        await sleep(250);
      }
    }
    if (!videoId) throw new Error('the real stream did not go on air');
    print(`The real stream is on the air (video ${videoId}); web process ${pid}.`);

    // Warm: the first answers of a fresh server are its slowest.
    for (let warm = 0; warm < 20; warm++) {
      await fetch(`${url}/`).then((response) => response.arrayBuffer());
      await sleep(100);
    }
    // `/` every 100 ms, each answer timed (30 s at most), from a process of its own: the
    // attacks' sockets in this one would delay its clock, not the site.
    const pages: { at: number; ms: number; isOk: boolean }[] = [];
    prober = spawn(process.execPath, ['-e', PROBER, `${url}/`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let probed = '';
    prober.stdout!.on('data', (chunk: Buffer) => {
      const parts = (probed + chunk.toString()).split('\n');
      probed = parts.pop()!;
      for (const part of parts) pages.push(JSON.parse(part) as (typeof pages)[number]);
    });
    await sleep(1_000);

    const results: AttackResult[] = [];
    const first = residentMb(pid);
    const quiet = { name: 'no attack (the same 5 s with nothing sent)', run: () => sleep(5_000) };
    for (const attack of [quiet, ...attacks(options.rtmpPort, options.scale)]) {
      const rssBeforeMb = residentMb(pid);
      const printedBefore = printed.length;
      const startedAt = Date.now();
      print(`• ${attack.name} …`);
      await attack.run();
      // Answers to `/` asked up to a second after the attack are its too (and the ingest's
      // log lines, which it sums up each second).
      await sleep(1_000);
      const endedAt = Date.now();
      const waitUntil = Date.now() + 31_000;
      while (
        pages.filter((page) => page.at >= startedAt && page.at <= endedAt).length <
          Math.floor((endedAt - startedAt) / 100) - 2 &&
        Date.now() < waitUntil
      ) {
        await sleep(100);
      }
      const asked = pages.filter((page) => page.at >= startedAt && page.at <= endedAt);
      const output = printed.slice(printedBefore);
      const logged = new Map<string, number>();
      const errors: string[] = [];
      for (const line of output) {
        if (!line.trim()) continue;
        const entry = parseLogLine(line);
        if (!entry) {
          if (/uncaught|unhandled|Error:/i.test(line)) errors.push(line.slice(0, 300));
        } else if (entry.msg === 'live ingest closed a connection' && entry.reason) {
          const reason = entry.reason.replace(/\d{5,}/g, 'N');
          logged.set(reason, (logged.get(reason) ?? 0) + (entry.count ?? 1));
        } else if ((entry.level ?? 0) >= 50) {
          errors.push(line.slice(0, 300));
        }
      }
      const state = await call('get');
      results.push({
        name: attack.name,
        slowestPageMs: Math.max(0, ...asked.map((page) => page.ms)),
        failedPages: asked.filter((page) => !page.isOk).length,
        rssBeforeMb,
        rssAfterMb: residentMb(pid),
        ingestRssMb: ((ingest) => (ingest ? residentMb(ingest) : null))(ingestPidOf(pid)),
        isStreamOnAir: pusher.exitCode === null && state.live.onAir?.videoId === videoId,
        logged,
        errors,
      });
    }
    return { results, rssMb: { first, last: residentMb(pid) } };
  } finally {
    prober?.kill('SIGKILL');
    pusher?.kill('SIGKILL');
    if (site) await stopProc(site);
    rmSync(scratch, { recursive: true, force: true });
  }
}

interface LogLine {
  level?: number;
  msg?: string;
  reason?: string;
  count?: number;
}

/** A line the site printed, as its logger's JSON, or null for any other line. */
function parseLogLine(line: string): LogLine | null {
  try {
    const parsed: unknown = JSON.parse(line);
    return typeof parsed === 'object' && parsed !== null ? (parsed as LogLine) : null;
  } catch {
    return null;
  }
}

/** The results as a table, with the goals beside them. */
export function describeResults(bench: IngestBench): string {
  const lines = [
    '| attack | slowest `/` | `/` failed | web RSS before → after | ingest RSS after | real stream on air | logged (connections closed) |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const result of bench.results) {
    const logged = [...result.logged].map(([reason, count]) => `${count}× ${reason}`).join('; ');
    lines.push(
      `| ${result.name} | ${result.slowestPageMs} ms | ${result.failedPages} | ${result.rssBeforeMb.toFixed(0)} → ${result.rssAfterMb.toFixed(0)} MB | ${result.ingestRssMb === null ? 'none' : `${result.ingestRssMb.toFixed(0)} MB`} | ${result.isStreamOnAir ? 'yes' : 'NO'} | ${logged || 'nothing'}${result.errors.length ? `; ERRORS: ${result.errors.join(' / ')}` : ''} |`,
    );
  }
  lines.push(
    '',
    `Web process resident memory: ${bench.rssMb.first.toFixed(0)} MB before the first attack, ${bench.rssMb.last.toFixed(0)} MB after the last (goal: under 50 MB more).`,
    'Goals: slowest `/` under 1 s, the real stream never cut, no uncaught exception anywhere.',
    'Reference, the ingest inside the web process (the issue that found it): `/` unanswered for 21 s and 23.6 s, resident memory 1.4 → 2.9 GB, the real stream cut.',
  );
  return lines.join('\n');
}
