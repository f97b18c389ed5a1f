// The embeddable player for other sites (docs/player/embedding.md): `/player/v1/…` (the current
// build of version 1, cached a day) and `/player/<version>/…` (that build, cached for good).
// Any origin may load them: the chunks are module scripts, fetched with CORS.
import { playerFilesRoute } from '@cutroom/core/api/raw-routes';
import { isServedVersion, playerFile } from '@/lib/server/player-files';
import { rawRoute } from '@/lib/server/raw-route';

const DAY = 86_400;

export const GET = rawRoute<{ version: string; file: string[] }>(
  playerFilesRoute,
  async (request, { params }) => {
    const { version, file } = params;
    const kind = isServedVersion(version);
    const found = kind ? playerFile(file.join('/')) : null;
    if (!found) {
      return new Response('No such player file.', {
        status: 404,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
    }
    const etag = `"${found.integrity}"`;
    const headers = {
      'content-type': found.type,
      'cache-control':
        kind === 'exact'
          ? `public, max-age=${365 * DAY}, immutable`
          : `public, max-age=${DAY}, stale-while-revalidate=${7 * DAY}`,
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
      etag,
    };
    if (request.headers.get('if-none-match') === etag) {
      return new Response(null, { status: 304, headers });
    }
    return new Response(new Uint8Array(found.body), { headers });
  },
);
