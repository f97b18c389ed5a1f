const PLACEHOLDER_ORIGIN = 'http://same-origin.invalid';

/**
 * A path of this site to go to after an action (sign-in's `next`), or '/' for anything that
 * could lead elsewhere: browsers read `/\evil.example` and `/<tab>/evil.example` as another
 * host, so control characters and whitespace are removed and backslashes read as slashes
 * before the path is resolved, and only a same-origin result is followed.
 */
export function safeRedirectPath(next: string | null | undefined): string {
  if (!next) return '/';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed here
  const cleaned = next.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').replace(/\\/g, '/');
  if (!cleaned.startsWith('/') || cleaned.startsWith('//')) return '/';
  let url: URL;
  try {
    url = new URL(cleaned, PLACEHOLDER_ORIGIN);
  } catch {
    return '/';
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('//') ? '/' : path;
}
