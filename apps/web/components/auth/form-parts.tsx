import type { InputHTMLAttributes, ReactNode } from 'react';

/**
 * A labelled input; the label is always visible, and the hint and a refusal of what was
 * typed are read with the field.
 */
export function Field({
  id,
  label,
  hint,
  error,
  ...input
}: {
  id: string;
  label: string;
  hint?: string;
  /** A refusal of this field, shown beside it. */
  error?: string | null;
} & InputHTMLAttributes<HTMLInputElement>) {
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean);
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-neutral-200">
        {label}
      </label>
      <input
        id={id}
        name={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described.length > 0 ? described.join(' ') : undefined}
        className={`w-full rounded-lg border bg-surface px-3 py-2.5 text-base text-white placeholder:text-neutral-500 focus:border-accent focus:outline-none ${
          error ? 'border-red-400' : 'border-white/15'
        }`}
        {...input}
      />
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-neutral-400">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A refusal of one field, under it; the field names it in its aria-describedby. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} data-testid="field-error" className="mt-1 text-sm text-red-300">
      {children}
    </p>
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
