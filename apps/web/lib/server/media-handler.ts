import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import {
  cacheControlForKey,
  InvalidKeyError,
  parseRangeHeader,
  RangeNotSatisfiableError,
  StorageNotFoundError,
  type Storage,
} from '@cutroom/core/platform/storage/storage';
import { MEDIA_GRANT_PATTERN } from '@cutroom/core/access/media-grants';
import {
  answerPlaylist,
  LIVE_MEDIA_PLAYLIST,
  reloadQueryOf,
  waitForPart,
  LiveReloads,
} from './live-reloads';

export const MEDIA_PATH_PREFIX = '/media/';

/**
 * `/media/k/{grant}/{key}`: a closed video's files, named with the grant its page or unlock
 * gave (docs/security.md, "Media"). Relative addresses in its playlists keep the grant.
 */
const TOKEN_PATH = new RegExp(`^k\\/(${MEDIA_GRANT_PATTERN})\\/(.*)$`);

/** How the media route may serve one object: to everyone, to this viewer only, or not at all. */
export type MediaAccess = 'public' | 'private' | { refused: string };

/**
 * Only finished renditions are public (`videos/{id}/v{version}/...`, written once under a fresh
 * random version prefix), re-encoded avatars (`avatars/{userId}/v{version}.webp`) and a live's
 * playlists, init segments, segments, parts and poster, and the replay made of them
 * (`live/{id}/...`, docs/live.md). Uploaded sources and anything else are never served.
 */
const PUBLIC_KEY =
  /^(?:videos\/[A-Za-z0-9_-]+\/v[a-z0-9]+\/[A-Za-z0-9_./-]+|avatars\/[A-Za-z0-9_-]+\/v[a-f0-9]+\.webp|live\/[A-Za-z0-9_-]+\/(?:(?:master|replay)\.m3u8|(?:poster|replay)\.jpg|v\d\/(?:(?:index|replay)\.m3u8|seg-\d+\.(?:ts|m4s)|part-\d+\.\d+\.m4s|init-\d+\.mp4)))$/;

function sendStatus(response: ServerResponse, status: number, message: string) {
  response.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(message);
}

/**
 * Serves media objects from storage under /media/: content types, byte ranges (206 and 416),
 * conditional requests and long immutable caching for renditions. Open to every origin, since
 * the player is embedded on other sites.
 */
export async function serveMedia(
  storage: Storage,
  request: IncomingMessage,
  response: ServerResponse,
  /**
   * Who may fetch an object (docs/security.md, "Media"; premium partner videos,
   * docs/partner.md), given the grant of its address if any; public when absent.
   */
  access?: (key: string, request: IncomingMessage, token: string | null) => Promise<MediaAccess>,
  /** This node's live playlists' changes, for blocking reloads (docs/live.md, "Latency"). */
  liveReloads: LiveReloads = new LiveReloads(),
): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('allow', 'GET, HEAD');
    return sendStatus(response, 405, 'Method not allowed');
  }
  const url = new URL(request.url ?? '/', 'http://media');
  const path = url.pathname;
  let key: string;
  let token: string | null = null;
  try {
    key = decodeURIComponent(path.slice(MEDIA_PATH_PREFIX.length));
  } catch {
    return sendStatus(response, 400, 'Bad media path');
  }
  const tokened = TOKEN_PATH.exec(key);
  if (tokened) {
    token = tokened[1]!;
    key = tokened[2]!;
  }
  if (
    !PUBLIC_KEY.test(key) ||
    key.split('/').some((segment) => segment === '..' || segment === '.')
  ) {
    return sendStatus(response, 404, 'Not found');
  }
  const allowed = access ? await access(key, request, token) : 'public';
  if (typeof allowed === 'object') return sendStatus(response, 403, allowed.refused);
  // A grant's address is never kept by a shared cache, even while its video is open: it may
  // close the next moment.
  const isPrivate = allowed === 'private' || token !== null;
  const isGone = () => request.destroyed || response.destroyed;
  try {
    if (LIVE_MEDIA_PLAYLIST.test(key) && url.search !== '') {
      const query = reloadQueryOf(url.searchParams);
      if ('invalid' in query) return sendStatus(response, 400, query.invalid);
      const answer = await answerPlaylist(storage, liveReloads, key, query, isGone);
      if (!answer) return sendStatus(response, 404, 'Not found');
      if ('tooFar' in answer) return sendStatus(response, 400, '_HLS_msn is past the live');
      response.writeHead(200, {
        'content-type': 'application/vnd.apple.mpegurl',
        'cache-control': isPrivate ? 'private, no-cache' : 'no-cache',
        ...(isPrivate ? { vary: 'Cookie, Authorization' } : {}),
        'access-control-allow-origin': '*',
        'x-content-type-options': 'nosniff',
        'content-length': Buffer.byteLength(answer.playlist),
      });
      return void response.end(request.method === 'HEAD' ? undefined : answer.playlist);
    }
    let object = await storage.stat(key);
    // A live's next part, named by its playlist's preload hint, is answered once it is made.
    if (!object && (await waitForPart(storage, liveReloads, key, isGone)))
      object = await storage.stat(key);
    if (!object) return sendStatus(response, 404, 'Not found');
    const etag = `"${object.size.toString(16)}-${object.lastModified.getTime().toString(16)}"`;
    const headers: Record<string, string | number> = {
      'content-type': object.contentType,
      // A closed or premium video's files are this viewer's: no shared cache may keep them, and
      // the browser asks again (a change of access ends them at once).
      'cache-control': isPrivate ? 'private, no-cache' : cacheControlForKey(key),
      'accept-ranges': 'bytes',
      etag,
      'last-modified': object.lastModified.toUTCString(),
      ...(isPrivate ? { vary: 'Cookie, Authorization' } : {}),
      'access-control-allow-origin': '*',
      'x-content-type-options': 'nosniff',
    };
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, headers);
      return void response.end();
    }
    // A playlist is small and a live's is rewritten every second: always sent whole, so a
    // range measured on one version is never cut from the next (docs/live.md).
    const range = key.endsWith('.m3u8')
      ? null
      : parseRangeHeader(request.headers.range, object.size);
    const stream = await storage.getStream(key, range ?? undefined);
    headers['content-length'] = stream.end - stream.start + 1;
    if (range) headers['content-range'] = `bytes ${stream.start}-${stream.end}/${stream.size}`;
    response.writeHead(range ? 206 : 200, headers);
    if (request.method === 'HEAD') {
      stream.body.destroy();
      return void response.end();
    }
    await pipeline(stream.body, response);
  } catch (error) {
    if (error instanceof RangeNotSatisfiableError) {
      response.writeHead(416, { 'content-range': `bytes */${error.size}` });
      return void response.end();
    }
    if (error instanceof StorageNotFoundError || error instanceof InvalidKeyError) {
      return sendStatus(response, 404, 'Not found');
    }
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    throw error;
  }
}
