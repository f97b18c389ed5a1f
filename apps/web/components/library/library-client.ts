'use client';

import { callApi, type ApiAnswer, type ApiMode, type ApiPayload } from '@/lib/client/api';
import { hasMemberHint } from '@/lib/member-hint';

// The member's library (Watch later, where they left off) as the browser sees it: members ask
// /api/v2/library, visitors keep their places in localStorage. Nothing of it is ever rendered
// into a page served alike to everyone: it is filled in after the page loads.

export interface Place {
  position: number;
  duration: number;
}

const STORAGE_KEY = 'cutroom.progress';
/** The most places a visitor's browser keeps (the oldest go first). */
const MAX_LOCAL_PLACES = 50;

/** Whether a member reads the page (the hint cookie; the session decides on the server). */
export const isMemberReading = () =>
  typeof document !== 'undefined' && hasMemberHint(document.cookie);

type LibraryMode = ApiMode<'/api/v2/library'>;

/**
 * Calls a mode of /api/v2/library; null when refused or unreachable. A saved place is sent with
 * keepalive: one sent as the page goes away still arrives.
 */
export async function callLibrary<Mode extends LibraryMode>(
  mode: Mode,
  body: Omit<ApiPayload<'/api/v2/library', Mode>, 'mode'>,
): Promise<ApiAnswer<'/api/v2/library', Mode> | null> {
  const payload = { mode, ...body } as { mode: Mode } & ApiPayload<'/api/v2/library', Mode>;
  const answer = await callApi<'/api/v2/library', Mode>('/api/v2/library', payload, {
    keepalive: mode === 'SaveProgress',
  });
  return answer.ok ? answer.body : null;
}

type LocalPlaces = Record<string, Place & { at: number }>;

function readLocal(): LocalPlaces {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as LocalPlaces) : {};
  } catch {
    return {};
  }
}

/** Same rule as the server's: a place from 5 s in until 10 s (or 5 %) before the end. */
export const isResumable = ({ position, duration }: Place) =>
  position >= 5 && position < duration - 10 && position < duration * 0.95;

/** Where this browser (a visitor) left off in a video. */
export function localPlace(videoId: string): Place | null {
  const place = readLocal()[videoId];
  return place && isResumable(place)
    ? { position: place.position, duration: place.duration }
    : null;
}

/** Keeps (or forgets, near the start or the end) where this browser is in a video. */
export function saveLocalPlace(videoId: string, place: Place): void {
  try {
    const places = readLocal();
    if (isResumable(place)) places[videoId] = { ...place, at: Date.now() };
    else delete places[videoId];
    const kept = Object.entries(places)
      .sort(([, a], [, b]) => b.at - a.at)
      .slice(0, MAX_LOCAL_PLACES);
    localStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage full or refused: the place is not kept.
  }
}
