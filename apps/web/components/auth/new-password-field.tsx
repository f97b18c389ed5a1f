'use client';

import type { ChangeEvent } from 'react';
import {
  meetsRule,
  passwordRules,
  type PasswordPolicy,
} from '@cutroom/core/features/accounts/auth/password-policy';
import { Field } from './form-parts';

/**
 * A field for a new password with the server's policy listed under it, each rule ticked as it
 * is met: registration, the change in settings and the reset all show the same rules.
 */
export function NewPasswordField({
  id,
  label,
  policy,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  policy: PasswordPolicy;
  value: string;
  error?: string | null;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const rulesId = `${id}-rules`;
  return (
    <>
      <Field
        id={id}
        error={error}
        label={label}
        type="password"
        autoComplete="new-password"
        required
        value={value}
        onChange={onChange}
        aria-describedby={[error ? `${id}-error` : null, rulesId].filter(Boolean).join(' ')}
      />
      <ul id={rulesId} data-testid="password-rules" className="-mt-3 mb-4 space-y-0.5 text-xs">
        {passwordRules(policy).map(({ rule, text }) => {
          const met = value.length > 0 && meetsRule(policy, rule, value);
          return (
            <li key={rule} data-met={met} className={met ? 'text-emerald-300' : 'text-neutral-400'}>
              <span aria-hidden="true">{met ? '✓ ' : '• '}</span>
              {text}
              <span className="sr-only">{met ? ' (done)' : ''}</span>
            </li>
          );
        })}
      </ul>
    </>
  );
}
