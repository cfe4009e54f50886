import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { API } from '../../../common/api-paths';
import { formatInr } from '../../../common/money';
import {
  type AdminOrder,
  STAFF_CANCELLABLE,
  STAFF_STEP_FROM,
  STAFF_STEPS,
  type StaffStep,
} from '../../../common/schemas/admin-orders';
import { toast } from '../../components/ui/toast';
import { api, HttpError } from '../../lib/api-client';
import { type Confirmation, ConfirmDialog } from '../components/confirm-dialog';
import { ListState } from '../components/list-state';
import { StatusBadge } from '../components/status-badge';
import { formatDateTime } from '../lib/format';
import { useCan } from '../lib/staff';

export const ORDER_TEXTS = {
  back: '← Orders',
  placed: (at: string) => `Placed ${at}`,
  print: 'Print packing slip',
  slip: 'Packing slip',
  customer: 'Customer',
  shipTo: 'Ship to',
  items: 'Items',
  qty: (n: number) => `Qty ${n}`,
  totals: { items: 'Items', shipping: 'Shipping', tax: 'Tax', discount: 'Discount', total: 'Total' },
  payment: 'Payment',
  shipment: 'Shipment',
  noShipment: 'Not booked with a courier yet.',
  awb: (courier: string | null, awb: string | null) => `${courier ?? 'Courier'} · AWB ${awb ?? 'pending'}`,
  customerNotes: 'Customer’s note',
  timeline: 'Timeline',
  notes: 'Staff notes',
  noNotes: 'No notes yet.',
  addNote: 'Add note',
  notePlaceholder: 'Only staff see this note.',
  noteAdded: 'Note added.',
  actions: 'Actions',
  step: {
    Shipped: 'Ship with the courier',
    'Out for Delivery': 'Mark out for delivery',
    Delivered: 'Mark delivered',
    Failed: 'Returned to origin (RTO)',
  } satisfies Record<StaffStep, string>,
  stepDone: (status: string) => `Order moved to ${status}.`,
  rtoConfirm: {
    title: 'Mark as returned to origin?',
    body: 'The parcel goes back to the shop: its items go back in stock, and an online payment is refunded in full.',
    action: 'Mark RTO',
  },
  cancel: 'Cancel order',
  reason: 'Reason',
  cancelConfirm: (refund: number) => ({
    title: 'Cancel this order?',
    body:
      refund > 0
        ? `The items go back in stock and ${formatInr(refund)} is refunded to the customer.`
        : 'The items go back in stock. Nothing was paid, so nothing is refunded.',
    action: 'Cancel order',
  }),
  cancelled: 'Order cancelled.',
  refund: 'Refund',
  amount: 'Amount (₹)',
  refundable: (amount: number) => `Up to ${formatInr(amount)} can be refunded.`,
  refundConfirm: (amount: number, online: boolean) => ({
    title: 'Refund the customer?',
    body: online
      ? `Refund ${formatInr(amount)} to the customer's card.`
      : `Record a refund of ${formatInr(amount)} to pay back by hand (cash on delivery).`,
    action: `Refund ${formatInr(amount)}`,
  }),
  refunded: 'Refund initiated.',
  refunds: 'Refunds',
  returnRequest: 'Return request',
  approve: 'Approve return',
  reject: 'Reject return',
  rejectNote: 'Note to the customer',
  received: 'Items received',
  receivedConfirm: {
    title: 'Have the returned items arrived?',
    body: 'They go back in stock and are refunded to the customer.',
    action: 'Items received',
  },
  returnDone: 'Return updated.',
  notFound: 'Order not found.',
} as const;

const T = ORDER_TEXTS;

function errorText(error: unknown): string {
  return error instanceof HttpError ? error.message : String(error);
}

function Section({
  title,
  children,
  className = '',
}: {
  title: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section className={`surface-card p-4 ${className}`}>
      <h2 className="font-semibold text-stone-800">{title}</h2>
      <div className="mt-2 text-sm">{children}</div>
    </section>
  );
}

const inputClass = 'mt-1 block min-h-11 w-full rounded-lg border border-stone-300 px-3';

/** A required line of text and the button that acts with it: a cancel's reason, a rejection's note. */
function ReasonForm({
  label,
  value,
  onChange,
  action,
  disabled,
  onSubmit,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  action: string;
  disabled: boolean;
  onSubmit: () => void;
}) {
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label className="min-w-0 flex-1 basis-48">
        <span className="text-stone-700">{label}</span>
        <input required value={value} onChange={(e) => onChange(e.target.value)} className={inputClass} />
      </label>
      <button type="submit" className="btn-secondary min-h-11" disabled={disabled}>
        {action}
      </button>
    </form>
  );
}

/** What a staff member may do with the order now, shown only to the roles that may. */
function Actions({
  order,
  onDone,
}: {
  order: AdminOrder;
  onDone: (order: AdminOrder, message: string) => void;
}) {
  const canHandle = useCan('orders:handle');
  const canMoney = useCan('orders:money');
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [refundReason, setRefundReason] = useState('');
  const [rejectNote, setRejectNote] = useState('');
  const act = useMutation({
    mutationFn: ({ url, body }: { url: string; body?: object; message: string }) =>
      api.post<{ order: AdminOrder }>(url, body),
    onSuccess: ({ order: next }, { message }) => onDone(next, message),
    onError: (error) => toast.error(errorText(error)),
  });
  const steps = STAFF_STEPS.filter((step) => STAFF_STEP_FROM[step].includes(order.deliveryStatus));
  const cancellable = STAFF_CANCELLABLE.includes(order.deliveryStatus);
  const request = order.returnRequest;
  const step = (deliveryStatus: StaffStep) =>
    act.mutate({
      url: API.admin.orderStatus(order._id),
      body: { deliveryStatus },
      message: T.stepDone(deliveryStatus),
    });

  const cancel = () =>
    setConfirmation({
      ...T.cancelConfirm(order.refundable),
      run: () =>
        act.mutate({ url: API.admin.orderCancel(order._id), body: { reason }, message: T.cancelled }),
    });
  const refund = (event: FormEvent) => {
    event.preventDefault();
    const rupees = Number(amount);
    setConfirmation({
      ...T.refundConfirm(rupees, order.paymentMode === 'ONLINE'),
      run: () =>
        act.mutate({
          url: API.admin.orderRefund(order._id),
          body: { amount: rupees, reason: refundReason },
          message: T.refunded,
        }),
    });
  };

  const shown =
    (canHandle && (steps.length > 0 || request?.status === 'Requested' || request?.status === 'Approved')) ||
    (canMoney && (cancellable || order.refundable > 0));
  if (!shown) return null;
  return (
    <Section title={T.actions} className="print:hidden">
      <div className="space-y-4">
        {canHandle && steps.length > 0 && (
          <div className="flex flex-wrap gap-2">
            {steps.map((target) => (
              <button
                key={target}
                type="button"
                disabled={act.isPending}
                className={target === 'Failed' ? 'btn-secondary' : 'btn-primary'}
                onClick={() =>
                  target === 'Failed'
                    ? setConfirmation({ ...T.rtoConfirm, run: () => step(target) })
                    : step(target)
                }
              >
                {T.step[target]}
              </button>
            ))}
          </div>
        )}
        {canHandle && request?.status === 'Requested' && (
          <div className="space-y-2">
            <button
              type="button"
              className="btn-primary"
              disabled={act.isPending}
              onClick={() => act.mutate({ url: API.admin.returnApprove(order._id), message: T.returnDone })}
            >
              {T.approve}
            </button>
            <ReasonForm
              label={T.rejectNote}
              value={rejectNote}
              onChange={setRejectNote}
              action={T.reject}
              disabled={act.isPending}
              onSubmit={() =>
                act.mutate({
                  url: API.admin.returnReject(order._id),
                  body: { note: rejectNote },
                  message: T.returnDone,
                })
              }
            />
          </div>
        )}
        {canHandle && request?.status === 'Approved' && (
          <button
            type="button"
            className="btn-primary"
            disabled={act.isPending}
            onClick={() =>
              setConfirmation({
                ...T.receivedConfirm,
                run: () => act.mutate({ url: API.admin.returnReceived(order._id), message: T.returnDone }),
              })
            }
          >
            {T.received}
          </button>
        )}
        {canMoney && cancellable && (
          <ReasonForm
            label={T.reason}
            value={reason}
            onChange={setReason}
            action={T.cancel}
            disabled={act.isPending}
            onSubmit={cancel}
          />
        )}
        {canMoney && order.refundable > 0 && (
          <form className="space-y-2" onSubmit={refund} aria-label={T.refund}>
            <p className="text-stone-600">{T.refundable(order.refundable)}</p>
            <div className="flex flex-wrap items-end gap-2">
              <label className="w-32">
                <span className="text-stone-700">{T.amount}</span>
                <input
                  required
                  type="number"
                  inputMode="decimal"
                  min="0.01"
                  step="0.01"
                  max={order.refundable}
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  className={inputClass}
                />
              </label>
              <label className="min-w-0 flex-1 basis-48">
                <span className="text-stone-700">{T.reason}</span>
                <input
                  required
                  value={refundReason}
                  onChange={(e) => setRefundReason(e.target.value)}
                  className={inputClass}
                />
              </label>
              <button type="submit" className="btn-secondary min-h-11" disabled={act.isPending}>
                {T.refund}
              </button>
            </div>
          </form>
        )}
      </div>
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </Section>
  );
}

function Notes({
  order,
  onDone,
}: {
  order: AdminOrder;
  onDone: (order: AdminOrder, message: string) => void;
}) {
  const canHandle = useCan('orders:handle');
  const [text, setText] = useState('');
  const add = useMutation({
    mutationFn: () => api.post<{ order: AdminOrder }>(API.admin.orderNotes(order._id), { text }),
    onSuccess: ({ order: next }) => {
      setText('');
      onDone(next, T.noteAdded);
    },
    onError: (error) => toast.error(errorText(error)),
  });
  return (
    <Section title={T.notes} className="print:hidden">
      {order.notes.length === 0 ? (
        <p className="text-stone-600">{T.noNotes}</p>
      ) : (
        <ul className="space-y-2">
          {order.notes.map((note) => (
            <li key={note._id}>
              <p className="whitespace-pre-line break-words">{note.text}</p>
              <p className="text-xs text-stone-500">
                {note.author.email} · {formatDateTime(note.at)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {canHandle && (
        <form
          className="mt-3 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate();
          }}
        >
          <textarea
            aria-label={T.addNote}
            required
            maxLength={1000}
            value={text}
            placeholder={T.notePlaceholder}
            onChange={(event) => setText(event.target.value)}
            className="block min-h-20 w-full rounded-lg border border-stone-300 p-3"
          />
          <button type="submit" className="btn-secondary" disabled={add.isPending}>
            {T.addNote}
          </button>
        </form>
      )}
    </Section>
  );
}

/** One order as staff handle it: what to pack, where it goes, what happened, and what to do next. */
export default function OrderPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const queryKey = ['admin', 'order', id];
  const order = useQuery({ queryKey, queryFn: () => api.get<{ order: AdminOrder }>(API.admin.order(id)) });
  const onDone = (next: AdminOrder, message: string) => {
    queryClient.setQueryData(queryKey, { order: next });
    queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
    toast.success(message);
  };
  return (
    <div className="space-y-4">
      <Link to="/orders" className="text-link text-sm print:hidden">
        {T.back}
      </Link>
      <ListState query={order} isEmpty={() => false} empty={T.notFound}>
        {({ order: o }) => (
          <>
            <header className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="hidden text-sm text-stone-600 print:block">{T.slip}</p>
                <h1 className="break-all font-display text-2xl text-brand-800">{o.orderNumber}</h1>
                <p className="text-sm text-stone-600">{T.placed(formatDateTime(o.orderTimestamp))}</p>
                <p className="mt-1 flex flex-wrap items-center gap-2">
                  <StatusBadge status={o.deliveryStatus} />
                  <span className="text-sm text-stone-700">
                    {o.paymentMode} · {o.paymentStatus}
                  </span>
                </p>
              </div>
              <button type="button" className="btn-secondary print:hidden" onClick={() => window.print()}>
                {T.print}
              </button>
            </header>
            <Actions order={o} onDone={onDone} />
            <div className="grid gap-4 lg:grid-cols-2">
              <Section title={T.customer}>
                <Link
                  to={`/customers/${o.customer._id}`}
                  className="text-link font-medium print:no-underline"
                >
                  {o.customer.name}
                </Link>
                <p className="break-all text-stone-600">{o.customer.email}</p>
                {o.customer.phone && <p className="text-stone-600">{o.customer.phone}</p>}
              </Section>
              <Section title={T.shipTo}>
                <address className="not-italic break-words">
                  {o.address.name}
                  <br />
                  {[o.address.addressLine1, o.address.addressLine2, o.address.addressLine3]
                    .filter(Boolean)
                    .join(', ')}
                  <br />
                  {o.address.district}, {o.address.state} {o.address.pincode}
                  <br />
                  {o.address.phone}
                </address>
              </Section>
            </div>
            <Section title={T.items}>
              <ul className="divide-y divide-stone-100">
                {o.items.map((item) => (
                  <li
                    key={`${item.productId}-${item.selectedColor}-${item.selectedSize}`}
                    className="flex gap-3 py-2"
                  >
                    <img
                      src={item.image}
                      alt=""
                      width={64}
                      height={80}
                      className="h-20 w-16 shrink-0 rounded object-cover"
                    />
                    <div className="min-w-0 flex-1">
                      <p className="break-words font-medium">{item.name}</p>
                      <p className="text-stone-600">
                        {item.selectedColor} / {item.selectedSize} · {T.qty(item.quantity)}
                      </p>
                    </div>
                    <p className="shrink-0">{formatInr(item.price * item.quantity)}</p>
                  </li>
                ))}
              </ul>
              <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
                <dt>{T.totals.items}</dt>
                <dd>{formatInr(o.itemsPrice)}</dd>
                <dt>{T.totals.shipping}</dt>
                <dd>{formatInr(o.shippingPrice)}</dd>
                <dt>{T.totals.tax}</dt>
                <dd>{formatInr(o.taxPrice)}</dd>
                {o.discount > 0 && (
                  <>
                    <dt>{T.totals.discount}</dt>
                    <dd>−{formatInr(o.discount)}</dd>
                  </>
                )}
                <dt className="font-semibold">{T.totals.total}</dt>
                <dd className="font-semibold">{formatInr(o.totalPrice)}</dd>
              </dl>
              {o.orderNotes && (
                <p className="mt-2">
                  <span className="font-medium">{T.customerNotes}:</span> {o.orderNotes}
                </p>
              )}
            </Section>
            <div className="grid gap-4 lg:grid-cols-2 print:hidden">
              <Section title={T.payment}>
                <p>
                  {o.paymentMode} · {o.paymentStatus}
                </p>
                {o.payment && (
                  <p className="break-all text-stone-600">
                    {o.payment.provider} · {o.payment.paymentId ?? o.payment.providerOrderId} ·{' '}
                    {formatInr(o.payment.amount)}
                  </p>
                )}
                {o.refunds.length > 0 && (
                  <>
                    <h3 className="mt-2 font-medium">{T.refunds}</h3>
                    <ul>
                      {o.refunds.map((refund) => (
                        <li key={refund._id}>
                          {formatInr(refund.amount)} · {refund.reason} · {formatDateTime(refund.at)}
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </Section>
              <Section title={T.shipment}>
                {o.shipment ? <p>{T.awb(o.shipment.courier, o.shipment.awb)}</p> : <p>{T.noShipment}</p>}
              </Section>
            </div>
            {o.returnRequest && (
              <Section title={T.returnRequest} className="print:hidden">
                <p>
                  {o.returnRequest.status} · {o.returnRequest.reason}
                </p>
                <ul className="mt-1 list-disc pl-5">
                  {o.returnRequest.items.map((item) => (
                    <li key={`${item.productId}-${item.selectedColor}-${item.selectedSize}`}>
                      {item.name} ({item.selectedColor} / {item.selectedSize}) × {item.quantity}
                    </li>
                  ))}
                </ul>
              </Section>
            )}
            <Section title={T.timeline} className="print:hidden">
              <ol className="space-y-2 border-l-2 border-stone-200 pl-4">
                {[...o.history].reverse().map((entry) => (
                  <li key={`${entry.at}-${entry.deliveryStatus}-${entry.paymentStatus}-${entry.note}`}>
                    <p className="font-medium">
                      {entry.deliveryStatus} · {entry.paymentStatus}
                    </p>
                    <p className="text-xs text-stone-500">
                      {formatDateTime(entry.at)} · {entry.actor}
                    </p>
                    {entry.note && <p className="break-words text-stone-700">{entry.note}</p>}
                  </li>
                ))}
              </ol>
            </Section>
            <Notes order={o} onDone={onDone} />
          </>
        )}
      </ListState>
    </div>
  );
}
