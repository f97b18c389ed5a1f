import type { ParsedAd } from './parsed-ad.ts';

/** Limits of a roll's pod (ad-list entry). */
export interface PodLimits {
  maxTotalQuantity: number | null;
  maxTotalDuration: number | null;
  /** The ads came from a fallback VAST tag: only a single stand-alone ad is played. */
  isFallback: boolean;
}

/**
 * Chooses what a roll plays (docs/player/behaviour.md, "Ads"): the pod — only ads with a sequence,
 * ordered by it, cut at maxTotalQuantity and maxTotalDuration; otherwise one stand-alone ad within
 * the duration limit, when the pod is empty, the ads come from a fallback tag, or a non-final pod
 * ad is not linear.
 */
export function selectAds(ads: ParsedAd[], limits: PodLimits): ParsedAd[] {
  const maxQuantity = limits.maxTotalQuantity ?? Infinity;
  const maxDuration = limits.maxTotalDuration ?? Infinity;
  const pod: ParsedAd[] = [];
  let total = 0;
  const sequenced = ads
    .filter((ad) => ad.sequence !== null)
    .sort((a, b) => a.sequence! - b.sequence!);
  for (const ad of sequenced) {
    if (pod.length >= maxQuantity || total + ad.duration > maxDuration) break;
    pod.push(ad);
    total += ad.duration;
  }
  const isPodValid = pod.length > 0 && pod.slice(0, -1).every((ad) => ad.adType === 'linear');
  if (isPodValid && !limits.isFallback) return pod;
  const single = ads.find((ad) => ad.sequence === null && ad.duration <= maxDuration);
  return single ? [single] : [];
}
