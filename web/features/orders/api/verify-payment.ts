import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import type { Order } from '../../../../common/schemas/order';
import { type VerifyPayment, verifiedPaymentSchema } from '../../../../common/schemas/payment';
import { api } from '../../../lib/api-client';
import { orderKeys } from './keys';

/**
 * `POST /api/payments/verify`: hands the provider's signed result to the server, which checks it and
 * answers the order, now paid (400 for a signature it refuses, 409 when the order could no longer be
 * filled and the payment is being refunded).
 */
export async function verifyPayment(payment: VerifyPayment): Promise<Order> {
  return verifiedPaymentSchema.parse(await api.post<unknown>(API.payments.verify, payment)).order;
}

/** Verifies and puts the paid order into the cache, so the confirmation and My Orders show it at once. */
export function useVerifyPaymentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPayment,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.one(order._id), order);
    },
    // A refused or refunded payment changed the order too (or not): My Orders reads it again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.mine() }),
  });
}
