import type { InputHTMLAttributes, ReactNode } from 'react';

/** A labelled input; the label is always visible, and the hint is read with the field. */
export function Field({
  id,
  label,
  hint,
  ...input
}: { id: string; label: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-neutral-200">
        {label}
      </label>
      <input
        id={id}
        name={id}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="w-full rounded-lg border border-white/15 bg-surface px-3 py-2.5 text-base text-white placeholder:text-neutral-500 focus:border-accent focus:outline-none"
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-neutral-400">
          {hint}
        </p>
      )}
    </div>
  );
}

/** An error (read out at once) or a confirmation. */
export function FormMessage({
  kind,
  children,
  testId,
}: {
  kind: 'error' | 'success';
  children: ReactNode;
  testId?: string;
}) {
  const error = kind === 'error';
  return (
    <div
      role={error ? 'alert' : 'status'}
      data-testid={testId ?? (error ? 'form-error' : 'form-success')}
      className={`mb-4 rounded-lg border px-3 py-2 text-sm ${
        error
          ? 'border-red-500/40 bg-red-500/10 text-red-200'
          : 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200'
      }`}
    >
      {children}
    </div>
  );
}

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy}
      className="w-full rounded-full bg-accent px-4 py-2.5 font-semibold text-black hover:bg-accent-strong disabled:cursor-wait disabled:opacity-70"
    >
      {children}
    </button>
  );
}
