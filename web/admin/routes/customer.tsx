import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { API } from '../../../common/api-paths';
import { formatInr } from '../../../common/money';
import type { AdminCustomerDetail } from '../../../common/schemas/admin-customers';
import { toast } from '../../components/ui/toast';
import { api, HttpError } from '../../lib/api-client';
import { type Confirmation, ConfirmDialog } from '../components/confirm-dialog';
import { ListState } from '../components/list-state';
import { StatusBadge } from '../components/status-badge';
import { formatDate } from '../lib/format';
import { useCan } from '../lib/staff';

const TEXTS = {
  back: '← Customers',
  joined: (at: string) => `Customer since ${at}`,
  blocked: 'Blocked',
  closed: 'Closed',
  lifetime: 'Lifetime value',
  orderCount: 'Orders',
  addresses: 'Addresses',
  noAddresses: 'No saved addresses.',
  orders: 'Orders',
  noOrders: 'No orders yet.',
  reviews: 'Reviews',
  noReviews: 'No reviews yet.',
  stars: (n: number) => `${n} of 5 stars`,
  block: 'Block customer',
  unblock: 'Unblock customer',
  blockConfirm: (name: string) => ({
    title: `Block ${name}?`,
    body: `${name} is signed out at once everywhere and cannot sign in until unblocked.`,
    action: 'Block',
  }),
  blockedDone: 'Customer blocked.',
  unblockedDone: 'Customer unblocked.',
  notFound: 'Customer not found.',
} as const;

/** One customer: who they are, where they live, what they bought and wrote, and the block switch. */
export default function CustomerPage() {
  const { id = '' } = useParams();
  const canBlock = useCan('orders:money');
  const queryClient = useQueryClient();
  const queryKey = ['admin', 'customer', id];
  const customer = useQuery({
    queryKey,
    queryFn: () => api.get<AdminCustomerDetail>(API.admin.customer(id)),
  });
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const setBlocked = useMutation({
    mutationFn: (blocked: boolean) =>
      api.post(blocked ? API.admin.customerBlock(id) : API.admin.customerUnblock(id)),
    onSuccess: (_answer, blocked) => {
      toast.success(blocked ? TEXTS.blockedDone : TEXTS.unblockedDone);
      queryClient.invalidateQueries({ queryKey });
      queryClient.invalidateQueries({ queryKey: ['admin', 'customers'] });
    },
    onError: (error) => toast.error(error instanceof HttpError ? error.message : String(error)),
  });
  return (
    <div className="space-y-4">
      <Link to="/customers" className="text-link text-sm">
        {TEXTS.back}
      </Link>
      <ListState query={customer} isEmpty={() => false} empty={TEXTS.notFound}>
        {(data) => (
          <>
            <header className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h1 className="break-words font-display text-2xl text-brand-800">
                  {data.customer.name}
                  {data.customer.blocked && (
                    <span className="ml-2 rounded-full bg-red-100 px-2.5 py-0.5 align-middle text-xs font-medium text-red-900">
                      {TEXTS.blocked}
                    </span>
                  )}
                  {data.customer.closed && (
                    <span className="ml-2 rounded-full bg-stone-200 px-2.5 py-0.5 align-middle text-xs font-medium">
                      {TEXTS.closed}
                    </span>
                  )}
                </h1>
                <p className="break-all text-sm text-stone-600">{data.customer.email}</p>
                {data.customer.phone && <p className="text-sm text-stone-600">{data.customer.phone}</p>}
                <p className="text-sm text-stone-600">{TEXTS.joined(formatDate(data.customer.createdAt))}</p>
              </div>
              {canBlock &&
                (data.customer.blocked ? (
                  <button
                    type="button"
                    className="btn-secondary"
                    disabled={setBlocked.isPending}
                    onClick={() => setBlocked.mutate(false)}
                  >
                    {TEXTS.unblock}
                  </button>
                ) : (
                  <button
                    type="button"
                    className="btn-secondary"
                    disabled={setBlocked.isPending}
                    onClick={() =>
                      setConfirmation({
                        ...TEXTS.blockConfirm(data.customer.name),
                        run: () => setBlocked.mutate(true),
                      })
                    }
                  >
                    {TEXTS.block}
                  </button>
                ))}
            </header>
            <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
              <div className="surface-card p-3">
                <dt className="text-sm text-stone-600">{TEXTS.lifetime}</dt>
                <dd className="text-xl font-semibold">{formatInr(data.lifetimeValue)}</dd>
              </div>
              <div className="surface-card p-3">
                <dt className="text-sm text-stone-600">{TEXTS.orderCount}</dt>
                <dd className="text-xl font-semibold">{data.orders.length}</dd>
              </div>
            </dl>
            <section className="surface-card p-4">
              <h2 className="font-semibold">{TEXTS.orders}</h2>
              {data.orders.length === 0 ? (
                <p className="mt-2 text-sm text-stone-600">{TEXTS.noOrders}</p>
              ) : (
                <ul className="mt-2 divide-y divide-stone-100 text-sm">
                  {data.orders.map((order) => (
                    <li key={order._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                      <Link to={`/orders/${order._id}`} className="text-link font-medium">
                        {order.orderNumber}
                      </Link>
                      <span>{formatDate(order.orderTimestamp)}</span>
                      <span>{formatInr(order.totalPrice)}</span>
                      <StatusBadge status={order.deliveryStatus} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className="surface-card p-4">
              <h2 className="font-semibold">{TEXTS.addresses}</h2>
              {data.addresses.length === 0 ? (
                <p className="mt-2 text-sm text-stone-600">{TEXTS.noAddresses}</p>
              ) : (
                <ul className="mt-2 space-y-2 text-sm">
                  {data.addresses.map((address) => (
                    <li key={address._id} className="break-words">
                      {address.name}, {address.addressLine1}, {address.district}, {address.state}{' '}
                      {address.pincode} · {address.phone}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className="surface-card p-4">
              <h2 className="font-semibold">{TEXTS.reviews}</h2>
              {data.reviews.length === 0 ? (
                <p className="mt-2 text-sm text-stone-600">{TEXTS.noReviews}</p>
              ) : (
                <ul className="mt-2 space-y-1 text-sm">
                  {data.reviews.map((review) => (
                    <li key={review._id} className="break-words">
                      <span aria-hidden="true">{'★'.repeat(review.rating)}</span>
                      <span className="sr-only">{TEXTS.stars(review.rating)}:</span> {review.title} ·{' '}
                      {review.status} · {formatDate(review.createdAt)}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
          </>
        )}
      </ListState>
    </div>
  );
}
