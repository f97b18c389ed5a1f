import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Logger } from '../logging/logger';
import {
  InProcessEvents,
  type ProcessingEvent,
  type ProcessingEventFilter,
  type ProcessingEvents,
} from './processing-events';

/** The NOTIFY channel; notifications are per database, so sites sharing a server stay apart. */
export const PROCESSING_CHANNEL = 'cutroom_processing';
/**
 * The channel the database's own triggers announce changes to members' sessions and parts on
 * (docs/decisions/0036): the payloads of `MemberChange`.
 */
export const MEMBER_CHANNEL = 'cutroom_members';
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;
/**
 * How often the listening connection is asked a `select 1`, and how long it has to answer: a
 * connection that died without a word (a silent network failure) is otherwise noticed only by
 * TCP, minutes later, and caches that rely on hearing every change would stay live meanwhile.
 */
const HEARTBEAT_MS = 10_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;

interface Envelope {
  /** The process that sent it: its own listeners heard it already. */
  origin: string;
  event?: ProcessingEvent;
  /** Cached listings are stale (a change made through another web node). */
  listingsChanged?: true;
}

/**
 * Processing events shared by every process on one PostgreSQL database, through LISTEN/NOTIFY:
 * progress from a separate `npm run worker` reaches the web nodes' live pages, and a video
 * published there drops their cached listings; a change made through one web node (a profile,
 * a playlist) drops the others' cached listings and pages when they have no shared Redis.
 * Needs nothing but the database the processes already share
 * (docs/decisions/0021-processing-events-by-listen-notify.md). Listeners in this process hear
 * its own events at once; the others within milliseconds. While the listening connection is down (it reconnects with
 * backoff) other processes' events are missed: pages fall back to the stored progress.
 */
export class PostgresEvents implements ProcessingEvents {
  readonly #local = new InProcessEvents();
  readonly #listingsListeners = new Set<() => void>();
  readonly #memberListeners = new Set<(payload: string) => void>();
  readonly #listeningListeners = new Set<(listening: boolean) => void>();
  readonly #id = randomUUID();
  readonly #url: string;
  readonly #log: Logger;
  readonly #sender: pg.Pool;
  #listener: pg.Client | null = null;
  #reconnectDelay = RECONNECT_MIN_MS;
  #reconnectTimer: NodeJS.Timeout | null = null;
  #heartbeatTimer: NodeJS.Timeout | null = null;
  readonly #heartbeat: { everyMs: number; timeoutMs: number };
  #stopped = false;

  private constructor(
    url: string,
    log: Logger,
    heartbeat?: { everyMs: number; timeoutMs: number },
  ) {
    this.#url = url;
    this.#log = log;
    this.#heartbeat = heartbeat ?? { everyMs: HEARTBEAT_MS, timeoutMs: HEARTBEAT_TIMEOUT_MS };
    this.#sender = new pg.Pool({ connectionString: url, max: 1 });
    this.#sender.on('error', (error) => log.warn({ err: error }, 'event sender connection lost'));
  }

  /** Connects the listening connection first, so no event published after this is missed. */
  static async start(options: {
    url: string;
    log: Logger;
    /** The listening connection's check (tests shorten it). */
    heartbeat?: { everyMs: number; timeoutMs: number };
  }): Promise<PostgresEvents> {
    const events = new PostgresEvents(options.url, options.log, options.heartbeat);
    await events.#listen();
    return events;
  }

  publish(event: ProcessingEvent): void {
    this.#local.publish(event);
    this.#send({ origin: this.#id, event });
  }

  subscribe(listener: (event: ProcessingEvent) => void, filter?: ProcessingEventFilter) {
    return this.#local.subscribe(listener, filter);
  }

  /**
   * Tells the other processes their cached listings are stale (each web node keeps its own
   * cache when there is no Redis); this process drops its own itself.
   */
  announceListingsChanged(): void {
    this.#send({ origin: this.#id, listingsChanged: true });
  }

  /** Runs `listener` when another process announces changed listings. */
  onListingsChanged(listener: () => void): () => void {
    this.#listingsListeners.add(listener);
    return () => this.#listingsListeners.delete(listener);
  }

  /** Runs `listener` with each payload the database's triggers send on `MEMBER_CHANNEL`. */
  onMemberChange(listener: (payload: string) => void): () => void {
    this.#memberListeners.add(listener);
    return () => this.#memberListeners.delete(listener);
  }

  /**
   * Runs `listener` when the listening connection goes down (false) and comes back (true):
   * what was announced meanwhile is lost, so whatever relies on hearing every change starts
   * afresh.
   */
  onListeningChange(listener: (listening: boolean) => void): () => void {
    this.#listeningListeners.add(listener);
    return () => this.#listeningListeners.delete(listener);
  }

  #send(envelope: Envelope): void {
    this.#sender
      .query('select pg_notify($1, $2)', [PROCESSING_CHANNEL, JSON.stringify(envelope)])
      .catch((error: unknown) => this.#log.warn({ err: error }, 'event not sent'));
  }

  /** Whether the listening connection is up (for health checks and tests). */
  get isListening(): boolean {
    return this.#listener !== null;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#reconnectTimer) clearTimeout(this.#reconnectTimer);
    if (this.#heartbeatTimer) clearInterval(this.#heartbeatTimer);
    const listener = this.#listener;
    this.#listener = null;
    await listener?.end().catch(() => undefined);
    await this.#sender.end().catch(() => undefined);
  }

  async #listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.#url });
    client.on('notification', (message) => {
      if (message.channel === MEMBER_CHANNEL) {
        for (const listener of this.#memberListeners) listener(message.payload ?? '');
      } else this.#receive(message.payload);
    });
    client.on('error', (error) => {
      this.#log.warn({ err: error }, 'event listener connection lost; reconnecting');
      this.#lost(client);
    });
    client.on('end', () => this.#lost(client));
    await client.connect();
    await client.query(`listen ${PROCESSING_CHANNEL}; listen ${MEMBER_CHANNEL}`);
    this.#listener = client;
    this.#reconnectDelay = RECONNECT_MIN_MS;
    this.#checkEvery(client);
    for (const listener of this.#listeningListeners) listener(true);
  }

  /** Takes the connection for lost when a `select 1` on it fails or goes unanswered. */
  #checkEvery(client: pg.Client): void {
    if (this.#heartbeatTimer) clearInterval(this.#heartbeatTimer);
    const { everyMs, timeoutMs } = this.#heartbeat;
    this.#heartbeatTimer = setInterval(() => {
      if (this.#listener !== client) return;
      const silent = setTimeout(() => {
        this.#log.warn({ timeoutMs }, 'event listener connection did not answer; reconnecting');
        this.#lost(client);
      }, timeoutMs);
      silent.unref();
      client.query('select 1').then(
        () => clearTimeout(silent),
        () => {
          clearTimeout(silent);
          this.#lost(client);
        },
      );
    }, everyMs);
    this.#heartbeatTimer.unref();
  }

  #lost(client: pg.Client): void {
    if (this.#listener !== client || this.#stopped) return;
    this.#listener = null;
    for (const listener of this.#listeningListeners) listener(false);
    client.end().catch(() => undefined);
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    if (this.#stopped || this.#reconnectTimer) return;
    const delay = this.#reconnectDelay;
    this.#reconnectDelay = Math.min(this.#reconnectDelay * 2, RECONNECT_MAX_MS);
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = null;
      if (this.#stopped) return;
      this.#listen().catch((error: unknown) => {
        this.#log.warn({ err: error, retryInMs: this.#reconnectDelay }, 'event listener down');
        this.#scheduleReconnect();
      });
    }, delay);
    this.#reconnectTimer.unref();
  }

  #receive(payload: string | undefined): void {
    if (!payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    if (envelope.origin === this.#id) return;
    if (envelope.listingsChanged) {
      for (const listener of this.#listingsListeners) listener();
    }
    if (envelope.event?.type) this.#local.publish(envelope.event);
  }
}
