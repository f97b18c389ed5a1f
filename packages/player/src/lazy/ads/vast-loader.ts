// Fetches a roll's VAST through vast-client (which follows the wrappers), tries the fallback
// tags on 101, and maps what comes back to parsed ads.
import { VASTClient } from '@dailymotion/vast-client';
import type { VastOptions } from '../../options.ts';
import { logError } from '../../log.ts';
import type { RollRecord } from './ad-list.ts';
import { AdErrorCode, formatAdError } from './constants.ts';
import { toParsedAd } from './parsed-ad.ts';
import type { ParsedAd, VastAd } from './parsed-ad.ts';
import { createAdLedger } from './tracking.ts';
import { isVastText, wrapperTagCandidates } from '../../vast-tag-uri.ts';

const TIMED_OUT = 'VAST request timed out';

/** What loading a roll gave: its ads, or the catalogue code it failed with. */
export interface RollLoadResult {
  ads: ParsedAd[];
  /** The ads came from a fallback tag (the single-ad rule, docs/player/behaviour.md). */
  isFallback: boolean;
  errorCode: number | null;
}

/** Elements whose text is a URL (VAST 2 to 4). */
const URL_ELEMENTS = [
  'VASTAdTagURI',
  'MediaFile',
  'Mezzanine',
  'InteractiveCreativeFile',
  'Impression',
  'Error',
  'Tracking',
  'ClickThrough',
  'ClickTracking',
  'CustomClick',
  'NonLinearClickThrough',
  'NonLinearClickTracking',
  'CompanionClickThrough',
  'CompanionClickTracking',
  'IconClickThrough',
  'IconClickTracking',
  'IconViewTracking',
  'StaticResource',
  'IFrameResource',
  'HTMLResource',
  'JavaScriptResource',
  'ExecutableResource',
  'Viewable',
  'NotViewable',
  'ViewUndetermined',
  'Link',
];

const ABSOLUTE = /^[a-z][a-z\d+.-]*:/i;

/**
 * Rewrites every relative URL of a VAST document against the document's own URL, so that a
 * wrapper's VASTAdTagURI, media files, tracking, click and icon URLs all point where their
 * author meant. vast-client resolves a relative tag URI against the page's folder instead, and
 * drops relative tracking URLs. HTMLResource holds markup, not a URL: left alone.
 */
export function resolveVastUrls(
  xml: Document,
  documentUrl: string,
  alternates?: Map<string, string>,
): void {
  for (const name of URL_ELEMENTS) {
    if (name === 'HTMLResource') continue;
    for (const node of Array.from(xml.getElementsByTagName(name))) {
      const text = node.textContent?.trim() ?? '';
      if (name === 'VASTAdTagURI') {
        // The wrapper's own address or the page's (vast-tag-uri.ts): the second is asked for
        // when the first gives no VAST.
        const [first, second] = wrapperTagCandidates(text, documentUrl, document.baseURI);
        if (first) node.textContent = first;
        if (first && second) alternates?.set(first, second);
        continue;
      }
      // A [MACRO] at the start (vast-client fills it) or a URL with a scheme stays as it is.
      if (!text || ABSOLUTE.test(text) || text.startsWith('[')) continue;
      if (name === 'Link' && !node.closest('Extension')) continue;
      try {
        node.textContent = new URL(text, documentUrl).href;
      } catch {
        // Not a URL after all: keep the text.
      }
    }
  }
}

/**
 * The fetch handler vast-client calls for every VAST document (the tag and each wrapper's).
 * vast-client's own throws from a timer on timeout (an uncaught error in the page) and accepts
 * XML that the browser only half parsed; this one reports both as errors, resolves the
 * document's relative URLs, and takes a pre-roll's text from the core when it already asked.
 */
export function createUrlHandler(
  prefetched: Map<string, Promise<string>> = new Map(),
  startedAt: Map<string, number> = new Map(),
) {
  /** A wrapper's tag URI by its first address: the second one (vast-tag-uri.ts). */
  const alternates = new Map<string, string>();
  const getOne = async (url: string, options: { timeout: number; withCredentials: boolean }) => {
    const documentUrl = new URL(url, document.baseURI).href;
    const controller = new AbortController();
    const early = prefetched.get(documentUrl);
    prefetched.delete(documentUrl);
    // A request the core started counts from its start.
    const since = early ? startedAt.get(documentUrl) : undefined;
    const wait =
      since === undefined ? options.timeout : options.timeout - (performance.now() - since);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => {
          controller.abort();
          reject(new Error(TIMED_OUT));
        },
        Math.max(0, wait),
      );
    });
    try {
      let status = 200;
      const load = early
        ? early
        : fetch(documentUrl, {
            signal: controller.signal,
            credentials: options.withCredentials ? 'include' : 'omit',
          }).then((response) => {
            status = response.status;
            if (!response.ok) throw Object.assign(new Error(`HTTP ${status}`), { status });
            return response.text();
          });
      const text = await Promise.race([load, timeout]);
      const xml = new DOMParser().parseFromString(text, 'text/xml');
      if (xml.getElementsByTagName('parsererror').length > 0) {
        return {
          error: new Error('The VAST is not well-formed XML'),
          statusCode: status,
          isVast: false,
        };
      }
      resolveVastUrls(xml, documentUrl, alternates);
      return {
        xml,
        details: { byteLength: text.length, statusCode: status, rawXml: text },
        isVast: isVastText(text),
      };
    } catch (error) {
      const timedOut = controller.signal.aborted;
      const httpStatus = (error as { status?: number }).status;
      return {
        error: new Error(timedOut ? TIMED_OUT : String(error)),
        statusCode: timedOut ? 408 : (httpStatus ?? null),
        isVast: false,
        timedOut,
      };
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    async get(url: string, options: { timeout: number; withCredentials: boolean }) {
      const started = performance.now();
      const { isVast, timedOut, ...first } = await getOne(url, options);
      const second = alternates.get(url);
      if (isVast || timedOut || !second) return first;
      // The wrapper's tag gave no VAST at its first address: its second, in what time is left.
      const left = options.timeout - (performance.now() - started);
      if (left <= 0) return first;
      const { isVast: isSecondVast, ...other } = await getOne(second, {
        ...options,
        timeout: left,
      });
      return isSecondVast ? other : first;
    },
  };
}

type TagResult =
  { kind: 'ok'; ads: VastAd[]; errors: string[] } | { kind: 'empty' } | { kind: 'timeout' };

async function requestTag(
  url: string,
  options: VastOptions,
  urlHandler: ReturnType<typeof createUrlHandler>,
): Promise<TagResult> {
  const client = new VASTClient();
  try {
    const response = (await client.get(url, {
      timeout: options.vastTimeout,
      // vast-client counts the wrappers received, the first included; a limit of N redirects
      // therefore needs N + 1 (three redirects follow three wrappers, a fourth is refused).
      wrapperLimit: options.maxAllowedVastTagRedirects + 1,
      urlHandler,
      resolveAll: true,
    })) as { ads: VastAd[]; errorURLTemplates: string[] };
    if (response.ads.length === 0) return { kind: 'empty' };
    return { kind: 'ok', ads: response.ads, errors: response.errorURLTemplates };
  } catch (error) {
    return String(error).includes(TIMED_OUT) ? { kind: 'timeout' } : { kind: 'empty' };
  }
}

/**
 * Loads the ads of a roll: its tag, then each fallback tag while the answer is 101 (no VAST or
 * no ad). VPAID ads are dropped with 103 unless allowed.
 */
export async function loadRoll(
  record: RollRecord,
  options: VastOptions,
  prefetched?: Map<string, Promise<string>>,
  prefetchedAt?: Map<string, number>,
): Promise<RollLoadResult> {
  const tags = [record.vastTag, ...record.fallbackVastTags].map((tag) => {
    try {
      return new URL(tag, document.baseURI).href;
    } catch {
      return tag;
    }
  });
  const urlHandler = createUrlHandler(prefetched, prefetchedAt);
  for (let i = 0; i < tags.length; i++) {
    const result = await requestTag(tags[i]!, options, urlHandler);
    if (result.kind === 'timeout') {
      logError(formatAdError(AdErrorCode.adTimeout));
      return { ads: [], isFallback: i > 0, errorCode: AdErrorCode.adTimeout };
    }
    if (result.kind === 'empty') {
      logError(formatAdError(AdErrorCode.noAd));
      continue;
    }
    const ads = result.ads
      .map((ad, index) => toParsedAd(ad, record.id, index, result.errors))
      .filter((ad) => keepVpaid(ad, options.allowVPAID));
    if (ads.length === 0) return { ads, isFallback: i > 0, errorCode: AdErrorCode.vpaidNotAllowed };
    return { ads, isFallback: i > 0, errorCode: null };
  }
  return { ads: [], isFallback: false, errorCode: AdErrorCode.noAd };
}

/** Without allowVPAID, VPAID media files go; an ad left with none is reported with 103. */
function keepVpaid(ad: ParsedAd, allowVPAID: boolean): boolean {
  if (allowVPAID || !ad.vpaid) return true;
  ad.mediaFileList = ad.mediaFileList.filter((m) => !/vpaid/i.test(m.apiFramework ?? ''));
  ad.vpaid = false;
  if (ad.adType === 'linear' && ad.mediaFileList.length > 0) return true;
  logError(formatAdError(AdErrorCode.vpaidNotAllowed));
  createAdLedger(ad).fire('error', ad.errorUrl, { ERRORCODE: AdErrorCode.vpaidNotAllowed });
  return false;
}
