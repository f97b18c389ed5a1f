'use client';

import { useState } from 'react';

/** The iframe code for the video, with a copy button. */
export function EmbedCode({ embedUrl, title }: { embedUrl: string; title: string }) {
  const [copied, setCopied] = useState(false);
  const code = `<iframe src="${embedUrl}" width="640" height="360" title="${title.replace(/"/g, '&quot;')}" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`;
  return (
    <details className="rounded-lg bg-surface-raised p-3">
      <summary className="cursor-pointer text-sm font-semibold">Embed</summary>
      <label htmlFor="embed-code" className="sr-only">
        Embed code
      </label>
      <textarea
        id="embed-code"
        readOnly
        rows={3}
        value={code}
        onFocus={(event) => event.target.select()}
        className="mt-2 w-full rounded bg-black/40 p-2 font-mono text-xs text-neutral-200"
      />
      <button
        type="button"
        onClick={() => {
          void navigator.clipboard?.writeText(code).then(() => {
            setCopied(true);
            setTimeout(() => setCopied(false), 2000);
          });
        }}
        className="mt-2 rounded-full border border-white/20 px-3 py-1 text-sm hover:bg-white/10"
      >
        {copied ? 'Copied' : 'Copy code'}
      </button>
    </details>
  );
}
