import type { ReactNode } from 'react';

/** The frame of the account pages: one centred card, full width on a phone. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto my-4 w-full max-w-md rounded-xl border border-white/10 bg-surface-raised p-4 shadow-lg tablet:my-10 tablet:p-8">
      <h1 className="text-2xl font-bold text-white">{title}</h1>
      {intro && <div className="mt-2 text-sm text-neutral-400">{intro}</div>}
      <div className="mt-6">{children}</div>
    </section>
  );
}
