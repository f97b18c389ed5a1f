import { fork, type ChildProcess } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '@cutroom/core/platform/logging/logger';
import { ingestMetrics } from '@cutroom/core/platform/metrics/metrics';
import type {
  FromIngest,
  IngestLimits,
  IngestProcessLimits,
  IngestStart,
  ToIngest,
} from './ingest-protocol';

/** A connection that asks to publish; its socket waits until `accept` or `refuse`. */
export interface PublishRequest {
  /** Unique over the process's restarts (a late answer never reaches another connection). */
  id: string;
  app: string;
  name: string;
  address: string;
}

/** One audio, video or metadata message of an accepted stream. */
export interface MediaPacket {
  codecType: number;
  codecId: number;
  flags: number;
  dts: number;
  /** The FLV tag (header, data, previous-tag size). */
  tag: Buffer;
}

export interface IngestHandlers {
  onPublish(request: PublishRequest): void;
  onMedia(id: string, packet: MediaPacket): void;
  onClosed(id: string): void;
  /** The process stopped: these connections' streams went with it. */
  onLost(ids: string[]): void;
}

export interface IngestProcess {
  port: number;
  /** The process's id while it runs (tests and benchmarks watch it). */
  pid(): number | null;
  accept(id: string): void;
  /** The reason goes to the encoder as an RTMP `onStatus` error; the connection closes. */
  refuse(id: string, reason: string): void;
  stop(): Promise<void>;
}

const ENTRY = fileURLToPath(new URL('./ingest-process.ts', import.meta.url));
const MiB = 1024 * 1024;
const INGEST_NICENESS = 10;

function lowerPriority(pid: number | undefined) {
  try {
    if (pid) setPriority(pid, Math.min(19, getPriority() + INGEST_NICENESS));
  } catch {
    // A system that does not allow it: the same priority as the site.
  }
}

/**
 * Starts the RTMP ingest in a process of its own and keeps it running: a process that dies,
 * hangs (no health report) or grows past its memory ceiling is ended and started again after a
 * wait that doubles while it keeps failing; the streams it held are reported lost.
 */
export async function startIngestProcess(options: {
  port: number;
  host: string | null;
  limits: IngestLimits;
  processLimits: IngestProcessLimits;
  log: Logger;
  handlers: IngestHandlers;
}): Promise<IngestProcess> {
  const { log, handlers, processLimits } = options;
  let child: ChildProcess | null = null;
  let generation = 0;
  /** The current process's connections that asked to publish. */
  const held = new Set<string>();
  let port = options.port;
  let isStopping = false;
  let lastHealth = 0;
  /** The current process listens (until then its start has a deadline of its own). */
  let isServing = false;
  let startedAt = 0;
  let restartDelay = processLimits.restartDelayMs;
  let restartTimer: NodeJS.Timeout | null = null;
  /** Why the site ended the current process, if it did (else it exited on its own). */
  let endedFor: 'hung' | 'memory' | null = null;

  const idOf = (n: number) => `${generation}.${n}`;
  const sendTo = (id: string, message: (n: number) => ToIngest) => {
    const [of, n] = id.split('.');
    if (!child?.connected || Number(of) !== generation) return;
    child.send(message(Number(n)));
  };

  function onMessage(message: FromIngest) {
    switch (message.type) {
      case 'publish': {
        const id = idOf(message.id);
        held.add(id);
        handlers.onPublish({ id, app: message.app, name: message.name, address: message.address });
        return;
      }
      case 'media':
        handlers.onMedia(idOf(message.id), {
          codecType: message.codecType,
          codecId: message.codecId,
          flags: message.flags,
          dts: message.dts,
          tag: Buffer.from(message.tag.buffer, message.tag.byteOffset, message.tag.byteLength),
        });
        return;
      case 'closed': {
        const id = idOf(message.id);
        held.delete(id);
        handlers.onClosed(id);
        return;
      }
      case 'dropped':
        ingestMetrics.closedByLimit(message.kind, message.count);
        log.warn(
          { address: message.address, reason: message.reason, count: message.count },
          'live ingest closed a connection',
        );
        return;
      case 'health':
        lastHealth = Date.now();
        ingestMetrics.connectionsOpen(message.connections);
        if (message.rss > processLimits.maxResidentBytes) {
          end('memory', `its resident memory reached ${Math.round(message.rss / MiB)} MiB`);
        }
        return;
      case 'failed':
        if (message.code === 'uncaught') {
          log.error({ error: message.message }, 'the live ingest process failed');
        }
        return;
    }
  }

  /** Ends the running process (hung or too large); its exit restarts it. */
  function end(cause: 'hung' | 'memory', why: string) {
    if (!child) return;
    endedFor = cause;
    log.error({ pid: child.pid, why }, 'the live ingest process is ended');
    child.kill('SIGKILL');
  }

  /** Starts a process and resolves with its port once it listens. */
  function launch(): Promise<number> {
    generation += 1;
    const start: IngestStart = {
      port,
      host: options.host,
      limits: options.limits,
      healthEveryMs: processLimits.healthEveryMs,
    };
    const started = fork(ENTRY, [JSON.stringify(start)], {
      cwd: dirname(ENTRY),
      execArgv: ['--import', 'tsx', `--max-old-space-size=${processLimits.heapMb}`],
      // It reads no setting and holds no secret.
      env: {},
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child = started;
    endedFor = null;
    isServing = false;
    held.clear();
    startedAt = Date.now();
    lastHealth = Date.now();
    started.on('error', (error) => log.warn({ err: error }, 'the live ingest process failed'));
    return new Promise<number>((resolve, reject) => {
      let isListening = false;
      const deadline = setTimeout(() => {
        reject(new Error(`The live ingest did not start within ${processLimits.startMs / 1000} s`));
        started.kill('SIGKILL');
      }, processLimits.startMs);
      started.on('message', (message: FromIngest) => {
        if (message.type === 'listening' && !isListening) {
          isListening = true;
          // Pages come first: on a busy machine the ingest takes the processor time they leave
          // (a live's media is light work; a flood of connections is not). Only once it
          // listens: its start-up (loading its code) at that priority, on a machine kept busy,
          // overran the start deadline.
          lowerPriority(started.pid);
          isServing = true;
          lastHealth = Date.now();
          clearTimeout(deadline);
          resolve(message.port);
        } else if (message.type === 'failed' && !isListening) {
          clearTimeout(deadline);
          reject(Object.assign(new Error(message.message), { code: message.code ?? undefined }));
        }
        onMessage(message);
      });
      started.once('exit', (code, signal) => {
        clearTimeout(deadline);
        if (!isListening)
          reject(new Error(`The live ingest stopped as it started (${code ?? signal})`));
        if (child !== started) return;
        child = null;
        ingestMetrics.connectionsOpen(0);
        const lost = [...held];
        held.clear();
        if (isStopping || !isListening) return;
        ingestMetrics.restarted(endedFor ?? 'exited');
        log.error(
          { code, signal, lost: lost.length, restartInMs: restartDelay },
          'the live ingest process stopped: it is started again',
        );
        if (lost.length > 0) handlers.onLost(lost);
        scheduleRestart();
      });
    });
  }

  function scheduleRestart() {
    // A process that ran a while starts again at once; one that keeps failing, less and less often.
    if (Date.now() - startedAt > 60_000) restartDelay = processLimits.restartDelayMs;
    const delay = restartDelay;
    restartDelay = Math.min(restartDelay * 2, processLimits.maxRestartDelayMs);
    restartTimer = setTimeout(() => {
      restartTimer = null;
      if (isStopping) return;
      launch().then(
        (listening) => {
          port = listening;
          log.info({ port }, 'live ingest listening again (RTMP)');
        },
        (error: unknown) => {
          log.error({ err: error }, 'the live ingest could not start again');
          if (!isStopping && !child) scheduleRestart();
        },
      );
    }, delay);
    restartTimer.unref();
  }

  const watchdog = setInterval(() => {
    if (child && isServing && Date.now() - lastHealth > processLimits.silentMs) {
      end('hung', `it said nothing for ${processLimits.silentMs / 1000} s`);
    }
  }, processLimits.healthEveryMs);
  watchdog.unref();

  try {
    port = await launch();
  } catch (error) {
    clearInterval(watchdog);
    throw error;
  }

  return {
    get port() {
      return port;
    },
    pid: () => child?.pid ?? null,
    accept: (id) => sendTo(id, (n) => ({ type: 'accept', id: n })),
    refuse: (id, reason) => sendTo(id, (n) => ({ type: 'refuse', id: n, reason })),
    async stop() {
      isStopping = true;
      clearInterval(watchdog);
      if (restartTimer) clearTimeout(restartTimer);
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      if (running.connected) running.send({ type: 'stop' } satisfies ToIngest);
      const deadline = setTimeout(() => running.kill('SIGKILL'), processLimits.stopMs);
      await exited;
      clearTimeout(deadline);
    },
  };
}
