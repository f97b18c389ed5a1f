import { deltaPlaylist, isReloadReady, playlistEdge } from '@cutroom/media/live/ll-hls-packager';
import { text } from 'node:stream/consumers';
import { StorageNotFoundError, type Storage } from '@cutroom/core/platform/storage/storage';

/**
 * Blocking playlist reloads of Low-Latency HLS (docs/live.md, "Latency"): a player asks for a
 * live rung's playlist once it has a part not yet made (`_HLS_msn`, `_HLS_part`) and is
 * answered the moment it is. This node's live ingest hands over each playlist it puts in
 * storage (`notify`): its waiting requests answer from it without reading storage. A live held
 * by another node is read from the shared storage at most once every `POLL_MS` a playlist,
 * however many viewers wait on it.
 */
export class LiveReloads {
  readonly #waiting = new Map<string, Set<() => void>>();
  /** The newest text known of each playlist, when it was known, and whether it was told here. */
  readonly #latest = new Map<string, { text: string | null; at: number; isTold: boolean }>();
  readonly #reading = new Map<string, Promise<string | null>>();

  /** A playlist (its storage key) changed: its new text, as put in storage. */
  notify(key: string, text: string): void {
    this.#latest.set(key, { text, at: Date.now(), isTold: true });
    const waiting = this.#waiting.get(key);
    if (!waiting) return;
    this.#waiting.delete(key);
    for (const wake of waiting) wake();
  }

  /** Settles when `key` changes here, or after `ms`. */
  wait(key: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      let waiting = this.#waiting.get(key);
      if (!waiting) this.#waiting.set(key, (waiting = new Set()));
      const set = waiting;
      const wake = () => {
        clearTimeout(timer);
        set.delete(wake);
        if (set.size === 0 && this.#waiting.get(key) === set) this.#waiting.delete(key);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      set.add(wake);
    });
  }

  /**
   * The playlist's text: as told here within the last second (its live is held here), else
   * as read from storage within the last `POLL_MS` (one read shared by every request).
   */
  async read(storage: Storage, key: string): Promise<string | null> {
    const known = this.#latest.get(key);
    const age = known ? Date.now() - known.at : Infinity;
    if (known && age < (known.isTold ? TOLD_FRESH_MS : POLL_MS)) return known.text;
    let reading = this.#reading.get(key);
    if (!reading) {
      reading = readText(storage, key).finally(() => this.#reading.delete(key));
      this.#reading.set(key, reading);
      void reading.then(
        (text) => this.#remember(key, text),
        () => undefined,
      );
    }
    return reading;
  }

  #remember(key: string, text: string | null): void {
    const now = Date.now();
    const known = this.#latest.get(key);
    // A playlist told here meanwhile is newer than the one read.
    if (!known?.isTold || now - known.at >= TOLD_FRESH_MS)
      this.#latest.set(key, { text, at: now, isTold: false });
    if (this.#latest.size > 512) {
      for (const [old, entry] of this.#latest)
        if (now - entry.at > 10_000) this.#latest.delete(old);
    }
  }
}

/** How long a playlist told here answers without a storage read (it is told five times a second). */
const TOLD_FRESH_MS = 1_000;

/** A live rung's media playlist, and a part of it. */
export const LIVE_MEDIA_PLAYLIST = /^live\/[A-Za-z0-9_-]+\/v\d\/index\.m3u8$/;
const LIVE_PART = /^(live\/[A-Za-z0-9_-]+\/v\d\/)part-(\d+)\.(\d+)\.m4s$/;
/** A blocking reload waits at most three target durations (1 s segments). */
export const RELOAD_HOLD_MS = 3_000;
/** How often a wait reads storage again when no change is heard (another node's live). */
const POLL_MS = 100;

/** What a blocking reload asks for, or the query parameter it got wrong. */
export type ReloadQuery =
  { msn: number | null; part: number | null; skip: boolean } | { invalid: string };

/** The LL-HLS query of a playlist request (`_HLS_msn`, `_HLS_part`, `_HLS_skip`). */
export function reloadQueryOf(search: URLSearchParams): ReloadQuery {
  const number = (name: string) => {
    const value = search.get(name);
    if (value === null) return null;
    return /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  };
  const msn = number('_HLS_msn');
  const part = number('_HLS_part');
  if (Number.isNaN(msn)) return { invalid: '_HLS_msn must be a whole number' };
  if (Number.isNaN(part)) return { invalid: '_HLS_part must be a whole number' };
  if (part !== null && msn === null) return { invalid: '_HLS_part needs _HLS_msn' };
  const skip = search.get('_HLS_skip');
  return { msn, part, skip: skip === 'YES' || skip === 'v2' };
}

async function readText(storage: Storage, key: string): Promise<string | null> {
  try {
    return await text((await storage.getStream(key)).body);
  } catch (error) {
    if (error instanceof StorageNotFoundError) return null;
    throw error;
  }
}

/**
 * A playlist's newest part and its delta update, worked out once a version: every viewer
 * waiting on a live asks about the same text five times a second.
 */
const parsedPlaylists = new Map<string, { edge: { msn: number; part: number }; delta?: string }>();

function parsedOf(playlist: string) {
  let parsed = parsedPlaylists.get(playlist);
  if (!parsed) {
    parsed = { edge: playlistEdge(playlist) };
    parsedPlaylists.set(playlist, parsed);
    // The newest versions of the lives on the air are the ones asked about.
    if (parsedPlaylists.size > 32) parsedPlaylists.delete(parsedPlaylists.keys().next().value!);
  }
  return parsed;
}

const deltaOf = (playlist: string) => (parsedOf(playlist).delta ??= deltaPlaylist(playlist));

/**
 * Reads the playlist at `key` until `settle` answers (not undefined) of it and its newest part,
 * or the request is gone or `RELOAD_HOLD_MS` passed (then `atEnd` answers); null when there is
 * no such playlist. Woken by this node's change of the playlist, else every `POLL_MS`.
 */
async function holdOn<T>(
  storage: Storage,
  reloads: LiveReloads,
  key: string,
  isGone: () => boolean,
  settle: (playlist: string, edge: { msn: number; part: number }) => T | undefined,
  atEnd: (playlist: string) => T,
): Promise<T | null> {
  const deadline = Date.now() + RELOAD_HOLD_MS;
  for (;;) {
    const playlist = await reloads.read(storage, key);
    if (playlist === null) return null;
    const settled = settle(playlist, parsedOf(playlist).edge);
    if (settled !== undefined) return settled;
    if (Date.now() >= deadline || isGone()) return atEnd(playlist);
    await reloads.wait(key, Math.min(POLL_MS, deadline - Date.now()));
  }
}

/**
 * The playlist answering a live rung's request: at once without `_HLS_msn`, else once it lists
 * the part asked for (or the live ended, or `RELOAD_HOLD_MS` passed); a delta update when asked
 * (`_HLS_skip`). Null when there is no such playlist; `tooFar` for a segment more than two
 * past the newest (a 400, as the protocol says).
 */
export function answerPlaylist(
  storage: Storage,
  reloads: LiveReloads,
  key: string,
  query: { msn: number | null; part: number | null; skip: boolean },
  isGone: () => boolean,
): Promise<{ playlist: string } | { tooFar: true } | null> {
  const answer = (playlist: string) => ({ playlist: query.skip ? deltaOf(playlist) : playlist });
  return holdOn(
    storage,
    reloads,
    key,
    isGone,
    (playlist, edge) => {
      if (
        query.msn === null ||
        playlist.includes('#EXT-X-ENDLIST') ||
        isReloadReady(edge, query.msn, query.part ?? undefined)
      ) {
        return answer(playlist);
      }
      return query.msn > edge.msn + 2 ? { tooFar: true as const } : undefined;
    },
    answer,
  );
}

/**
 * A part named by the playlist's preload hint, asked for before it is made: waits (as a
 * blocking reload does) until its rung's playlist lists it. False at once for anything else.
 */
export async function waitForPart(
  storage: Storage,
  reloads: LiveReloads,
  key: string,
  isGone: () => boolean,
): Promise<boolean> {
  const part = LIVE_PART.exec(key);
  if (!part) return false;
  const [msn, index] = [Number(part[2]), Number(part[3])];
  const isListed = await holdOn(
    storage,
    reloads,
    `${part[1]}index.m3u8`,
    isGone,
    (playlist, edge) => {
      if (playlist.includes('#EXT-X-ENDLIST')) return false;
      if (isReloadReady(edge, msn, index)) return true;
      // Only the next part or two is worth the wait; older or far ones are answered as they are.
      return msn > edge.msn + 1 ? false : undefined;
    },
    () => false,
  );
  return isListed ?? false;
}
