'use client';

import { useCallback, useState } from 'react';
import { placeError } from '../field-error';

/**
 * A form's refusals: the one that names a field shows beside it (and the field takes the
 * focus), the others above the form. `fields` are the form's fields by the name the API
 * uses: their input's id and visible label.
 */
export function useFormErrors(
  fields: Record<string, { id: string; label: string }>,
  /** A refusal the page was loaded with (a form posted without JavaScript). */
  initial?: string,
) {
  const labels = Object.fromEntries(
    Object.entries(fields).map(([name, { label }]) => [name, label]),
  );
  const [formError, setFormError] = useState<string | null>(() => {
    const placed = initial ? placeError(initial, labels) : null;
    return placed && !placed.field ? placed.text : null;
  });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>(() => {
    const placed = initial ? placeError(initial, labels) : null;
    return placed?.field ? { [placed.field]: placed.text } : {};
  });
  const labelKey = JSON.stringify(labels);

  const show = useCallback(
    (message: string | null | undefined) => {
      if (!message) {
        setFormError(null);
        setFieldErrors({});
        return;
      }
      const placed = placeError(message, JSON.parse(labelKey) as Record<string, string>);
      if (placed.field) {
        setFormError(null);
        setFieldErrors({ [placed.field]: placed.text });
        const id = fields[placed.field]?.id;
        if (id) document.getElementById(id)?.focus();
      } else {
        setFieldErrors({});
        setFormError(placed.text);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the fields' labels are the key
    [labelKey],
  );
  /** Whether a refusal belongs beside one of the form's fields. */
  const placed = useCallback(
    (message: string) =>
      placeError(message, JSON.parse(labelKey) as Record<string, string>).field !== null,
    [labelKey],
  );
  return { formError, fieldErrors, show, placed };
}
