'use client';

import { callApi } from '@/lib/client/api';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Field, FormMessage } from '@/components/auth/form-parts';
import { useFormErrors } from '@/lib/client/use-form-errors';

const PRICE_FIELDS = {
  stripePriceId: { id: 'padmin-price-id', label: 'Stripe price id' },
  priceCents: { id: 'padmin-price-cents', label: 'Price shown (in cents)' },
  currency: { id: 'padmin-currency', label: 'Currency' },
};

/** The channel's price: the Stripe price Checkout charges, and the amount the pages show. */
export function ChannelPriceForm(props: {
  stripePriceId: string | null;
  priceCents: number;
  currency: string;
}) {
  const router = useRouter();
  const [stripePriceId, setPriceId] = useState(props.stripePriceId ?? '');
  const [priceCents, setCents] = useState(String(props.priceCents));
  const [currency, setCurrency] = useState(props.currency);
  const [saved, setSaved] = useState(false);
  const errors = useFormErrors(PRICE_FIELDS);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    errors.show(null);
    const answer = await callApi('/api/v2/partner', {
      mode: 'SetPrice',
      stripePriceId: stripePriceId.trim() || null,
      priceCents: Number(priceCents),
      currency,
    });
    if (answer.status === 0) {
      errors.show('Network error: nothing was saved. Please try again.');
      return;
    }
    if (!answer.ok) {
      errors.show(answer.message ?? `Not saved (${answer.status})`);
      return;
    }
    setSaved(true);
    router.refresh();
  }

  return (
    <form onSubmit={(event) => void save(event)} className="max-w-md" noValidate>
      {errors.formError && <FormMessage kind="error">{errors.formError}</FormMessage>}
      {saved && <FormMessage kind="success">Price saved.</FormMessage>}
      <Field
        {...PRICE_FIELDS.stripePriceId}
        hint="A recurring price made in Stripe's dashboard (price_…). Empty: not on sale."
        value={stripePriceId}
        onChange={(event) => setPriceId(event.target.value)}
        error={errors.fieldErrors.stripePriceId}
        maxLength={100}
      />
      <Field
        {...PRICE_FIELDS.priceCents}
        type="number"
        min={0}
        value={priceCents}
        onChange={(event) => setCents(event.target.value)}
        error={errors.fieldErrors.priceCents}
      />
      <Field
        {...PRICE_FIELDS.currency}
        value={currency}
        onChange={(event) => setCurrency(event.target.value)}
        error={errors.fieldErrors.currency}
        maxLength={3}
      />
      <button type="submit" className="rounded-full bg-accent px-5 py-2 font-semibold text-black">
        Save price
      </button>
    </form>
  );
}
