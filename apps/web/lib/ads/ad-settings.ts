/**
 * What the pages' client code needs of the site's advertising configuration (docs/ads.md),
 * built on the server from the environment. Zod-free and tiny: the shell imports it.
 */
export interface PopunderSettings {
  /** The link's address on the ad host, without query (host + path). */
  linkUrl: string;
  zone: string;
  subIds: string[];
  /** The visitor check's address; none: no check, pop-unders allowed. */
  visitorCheckUrl: string | null;
  maxOpens: number;
  periodMs: number;
  armMs: number;
  redirectMs: number;
}

export interface AdSettings {
  /** The site's own pop-under; null when no host and zone are configured. */
  popunder: PopunderSettings | null;
  /** A third-party pop-under script loaded instead (ADS_POPUNDER_SCRIPT_URL). */
  popunderScriptUrl: string | null;
  analyticsScriptUrl: string | null;
  webFontStylesheetUrl: string | null;
  /** Analytics and the web font stay off supporters' pages. */
  outsideTagsSkipSupporters: boolean;
}

/** The video ads of the site's own videos, for non-supporters (docs/ads.md). */
export interface VideoAdSettings {
  prerollTag: string | null;
  midrollTag: string | null;
  midrollTime: string;
}

/** Whether anything of the advertising needs client code at all. */
export function hasAnyAd(settings: AdSettings): boolean {
  return Boolean(
    settings.popunder ||
    settings.popunderScriptUrl ||
    settings.analyticsScriptUrl ||
    settings.webFontStylesheetUrl,
  );
}
