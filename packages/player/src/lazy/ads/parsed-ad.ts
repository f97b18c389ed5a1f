// The shape of an ad as the player uses it (docs/player/behaviour.md, "Ads"), built from
// vast-client's parse result. vast-client types its objects loosely, so the fields read here are
// typed here.

/** One media file of a linear creative. */
export interface AdMediaFile {
  src: string;
  type: string;
  delivery: string;
  apiFramework: string | null;
  width: number;
  height: number;
}

/** Call-to-action from the TitleCTA extension. */
export interface TitleCta {
  text: string;
  mobileText: string | null;
  link: string;
  tracking: string[];
}

/** An ad ready to schedule and play. */
export interface ParsedAd {
  /** `${rollId}_AD${index}`. */
  id: string;
  rollListId: string;
  adType: 'linear' | 'nonLinear' | 'unknown';
  /** Seconds before the skip link appears; null when the ad cannot be skipped. */
  skipoffset: number | null;
  clickthroughUrl: string | null;
  /** Seconds, from the VAST. */
  duration: number;
  mediaFileList: AdMediaFile[];
  adParameters: string;
  landingPage: string | null;
  vpaid: boolean;
  dimension: { width: number; height: number };
  staticResource: string | null;
  creativeType: string | null;
  /** Pod position; null for a stand-alone ad. */
  sequence: number | null;
  /** Seconds a non-linear ad asks to be shown; 0 when not given. */
  minSuggestedDuration: number;
  played: boolean;
  impression: string[];
  viewImpression: string[];
  clicktracking: string[];
  /** Every Error URL of the ad: its own, its wrappers' and the VAST documents'. */
  errorUrl: string[];
  /** Tracking URL templates by event name ('start', 'progress-5', 'progress-50%', ...). */
  tracking: Record<string, string[]>;
  titleCTA: TitleCta | null;
  /** vast-client's ad and creative, for its macro-resolving tracker. */
  source: { ad: VastAd; creative: VastCreative | null };
}

/** The fields of vast-client's objects that the player reads. */
export interface VastMediaFile {
  fileURL: string | null;
  mimeType: string | null;
  deliveryType: string;
  apiFramework: string | null;
  width: number;
  height: number;
}
export interface VastNonLinear {
  width: number;
  height: number;
  minSuggestedDuration: number;
  type: string | null;
  staticResource: string | null;
  nonlinearClickThroughURLTemplate: string | null;
  nonlinearClickTrackingURLTemplates: { url: string }[];
  adParameters: { value: string } | string | null;
  apiFramework?: string | null;
}
export interface VastCreative {
  type: 'linear' | 'nonlinear' | 'companion' | string;
  duration?: number;
  skipDelay?: number | null;
  mediaFiles?: VastMediaFile[];
  videoClickThroughURLTemplate?: { url: string } | string | null;
  videoClickTrackingURLTemplates?: { url: string }[];
  adParameters?: { value: string } | string | null;
  icons?: { iconClickThroughURLTemplate?: string | null }[];
  trackingEvents: Record<string, string[]>;
  variations?: VastNonLinear[];
}
export interface VastExtension {
  name: string | null;
  value: string | null;
  attributes: Record<string, string>;
  children: VastExtension[];
}
export interface VastAd {
  sequence: number | string | null;
  errorURLTemplates: string[];
  impressionURLTemplates: { url: string }[];
  viewableImpression: { viewable: string[] }[];
  creatives: VastCreative[];
  extensions: VastExtension[];
}

const urlOf = (t: { url: string } | string | null | undefined): string | null =>
  t == null ? null : typeof t === 'string' ? t : t.url;
const urls = (list: ({ url: string } | string)[] | undefined): string[] =>
  (list ?? []).map(urlOf).filter((u): u is string => !!u);
const paramText = (p: { value: string } | string | null | undefined): string =>
  p == null ? '' : typeof p === 'string' ? p : (p.value ?? '');

function findChild(ext: VastExtension, name: string): VastExtension | undefined {
  for (const child of ext.children) {
    if (child.name === name) return child;
    const deeper = findChild(child, name);
    if (deeper) return deeper;
  }
  return undefined;
}

/** Reads `<Extension type="TitleCTA">` (PCText, MobileText, Link, Tracking). */
export function readTitleCta(extensions: VastExtension[]): TitleCta | null {
  const ext = extensions.find((e) => e.attributes.type === 'TitleCTA');
  if (!ext) return null;
  const text = (name: string): string | null => findChild(ext, name)?.value?.trim() || null;
  const link = text('Link');
  const label = text('PCText') ?? text('DisplayUrl');
  if (!link || !label) return null;
  const tracking = text('Tracking');
  return {
    text: label,
    mobileText: text('MobileText'),
    link,
    tracking: tracking ? [tracking] : [],
  };
}

/**
 * Maps one vast-client ad to a parsed ad. `responseErrors` are the VAST documents' own Error
 * URLs (outside any Ad), which belong to every ad of the response.
 */
export function toParsedAd(
  ad: VastAd,
  rollId: string,
  index: number,
  responseErrors: string[],
): ParsedAd {
  const linear = ad.creatives.find((c) => c.type === 'linear') ?? null;
  const nonLinearCreative = linear
    ? null
    : (ad.creatives.find((c) => c.type === 'nonlinear' && (c.variations?.length ?? 0) > 0) ?? null);
  const nonLinear = nonLinearCreative?.variations?.[0] ?? null;
  const creative = linear ?? nonLinearCreative;
  const mediaFileList: AdMediaFile[] = (linear?.mediaFiles ?? [])
    .filter((m) => !!m.fileURL)
    .map((m) => ({
      src: m.fileURL!,
      type: m.mimeType ?? '',
      delivery: m.deliveryType,
      apiFramework: m.apiFramework,
      width: m.width,
      height: m.height,
    }));
  const sequence = ad.sequence == null || ad.sequence === '' ? null : Number(ad.sequence);
  const tracking: Record<string, string[]> = {};
  for (const [event, list] of Object.entries(creative?.trackingEvents ?? {})) {
    tracking[event] = [...list];
  }
  return {
    id: `${rollId}_AD${index}`,
    rollListId: rollId,
    adType: linear ? 'linear' : nonLinear ? 'nonLinear' : 'unknown',
    skipoffset:
      linear && typeof linear.skipDelay === 'number' && linear.skipDelay >= 0
        ? linear.skipDelay
        : null,
    clickthroughUrl: linear
      ? urlOf(linear.videoClickThroughURLTemplate)
      : (nonLinear?.nonlinearClickThroughURLTemplate ?? null),
    duration: linear?.duration && linear.duration > 0 ? linear.duration : 0,
    mediaFileList,
    adParameters: paramText(linear ? linear.adParameters : nonLinear?.adParameters),
    landingPage:
      linear?.icons?.find((i) => i.iconClickThroughURLTemplate)?.iconClickThroughURLTemplate ??
      null,
    vpaid:
      mediaFileList.some((m) => /vpaid/i.test(m.apiFramework ?? '')) ||
      /vpaid/i.test(nonLinear?.apiFramework ?? ''),
    dimension: {
      width: nonLinear?.width ?? mediaFileList[0]?.width ?? 0,
      height: nonLinear?.height ?? mediaFileList[0]?.height ?? 0,
    },
    staticResource: nonLinear?.staticResource?.trim() || null,
    creativeType: nonLinear?.type ?? null,
    sequence: sequence !== null && Number.isFinite(sequence) ? sequence : null,
    minSuggestedDuration: nonLinear?.minSuggestedDuration ?? 0,
    played: false,
    impression: urls(ad.impressionURLTemplates),
    viewImpression: ad.viewableImpression.flatMap((v) => v.viewable ?? []),
    clicktracking: linear
      ? urls(linear.videoClickTrackingURLTemplates)
      : urls(nonLinear?.nonlinearClickTrackingURLTemplates),
    errorUrl: [...new Set([...ad.errorURLTemplates, ...responseErrors])],
    tracking,
    titleCTA: readTitleCta(ad.extensions),
    source: { ad, creative },
  };
}
