import type { Actor } from '@cutroom/core/api/endpoint';

/** The signed-in viewer of a request, or null for a visitor. */
export async function getViewer(_headers: Headers): Promise<Actor | null> {
  return null;
}
