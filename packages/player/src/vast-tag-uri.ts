// Where a wrapper's relative VASTAdTagURI points (docs/player/compatibility.md, "VAST"). Shared
// by the core's first pre-roll (early-ad.ts) and the ads chunk (vast-loader.ts), so that both
// ask for the same documents in the same order.

const ABSOLUTE = /^[a-z][a-z\d+.-]*:/i;

/**
 * The addresses a wrapper's VASTAdTagURI may mean, in the order to try them: an absolute URL or
 * one that starts with `/` means one thing. A path-relative one (`next.xml`, `../x/next.xml`)
 * is resolved against the wrapper's own URL, and, as Fluid Player (and vast-client) resolve it,
 * against the page: the second is tried when the first gives no VAST. When the tag repeats the
 * folders the wrapper is already in (`static/ads/next.xml` in a wrapper at
 * `/static/ads/wrapper.xml`), it was written relative to the page: that address comes first.
 */
export function wrapperTagCandidates(tag: string, documentUrl: string, pageUrl: string): string[] {
  const text = tag.trim();
  if (!text || text.startsWith('[')) return [];
  if (ABSOLUTE.test(text)) return [text];
  let own: string;
  let page: string;
  try {
    own = new URL(text, documentUrl).href;
    page = new URL(text, pageUrl).href;
  } catch {
    return [];
  }
  if (text.startsWith('/') || own === page) return [own];
  const tagFolders = text.split(/[?#]/)[0]!.split('/').slice(0, -1);
  const ownFolders = new URL(documentUrl).pathname.split('/').slice(1, -1);
  const repeats =
    tagFolders.length > 0 &&
    tagFolders.length <= ownFolders.length &&
    tagFolders.every((f, i) => f === ownFolders[ownFolders.length - tagFolders.length + i]);
  return repeats ? [page, own] : [own, page];
}

/** Whether a text is a VAST document the browser parses (root element VAST). */
export function isVastText(text: string): boolean {
  const xml = new DOMParser().parseFromString(text, 'text/xml');
  return (
    xml.documentElement?.tagName === 'VAST' && xml.getElementsByTagName('parsererror').length === 0
  );
}
