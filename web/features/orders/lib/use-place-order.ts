import { useCallback, useRef, useState } from 'react';
import type { PlacedOrder, PlaceOrderInput } from '../../../../common/schemas/order';
import { toast } from '../../../components/ui/toast';
import { usePlaceOrderMutation } from '../api/place-order';
import { ORDER_SEND_ERROR_TOAST } from '../texts';
import { placeOrderFailure } from './place-order-failure';

interface PlaceOrderCallbacks {
  /** 201: the order is placed (clear the cart, show the confirmation). */
  onPlaced: (placed: PlacedOrder) => void;
  /** 400 PRICE_CHANGED: the cart's prices need a refresh (after the message is closed). */
  onPriceChanged: () => void;
}

/** A fresh Idempotency-Key; crypto.randomUUID where the page is a secure context, else random bytes. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Places an order and keeps SPEC.md §8's message for the modal. One Idempotency-Key belongs to one
 * attempt: sending the same payload again (after no answer or a 500) reuses it, so the server gives the
 * first answer back instead of a second order; a changed cart, address, notes or mode is a new attempt.
 */
export function usePlaceOrder({ onPlaced, onPriceChanged }: PlaceOrderCallbacks) {
  const { mutateAsync, isPending } = usePlaceOrderMutation();
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const refreshOnClose = useRef(false);

  const place = useCallback(
    async (payload: PlaceOrderInput) => {
      const body = JSON.stringify(payload);
      if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
      try {
        const placed = await mutateAsync({ payload, idempotencyKey: attempt.current.key });
        attempt.current = null;
        onPlaced(placed);
      } catch (error) {
        const failure = placeOrderFailure(error);
        refreshOnClose.current = failure.priceChanged;
        setMessage(failure.message);
        toast.error(ORDER_SEND_ERROR_TOAST, { toastId: ORDER_SEND_ERROR_TOAST });
      }
    },
    [mutateAsync, onPlaced],
  );

  const closeMessage = useCallback(() => {
    setMessage(null);
    if (refreshOnClose.current) {
      refreshOnClose.current = false;
      onPriceChanged();
    }
  }, [onPriceChanged]);

  return { place, isPlacing: isPending, message, closeMessage };
}
