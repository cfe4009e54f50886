import { type FormEvent, useId, useState } from 'react';
import { PINCODE_PATTERN } from '../../../../common/schemas/address';
import { TextField } from '../../../components/ui/form-fields';
import { useServiceability } from '../api/check-serviceability';
import { SHIPPING_TEXTS } from '../texts';
import { ServiceabilityAnswer } from './serviceability-answer';

/**
 * The product page's delivery check: a pincode and "Check" answer the delivery date, whether cash on
 * delivery is available there, or that the courier does not deliver there. A malformed pincode is
 * caught here with the server's own message, without asking the server.
 */
export function PincodeCheck() {
  const headingId = useId();
  const errorId = useId();
  const [value, setValue] = useState('');
  const [pincode, setPincode] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const query = useServiceability(pincode);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const wanted = value.trim();
    if (!PINCODE_PATTERN.test(wanted)) {
      setInvalid(true);
      setPincode(null);
      return;
    }
    setInvalid(false);
    // The same pincode again after a failure asks again; a good answer is kept (staleTime).
    if (wanted === pincode && query.isError) void query.refetch();
    setPincode(wanted);
  };

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-brand-100 bg-white p-4">
      <h2 id={headingId} className="font-display text-lg font-semibold text-stone-900">
        {SHIPPING_TEXTS.heading}
      </h2>
      <form onSubmit={submit} noValidate className="mt-2 flex max-w-md items-end gap-2">
        <div className="min-w-0 flex-1">
          <TextField
            label={SHIPPING_TEXTS.pincodeLabel}
            name="pincode"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setInvalid(false);
            }}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            placeholder={SHIPPING_TEXTS.pincodePlaceholder}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId : undefined}
          />
        </div>
        <button type="submit" className="btn-secondary min-h-11 shrink-0" disabled={query.isFetching}>
          {query.isFetching ? SHIPPING_TEXTS.checking : SHIPPING_TEXTS.check}
        </button>
      </form>
      <div role="status" className="mt-3 min-h-6">
        {invalid && (
          <p id={errorId} className="text-sm font-medium text-red-700">
            {SHIPPING_TEXTS.invalidPincode}
          </p>
        )}
        {!invalid && pincode && (
          <ServiceabilityAnswer
            pincode={pincode}
            query={query}
            loading={SHIPPING_TEXTS.checking}
            codNote={(answer) => ({
              text: answer.codAvailable ? SHIPPING_TEXTS.codAvailable : SHIPPING_TEXTS.codUnavailable,
              warn: false,
            })}
          />
        )}
      </div>
    </section>
  );
}
