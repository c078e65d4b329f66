import { useState, type FormEvent } from 'react';
import { DONATION_MAX, DONATION_MIN, parseDonationAmount } from '@hamlog/domain/payments/donations';
import { PAYMENTS_NOT_CONFIGURED } from '@hamlog/domain/messages';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useDonate, usePaymentsConfig } from '../api/payments';

/** A one-off donation in pounds, paid on Stripe's page; signed-in donors may join the supporters list. */
export function DonationForm() {
  const signedIn = useSession() !== null;
  const config = usePaymentsConfig();
  const donate = useDonate();
  const [amount, setAmount] = useState('10');
  const [listed, setListed] = useState(true);
  const [error, setError] = useState<string | undefined>();

  if (config.data && !config.data.enabled) return <Notice tone="info">{PAYMENTS_NOT_CONFIGURED}</Notice>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = parseDonationAmount(amount);
    if (!checked.ok) return setError(checked.errors.amount?.[0]);
    setError(undefined);
    donate.mutate({ amount: amount.trim(), listed: signedIn && listed });
  };
  const serverError = donate.isError ? (isApiError(donate.error) ? (donate.error.fieldError('amount') ?? donate.error.message) : String(donate.error)) : undefined;

  return (
    <form className="donation-form" onSubmit={submit} noValidate>
      <Field
        label="Amount (GBP)"
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={error ?? serverError}
        hint={`From ${DONATION_MIN} to ${DONATION_MAX} pounds.`}
      />
      {signedIn ? <CheckboxField label="Show my callsign and name on the supporters list" checked={listed} onChange={(e) => setListed(e.target.checked)} /> : null}
      <p className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={donate.isPending || !config.data}>
          Donate
        </button>
      </p>
    </form>
  );
}
