import type { ReactNode } from 'react';

/** A page of prose: FAQ, contact and the legal texts. */
export function TextPage({
  title,
  updated,
  children,
}: {
  title: string;
  updated?: string;
  children: ReactNode;
}) {
  return (
    <article className="prose-page mx-auto max-w-3xl pb-8">
      <h1 className="text-3xl font-bold text-white">{title}</h1>
      {updated && <p className="mt-1 text-sm text-neutral-500">Last updated {updated}</p>}
      <div className="mt-6">{children}</div>
    </article>
  );
}
