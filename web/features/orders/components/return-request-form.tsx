import { type FormEvent, useId, useState } from 'react';
import {
  MAX_RETURN_REASON,
  type Order,
  RETURN_MESSAGES,
  type RequestReturn,
} from '../../../../common/schemas/order';
import { RETURN_TEXTS as T } from '../texts';

interface ReturnRequestFormProps {
  order: Order;
  /** Sends the request; resolves true once the server accepted it. */
  onSubmit: (body: RequestReturn) => Promise<boolean>;
  submitting: boolean;
  onClose: () => void;
}

const lineKey = (item: Order['items'][number]) =>
  `${item.productId}|${item.selectedColor}|${item.selectedSize}`;

/**
 * Asks for a return: which refundable items (all of them to begin with) and why. Items that cannot
 * be returned are listed but cannot be chosen; the reason is required, as the server requires it.
 */
export function ReturnRequestForm({ order, onSubmit, submitting, onClose }: ReturnRequestFormProps) {
  const refundable = order.items.filter((item) => item.isRefundable);
  const [chosen, setChosen] = useState(() => new Set(refundable.map(lineKey)));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ items?: string; reason?: string }>({});
  const reasonId = useId();
  const reasonErrorId = `${reasonId}-error`;
  const reasonHintId = `${reasonId}-hint`;

  const toggle = (key: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const items = refundable.filter((item) => chosen.has(lineKey(item)));
    const found = {
      ...(items.length === 0 ? { items: RETURN_MESSAGES.chooseItems } : {}),
      ...(reason.trim() === '' ? { reason: RETURN_MESSAGES.reason } : {}),
    };
    setErrors(found);
    if (found.items || found.reason) return;
    const sent = await onSubmit({
      reason: reason.trim(),
      items: items.map(({ productId, selectedColor, selectedSize }) => ({
        productId,
        selectedColor,
        selectedSize,
      })),
    });
    if (sent) onClose();
  };

  return (
    <form
      aria-label={T.formTitle}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-4 rounded-xl bg-brand-50 p-4"
    >
      <h3 className="font-semibold text-stone-900">{T.formTitle}</h3>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-stone-800">{T.itemsLegend}</legend>
        <ul className="space-y-2">
          {order.items.map((item) => {
            const key = lineKey(item);
            return (
              <li key={key}>
                <label className="flex min-h-11 items-center gap-3 text-sm">
                  <input
                    type="checkbox"
                    className="size-5 accent-brand-700"
                    checked={item.isRefundable && chosen.has(key)}
                    disabled={!item.isRefundable}
                    onChange={() => toggle(key)}
                  />
                  <span className={item.isRefundable ? 'text-stone-900' : 'text-stone-500'}>
                    {item.name} · {item.selectedColor} · {item.selectedSize}
                    {!item.isRefundable && <span className="ml-1">({T.notReturnable})</span>}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
        {errors.items && <p className="mt-1 text-sm font-medium text-red-700">{errors.items}</p>}
      </fieldset>
      <div>
        <label htmlFor={reasonId} className="mb-1 block text-sm font-medium text-stone-800">
          {T.reasonLabel}
        </label>
        <textarea
          id={reasonId}
          value={reason}
          maxLength={MAX_RETURN_REASON}
          rows={3}
          required
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${reasonHintId} ${reasonErrorId}` : reasonHintId}
          onChange={(event) => setReason(event.target.value)}
          className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 focus:border-brand-500 focus:outline-2 focus:outline-brand-200 aria-[invalid=true]:border-red-600"
        />
        <p id={reasonHintId} className="mt-1 text-sm text-stone-600">
          {T.reasonHint}
        </p>
        {errors.reason && (
          <p id={reasonErrorId} className="mt-1 text-sm font-medium text-red-700">
            {errors.reason}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={submitting}>
          {submitting ? T.submitting : T.submit}
        </button>
        <button type="button" className="btn-secondary" onClick={onClose}>
          {T.close}
        </button>
      </div>
    </form>
  );
}
