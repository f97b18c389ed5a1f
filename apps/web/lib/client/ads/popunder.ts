import type { PopunderSettings } from '../../ads/ad-settings';

/**
 * The site's own pop-under (docs/ads.md, docs/decisions/0030): one zone; at most
 * `maxOpens` per `periodMs`, counted in a cookie named after the zone; opened by a click
 * anywhere but inside an `.ad-link` (20 parents looked at), in a new tab sent to the ad host
 * `redirectMs` later; armed `armMs` after the page's load once the visitor check allowed it.
 * Loaded on demand by the shell, only once the reader is known not to be a supporter.
 */

/** Parents looked at above a click's target for an `.ad-link` (docs/ads.md). */
export const AD_LINK_PARENTS = 20;
export const AD_LINK_CLASS = 'ad-link';

/** The cookie counting a zone's opens: named after the zone (letters, digits, - and _ kept). */
export function cappingCookieName(zone: string): string {
  return `popunder_${zone.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

export interface Capping {
  /** Opens counted in the current period. */
  count: number;
  /** When the last one was (ms since the epoch); 0 for none. */
  lastOpen: number;
}

/** The zone's count and last open from a Cookie string; none (or unreadable): nothing yet. */
export function readCapping(cookies: string, zone: string): Capping {
  const name = cappingCookieName(zone);
  for (const part of cookies.split(';')) {
    const [key, value] = part.trim().split('=');
    if (key !== name || !value) continue;
    const match = /^(\d{1,4})\.(\d{1,15})$/.exec(value);
    if (match) return { count: Number(match[1]), lastOpen: Number(match[2]) };
  }
  return { count: 0, lastOpen: 0 };
}

/**
 * Whether one more may open now. A period ends `periodMs` after the last open: then the count
 * starts again, so no `periodMs` ever holds more than `maxOpens`.
 */
export function mayOpen(
  capping: Capping,
  now: number,
  limits: { maxOpens: number; periodMs: number },
): boolean {
  if (capping.lastOpen === 0 || now - capping.lastOpen >= limits.periodMs) return true;
  return capping.count < limits.maxOpens;
}

/** The capping after an open at `now`: counted in this period, or the first of a new one. */
export function afterOpen(capping: Capping, now: number, limits: { periodMs: number }): Capping {
  const fresh = capping.lastOpen === 0 || now - capping.lastOpen >= limits.periodMs;
  return { count: fresh ? 1 : capping.count + 1, lastOpen: now };
}

/** The Set-Cookie text (for document.cookie) keeping a zone's capping for one period. */
export function cappingCookie(zone: string, capping: Capping, periodMs: number): string {
  const maxAge = Math.ceil(periodMs / 1000);
  return `${cappingCookieName(zone)}=${capping.count}.${capping.lastOpen}; Path=/; Max-Age=${maxAge}; SameSite=Lax`;
}

/** Whether a click's target is inside an `.ad-link`: itself or one of its 20 nearest parents. */
export function insideAdLink(target: EventTarget | null, parents = AD_LINK_PARENTS): boolean {
  let node = target instanceof Node ? target : null;
  if (node && node.nodeType !== 1) node = node.parentElement;
  for (let step = 0; node && step <= parents; step += 1) {
    if ((node as Element).classList?.contains(AD_LINK_CLASS)) return true;
    node = node.parentElement;
  }
  return false;
}

/** What the pop-under's link says of the page (docs/ads.md). */
export interface PageFacts {
  category: string;
  tags: string[];
  pageUrl: string;
}

/**
 * The pop-under's link: zone, category, tags, sub ids (sub1, sub2, ...), page URL, consent
 * ('0': no consent framework, docs/ads.md) and a cache-buster.
 */
export function popunderUrl(
  settings: Pick<PopunderSettings, 'linkUrl' | 'zone' | 'subIds'>,
  page: PageFacts,
  cacheBuster: string,
): string {
  const url = new URL(settings.linkUrl);
  url.searchParams.set('zone', settings.zone);
  url.searchParams.set('category', page.category);
  url.searchParams.set('tags', page.tags.join(','));
  settings.subIds.forEach((id, index) => url.searchParams.set(`sub${index + 1}`, id));
  url.searchParams.set('url', page.pageUrl);
  url.searchParams.set('consent', '0');
  url.searchParams.set('cb', cacheBuster);
  return url.toString();
}

/** The visitor check's answer: '0' allows, and so does any answer that is not a 200. */
export function visitorCheckAllows(status: number, text: string): boolean {
  return status !== 200 || text.trim() === '0';
}

/** Category and tags of the page shown (a video page marks them with data-ad-* attributes). */
export function pageFacts(doc: Document): PageFacts {
  const marked = doc.querySelector('[data-ad-category]');
  const tags = marked?.getAttribute('data-ad-tags') ?? '';
  return {
    category: marked?.getAttribute('data-ad-category') ?? '',
    tags: tags ? tags.split(',') : [],
    pageUrl: doc.location.href,
  };
}

/**
 * Starts the pop-under on this page: the visitor check, then arming `armMs` after the load
 * (at once counted from now when the page has loaded already). Answers a stop function.
 */
export function startPopunder(settings: PopunderSettings): () => void {
  let armed = false;
  let stopped = false;
  let armTimer: ReturnType<typeof setTimeout> | undefined;
  const limits = { maxOpens: settings.maxOpens, periodMs: settings.periodMs };

  const onClick = (event: MouseEvent) => {
    if (!armed || insideAdLink(event.target)) return;
    const now = Date.now();
    const capping = readCapping(document.cookie, settings.zone);
    if (!mayOpen(capping, now, limits)) return;
    const url = popunderUrl(
      settings,
      pageFacts(document),
      `${now.toString(36)}${Math.random().toString(36).slice(2, 8)}`,
    );
    // A new tab at the click (the browser allows it then), sent to the ad a moment later.
    const tab = window.open('about:blank', '_blank');
    if (!tab) return;
    document.cookie = cappingCookie(
      settings.zone,
      afterOpen(capping, now, limits),
      settings.periodMs,
    );
    setTimeout(() => {
      try {
        tab.opener = null;
        tab.location.href = url;
      } catch {
        // The tab was closed meanwhile.
      }
    }, settings.redirectMs);
  };

  const arm = () => {
    if (stopped) return;
    armTimer = setTimeout(() => {
      armed = true;
    }, settings.armMs);
  };
  const onLoad = () => arm();

  const checked = settings.visitorCheckUrl
    ? fetch(settings.visitorCheckUrl, { credentials: 'omit', cache: 'no-store' }).then(
        async (response) => visitorCheckAllows(response.status, await response.text()),
        // No answer at all (blocked, offline): no pop-under.
        () => false,
      )
    : Promise.resolve(true);
  void checked.then((allowed) => {
    if (!allowed || stopped) return;
    window.addEventListener('click', onClick, true);
    if (document.readyState === 'complete') arm();
    else window.addEventListener('load', onLoad, { once: true });
  });

  return () => {
    stopped = true;
    armed = false;
    clearTimeout(armTimer);
    window.removeEventListener('click', onClick, true);
    window.removeEventListener('load', onLoad);
  };
}
