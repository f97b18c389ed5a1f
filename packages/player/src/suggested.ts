/** A source of a suggested video. */
export interface SuggestedSource {
  url: string;
  hd?: boolean;
  resolution?: string;
  mimeType?: string;
}

/**
 * A suggested video, as listed in the JSON at `suggestedVideos.configUrl`
 * (docs/player/behaviour.md).
 */
export interface SuggestedVideo {
  id: string;
  title: string;
  thumbnailUrl: string;
  /** Suggested videos to show after this one ends. */
  configUrl?: string;
  sources: SuggestedSource[];
  subtitles: { label: string; lang: string; url: string; default?: boolean }[];
}

export const SUGGESTED_TILES = 12;
export const SUGGESTED_TIMEOUT_MS = 5000;

function resolve(url: unknown, base: string): string | null {
  if (typeof url !== 'string' || url === '') return null;
  try {
    return new URL(url, base).href;
  } catch {
    return null;
  }
}

/**
 * Reads the suggested-videos JSON: an array of videos; entries without a playable source are
 * dropped; URLs are resolved against the config's own URL. At most 12 are kept.
 */
export function parseSuggestedVideos(json: unknown, baseUrl: string): SuggestedVideo[] {
  if (!Array.isArray(json)) return [];
  const out: SuggestedVideo[] = [];
  for (const [index, raw] of json.entries()) {
    if (typeof raw !== 'object' || raw === null) continue;
    const item = raw as Record<string, unknown>;
    const sources = (Array.isArray(item.sources) ? item.sources : [])
      .map((s: Record<string, unknown>) => ({
        url: resolve(s?.url, baseUrl),
        hd: s?.hd === true,
        resolution: typeof s?.resolution === 'string' ? s.resolution : undefined,
        mimeType: typeof s?.mimeType === 'string' ? s.mimeType : undefined,
      }))
      .filter((s): s is typeof s & { url: string } => s.url !== null);
    if (sources.length === 0) continue;
    const subtitles = (Array.isArray(item.subtitles) ? item.subtitles : [])
      .map((s: Record<string, unknown>) => ({
        label: typeof s?.label === 'string' ? s.label : 'Subtitles',
        lang: typeof s?.lang === 'string' ? s.lang : '',
        url: resolve(s?.url, baseUrl) ?? '',
        default: s?.default === true,
      }))
      .filter((s) => s.url !== '');
    out.push({
      id:
        typeof item.id === 'string' || typeof item.id === 'number'
          ? String(item.id)
          : String(index),
      title: typeof item.title === 'string' ? item.title : '',
      thumbnailUrl: resolve(item.thumbnailUrl, baseUrl) ?? '',
      configUrl: resolve(item.configUrl, baseUrl) ?? undefined,
      sources,
      subtitles,
    });
    if (out.length === SUGGESTED_TILES) break;
  }
  return out;
}
