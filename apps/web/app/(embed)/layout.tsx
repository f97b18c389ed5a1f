import type { ReactNode } from 'react';

/** The player alone, in other sites' frames: no shell, no promotions; anyone may view it. */
export default function EmbedLayout({ children }: { children: ReactNode }) {
  return <main className="fixed inset-0 overflow-hidden bg-black">{children}</main>;
}
