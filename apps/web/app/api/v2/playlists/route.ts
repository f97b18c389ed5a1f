import { playlistsEndpoint } from '@cutroom/core/features/library/playlists/playlists.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(playlistsEndpoint);
