/**
 * A site as an origin (`https://blog.example`, `http://localhost:8080`): what a browser names
 * a page's site by. A bare host name is taken as https. Null when it is not one.
 */
export function embedSiteOrigin(site: string): string | null {
  const text = site.trim();
  if (!text || text.length > 300) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.username || url.password || !url.hostname) return null;
    if (url.pathname !== '/' || url.search || url.hash) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** The site list of EMBED_SITES (checked at start: every entry must be a site). */
export function parseEmbedSites(value: string): string[] {
  return value
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((site) => {
      const origin = embedSiteOrigin(site);
      if (!origin) throw new Error(`"${site}" is not a site address`);
      return origin;
    });
}
