/** Creates an element with a class and optional attributes. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  attrs: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
}

/** A real button with an accessible name and an icon. */
export function iconButton(className: string, label: string, icon: string): HTMLButtonElement {
  const button = el('button', `cr-btn ${className}`, { type: 'button', 'aria-label': label });
  button.title = label;
  setIcon(button, icon);
  return button;
}

// The updates below leave the DOM alone when nothing changes: a control bar updated on every
// media event would otherwise be styled, laid out and painted again while the video starts.

export function setLabel(button: HTMLElement, label: string): void {
  if (button.getAttribute('aria-label') === label && button.title === label) return;
  button.setAttribute('aria-label', label);
  button.title = label;
}

const shownIcons = new WeakMap<Element, string>();

/** Replaces a button's icon (SVG markup), unless it already shows that one. */
export function setIcon(button: Element, icon: string): void {
  if (shownIcons.get(button) === icon) return;
  shownIcons.set(button, icon);
  button.innerHTML = icon;
}

/** Sets an element's text, unless it already has it. */
export function setText(node: Node, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}

/** Formats seconds as m:ss or h:mm:ss. */
export function formatTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) seconds = 0;
  const s = Math.floor(seconds % 60);
  const m = Math.floor((seconds / 60) % 60);
  const h = Math.floor(seconds / 3600);
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Calls `fn` at most once per `ms`, the last call of a burst included. */
export function throttle(fn: () => void, ms: number): () => void {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    const now = Date.now();
    const wait = ms - (now - last);
    if (wait <= 0) {
      last = now;
      fn();
    } else if (timer === undefined) {
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        fn();
      }, wait);
    }
  };
}

/** GET with a timeout; rejects on HTTP errors. */
export async function fetchWithTimeout(url: string, timeoutMs: number): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, { signal: controller.signal });
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
    return response;
  } finally {
    clearTimeout(timer);
  }
}
