import { playlistsEndpoint } from '@cutroom/core/playlists/playlists.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(playlistsEndpoint);
