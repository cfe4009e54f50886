import type { UseQueryResult } from '@tanstack/react-query';
import type { ApiError } from '../../../../common/schemas/errors';
import type { Serviceability } from '../../../../common/schemas/shipping';
import { HttpError } from '../../../lib/api-client';
import { deliveryDate } from '../lib/delivery-date';
import { SHIPPING_TEXTS } from '../texts';

/**
 * What to tell the shopper when the check failed: the server's own words for a refusal (a field
 * message, too many checks, the courier being unreachable), else a plain "try again".
 */
export function checkFailure(error: unknown): string {
  if (error instanceof HttpError && (error.status < 500 || error.status === 503)) {
    const body = error.data as Partial<ApiError> | null;
    return body?.errors?.[0]?.msg ?? HttpError.messageOf(body) ?? SHIPPING_TEXTS.checkFailed;
  }
  return SHIPPING_TEXTS.checkFailed;
}

interface ServiceabilityAnswerProps {
  pincode: string;
  query: UseQueryResult<Serviceability>;
  /** Shown while the answer loads. */
  loading: string;
  /** Text for cash on delivery: the product page states it either way; checkout warns only. */
  codNote: (answer: Serviceability) => { text: string; warn: boolean } | null;
}

/** The courier's answer for one pincode: the delivery date and COD, or why not. */
export function ServiceabilityAnswer({ pincode, query, loading, codNote }: ServiceabilityAnswerProps) {
  if (query.isPending) return <p className="text-sm text-stone-700">{loading}</p>;
  if (query.isError) return <p className="text-sm font-medium text-red-700">{checkFailure(query.error)}</p>;
  const answer = query.data;
  if (!answer.serviceable || answer.etaDays === null) {
    return <p className="text-sm font-medium text-red-700">{SHIPPING_TEXTS.notServiceable(pincode)}</p>;
  }
  const cod = codNote(answer);
  return (
    <div className="space-y-1 text-sm">
      <p className="font-semibold text-emerald-900">
        {SHIPPING_TEXTS.deliveryBy(deliveryDate(answer.etaDays))}
      </p>
      {cod && <p className={cod.warn ? 'font-medium text-red-700' : 'text-stone-700'}>{cod.text}</p>}
    </div>
  );
}
