/** The full-width promotional card shown to everyone who is not a supporter. */
export function PromoCard({ url, text, cta }: { url: string; text: string; cta: string }) {
  return (
    <aside
      aria-label="Advertisement"
      data-testid="promo-card"
      className="mx-3 mt-3 flex max-w-[1920px] flex-col items-start gap-3 rounded-lg border border-accent/30 bg-gradient-to-r from-accent/15 to-transparent px-4 py-3 sm:mx-4 sm:flex-row sm:items-center 2xl:mx-auto"
    >
      <p className="flex-1 text-sm text-neutral-200">
        <span className="mr-2 rounded bg-white/10 px-1.5 py-0.5 text-xs uppercase tracking-wide text-neutral-400">
          Ad
        </span>
        {text}
      </p>
      <a
        href={url}
        rel="nofollow sponsored noopener"
        target="_blank"
        className="ad-link rounded-full bg-accent px-4 py-2 text-sm font-semibold text-black hover:bg-accent-strong"
      >
        {cta}
      </a>
    </aside>
  );
}

/** The second promotion, for small screens only (below the 768 px mobile breakpoint). */
export function MobileBanner({ url, text }: { url: string; text: string }) {
  return (
    <aside
      aria-label="Advertisement"
      data-testid="mobile-banner"
      className="px-3 pt-3 tablet:hidden"
    >
      <a
        href={url}
        target="_blank"
        rel="nofollow sponsored noopener"
        className="ad-link block rounded-lg bg-surface-overlay px-4 py-3 text-center text-sm font-medium text-accent"
      >
        {text} ↗
      </a>
    </aside>
  );
}
