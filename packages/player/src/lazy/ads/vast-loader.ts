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

const TIMED_OUT = 'VAST request timed out';

/** What loading a roll gave: its ads, or the catalogue code it failed with. */
export interface RollLoadResult {
  ads: ParsedAd[];
  /** The ads came from a fallback tag (single-ad rule of §5). */
  isFallback: boolean;
  errorCode: number | null;
}

/**
 * vast-client's own fetch handler throws from a timer on timeout (an uncaught error in the
 * page), and accepts XML that the browser only half parsed; this one reports both as errors.
 */
const urlHandler = {
  async get(url: string, options: { timeout: number; withCredentials: boolean }) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeout);
    try {
      const response = await fetch(url, {
        signal: controller.signal,
        credentials: options.withCredentials ? 'include' : 'omit',
      });
      if (!response.ok) {
        return { error: new Error(`HTTP ${response.status}`), statusCode: response.status };
      }
      const text = await response.text();
      const xml = new DOMParser().parseFromString(text, 'text/xml');
      if (xml.getElementsByTagName('parsererror').length > 0) {
        return { error: new Error('The VAST is not well-formed XML'), statusCode: response.status };
      }
      return {
        xml,
        details: { byteLength: text.length, statusCode: response.status, rawXml: text },
      };
    } catch (error) {
      const timedOut = controller.signal.aborted;
      return {
        error: new Error(timedOut ? TIMED_OUT : String(error)),
        statusCode: timedOut ? 408 : null,
      };
    } finally {
      clearTimeout(timer);
    }
  },
};

type TagResult =
  { kind: 'ok'; ads: VastAd[]; errors: string[] } | { kind: 'empty' } | { kind: 'timeout' };

async function requestTag(url: string, options: VastOptions): Promise<TagResult> {
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
export async function loadRoll(record: RollRecord, options: VastOptions): Promise<RollLoadResult> {
  const tags = [record.vastTag, ...record.fallbackVastTags];
  for (let i = 0; i < tags.length; i++) {
    const result = await requestTag(tags[i]!, options);
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
  if (ad.mediaFileList.length > 0) return true;
  logError(formatAdError(AdErrorCode.vpaidNotAllowed));
  createAdLedger(ad).fire('error', ad.errorUrl, { ERRORCODE: AdErrorCode.vpaidNotAllowed });
  return false;
}
