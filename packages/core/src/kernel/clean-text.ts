/**
 * Text as stored: Windows line ends become \n and other control characters go (PostgreSQL
 * cannot store NUL, and the rest only hide text); `singleLine` also folds line breaks and tabs
 * into spaces. Trimmed either way.
 */
export function cleanText(value: string, { singleLine = false } = {}): string {
  const text = value.replace(/\r\n?/g, '\n');
  const cleaned = singleLine
    ? text.replace(/[\t\n]+/g, ' ').replace(/\p{Cc}/gu, '')
    : text.replace(/[^\P{Cc}\t\n]/gu, '');
  return cleaned.trim();
}
