// The first pre-roll's fast start, in the core: while the ads chunk (with vast-client) loads, the
// core reads the common case of VAST itself (one ad, inline or behind a chain of wrappers, a linear
// creative without VPAID), checks the ad's media file (docs/player/behaviour.md: a fetch that
// answers a video type the browser plays) and loads it in the ad video element. Once a play is
// asked for and the check passed, the ad starts at once; the chunk then adopts the element and the
// running ad (skip button, tracking, the rest of the pod). Any other VAST goes the chunk's way.

import { isVastText, wrapperTagCandidates } from '../vast-tag-uri.ts';

/** A media file of the ad, as the core reads it. */
export interface EarlyFile {
  src: string;
  type: string;
}

type VastStep = { next: string[] } | { files: EarlyFile[] } | null;

const ABSOLUTE = /^[a-z][a-z\d+.-]*:/i;

function resolve(text: string, base: string): string | null {
  if (!text || text.startsWith('[')) return null;
  if (ABSOLUTE.test(text)) return text;
  try {
    return new URL(text, base).href;
  } catch {
    return null;
  }
}

const childOf = (node: Element, name: string): Element | undefined =>
  [...node.children].find((c) => c.tagName === name);

/**
 * Reads one VAST document: the wrapper's next tag (its absolute addresses, in the order to try
 * them, see vast-tag-uri.ts), the media files of the inline
 * ad's linear creative (absolute URLs, in order), or null when the document is anything else
 * (several ads, no linear creative, VPAID, macros in URLs, malformed XML).
 */
export function readVastStep(
  text: string,
  documentUrl: string,
  pageUrl: string = document.baseURI,
): VastStep {
  const xml = new DOMParser().parseFromString(text, 'text/xml');
  const root = xml.documentElement;
  if (!root || root.tagName !== 'VAST' || xml.getElementsByTagName('parsererror').length) {
    return null;
  }
  const ads = [...root.children].filter((c) => c.tagName === 'Ad');
  if (ads.length !== 1) return null;
  const wrapper = childOf(ads[0]!, 'Wrapper');
  if (wrapper) {
    const tag = childOf(wrapper, 'VASTAdTagURI')?.textContent?.trim() ?? '';
    const next = wrapperTagCandidates(tag, documentUrl, pageUrl);
    return next.length ? { next } : null;
  }
  const inline = childOf(ads[0]!, 'InLine');
  const linear = inline?.getElementsByTagName('Linear')[0];
  if (!linear) return null;
  const files: EarlyFile[] = [];
  for (const node of Array.from(linear.getElementsByTagName('MediaFile'))) {
    if (/vpaid/i.test(node.getAttribute('apiFramework') ?? '')) return null;
    const raw = node.textContent?.trim() ?? '';
    if (!raw) continue;
    const src = resolve(raw, documentUrl);
    if (!src) return null;
    files.push({ src, type: node.getAttribute('type') ?? '' });
  }
  return files.length ? { files } : null;
}

/** The first of `urls` that answers a VAST document: its text and its URL. */
async function fetchFirstVast(
  urls: string[],
  fetchText: (url: string) => Promise<string>,
): Promise<[string, string]> {
  for (const [i, url] of urls.entries()) {
    try {
      const text = await fetchText(url);
      if (i === urls.length - 1 || isVastText(text)) return [text, url];
    } catch (error) {
      if (i === urls.length - 1) throw error;
    }
  }
  throw new Error('No VAST address');
}

/**
 * The media file check (docs/player/behaviour.md, "Ads"): the file answers a fetch with a video
 * content type that the browser can play. Shared with the ads chunk, which reuses the core's
 * answers.
 */
export async function checkMediaFile(
  src: string,
  video: HTMLVideoElement,
  timeoutMs: number,
): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(src, { method: 'HEAD', signal: controller.signal });
    const type = response.headers.get('content-type') ?? '';
    return (
      response.ok && type.startsWith('video/') && video.canPlayType(type.split(';')[0]!) !== ''
    );
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Whether a media file's declared type rules it out before any check. */
export const isPlayableType = (type: string, video: HTMLVideoElement): boolean =>
  !type || (type.startsWith('video/') && video.canPlayType(type) !== '');

/**
 * The ad video element, made by the core before the ads chunk arrives, in a layer of its own
 * over the content (the chunk's styles come with the chunk, so the few needed here are inline).
 */
export class EarlyAd {
  readonly root: HTMLDivElement;
  readonly video: HTMLVideoElement;
  /** Media file checks made by the core, by URL, for the chunk to reuse. */
  readonly checks = new Map<string, Promise<boolean>>();
  /** The file loading in the element, once the core chose one; null otherwise. */
  src: string | null = null;
  /** True once the core started the ad (the chunk adopts it running). */
  isStarted = false;
  /** Resolves once the ad the core started has shown its first frame (or could not start). */
  readonly shown: Promise<void>;
  #onShown: () => void = () => {};
  #isAccepted = false;
  #isWanted = false;
  #isDone = false;
  readonly #content: HTMLVideoElement;
  readonly #onStart: () => void;

  constructor(container: HTMLElement, content: HTMLVideoElement, onStart: () => void) {
    this.#content = content;
    this.#onStart = onStart;
    this.shown = new Promise((resolve) => (this.#onShown = resolve));
    this.root = document.createElement('div');
    this.root.hidden = true;
    this.root.style.cssText = 'position:absolute;inset:0;z-index:7;background:#000';
    this.video = document.createElement('video');
    this.video.className = 'cr-ad-video';
    this.video.playsInline = true;
    this.video.disableRemotePlayback = true;
    this.video.disablePictureInPicture = true;
    this.video.style.cssText = 'position:absolute;inset:0;width:100%;height:100%';
    this.root.append(this.video);
    container.append(this.root);
  }

  /**
   * Follows the pre-roll's VAST (and its wrappers, at most `maxRedirects`) to the ad's media
   * files, and loads the first one that passes the check. `fetchText` gives a document's text
   * (the core shares what it fetched with the chunk). Resolves true when an ad is ready to
   * start.
   */
  async prepare(
    tag: string,
    fetchText: (url: string) => Promise<string>,
    maxRedirects: number,
    timeoutMs: number,
  ): Promise<boolean> {
    let urls = [tag];
    let step: VastStep = null;
    for (let redirects = 0; ; redirects++) {
      // Once the chunk took the ads over, the core asks for no more documents.
      if (this.#isDone) return false;
      step = readVastStep(...(await fetchFirstVast(urls, fetchText)));
      if (!step || !('next' in step)) break;
      if (redirects >= maxRedirects || this.#isDone) return false;
      urls = step.next;
    }
    if (!step || this.#isDone) return false;
    // The first file the browser may play is the one the chunk would choose first too.
    const file = step.files.find((f) => isPlayableType(f.type, this.video));
    if (!file) return false;
    const check = this.checks.get(file.src) ?? checkMediaFile(file.src, this.video, timeoutMs);
    this.checks.set(file.src, check);
    // The file loads while its check runs; the ad starts only once the check passed. The chunk
    // may have chosen first (it reads the same documents): the core starts only the same file.
    if (!this.video.getAttribute('src')) {
      this.video.preload = 'auto';
      this.video.src = file.src;
    }
    if (this.video.src !== file.src) return false;
    this.src = file.src;
    this.#isAccepted = await check;
    if (this.#isDone) return false;
    if (this.#isAccepted) this.#maybeStart();
    return this.#isAccepted;
  }

  /** A play was asked for: the ad starts as soon as it is ready. */
  want(): void {
    this.#isWanted = true;
    this.#maybeStart();
  }

  /** The chunk took the ads over: the core does nothing more. */
  release(): void {
    this.#isDone = true;
  }

  /** Stops and hides the ad the core started (the ads chunk could not load). */
  abandon(): void {
    this.#isDone = true;
    this.#onShown();
    this.video.pause();
    this.video.removeAttribute('src');
    this.video.load();
    this.root.hidden = true;
    this.src = null;
  }

  #maybeStart(): void {
    if (!this.#isWanted || !this.#isAccepted || this.#isDone || this.isStarted) return;
    this.isStarted = true;
    this.video.muted = this.#content.muted;
    this.video.volume = this.#content.volume;
    this.root.hidden = false;
    this.#onStart();
    const video = this.video;
    if (typeof video.requestVideoFrameCallback === 'function') {
      video.requestVideoFrameCallback(this.#onShown);
    } else video.addEventListener('playing', this.#onShown, { once: true });
    // A refusal (autoplay policy) is met again, and reported, when the chunk plays the ad.
    void video.play()?.catch(this.#onShown);
  }
}
