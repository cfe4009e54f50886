import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatRs } from '../../../../common/money';
import { orderSummary, type ShippingRules } from '../../../../common/order-pricing';
import type { Address } from '../../../../common/schemas/address';
import {
  MAX_ORDER_NOTES,
  type PaymentMode,
  type PlacedOrder,
  type PlaceOrderInput,
} from '../../../../common/schemas/order';
import { Modal } from '../../../components/ui/modal';
import { usePlaceOrder } from '../lib/use-place-order';
import { CHECKOUT_TEXTS } from '../texts';
import { OrderLine } from './order-line';

/** A cart line as checkout needs it (the route maps the cart's lines to this). */
export interface CheckoutLine {
  productId: string;
  name: string;
  image: string;
  price: number;
  quantity: number;
  selectedColor: string;
  selectedSize: string;
  isRefundable: boolean;
}

/** The address list as the route loaded it. */
export type AddressesState =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; addresses: Address[] };

interface CheckoutFormProps {
  lines: CheckoutLine[];
  addresses: AddressesState;
  addressId: string;
  onAddressChange: (addressId: string) => void;
  orderNotes: string;
  onOrderNotesChange: (notes: string) => void;
  /** The shop's shipping rules from `GET /api/config`; undefined while loading, null when it failed. */
  shipping: ShippingRules | undefined | null;
  onPlaced: (placed: PlacedOrder) => void;
  onPriceChanged: () => void;
  /**
   * What the courier says about the chosen address (the route fills it from the shipping feature):
   * the delivery date, and a warning where cash on delivery is not available.
   */
  deliveryCheck?: (pincode: string, paymentMode: PaymentMode) => ReactNode;
}

const HEADING = 'font-display text-xl font-semibold text-stone-900';

/** The two ways to pay (SPEC.md §3 paymentMode): on delivery, or online right after placing. */
const PAYMENT_CHOICES: readonly { mode: PaymentMode; label: string; note: string }[] = [
  { mode: 'COD', label: CHECKOUT_TEXTS.cod, note: CHECKOUT_TEXTS.codNote },
  { mode: 'ONLINE', label: CHECKOUT_TEXTS.online, note: CHECKOUT_TEXTS.onlineNote },
];

/**
 * /checkout's form (SPEC.md §2, §3, §8): address, notes, payment mode, a summary priced by the same
 * function the server charges with, and "Place order" with the order messages in a modal.
 */
export function CheckoutForm(props: CheckoutFormProps) {
  const { lines, addressId, orderNotes, shipping, onPlaced, onPriceChanged } = props;
  const [paymentMode, setPaymentMode] = useState<PaymentMode>('COD');
  const [addressMissing, setAddressMissing] = useState(false);
  const { place, isPlacing, message, closeMessage } = usePlaceOrder({ onPlaced, onPriceChanged });
  const summary = useMemo(() => (shipping ? orderSummary(lines, shipping) : null), [lines, shipping]);
  const notesId = useId();
  const chosenPincode =
    props.addresses.status === 'ready'
      ? props.addresses.addresses.find((address) => address._id === addressId)?.pincode
      : undefined;
  const notesHintId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isPlacing) return;
    if (!addressId) {
      setAddressMissing(true);
      return;
    }
    const payload: PlaceOrderInput = {
      addressId,
      cartItems: lines.map((line) => ({
        productId: line.productId,
        quantity: line.quantity,
        price: line.price,
        selectedColor: line.selectedColor,
        selectedSize: line.selectedSize,
        isRefundable: line.isRefundable,
      })),
      orderNotes,
      paymentMode,
    };
    void place(payload);
  };

  return (
    <form
      aria-label={CHECKOUT_TEXTS.pageTitle}
      onSubmit={submit}
      noValidate
      className="grid gap-6 lg:grid-cols-[1fr_24rem] lg:items-start"
    >
      <div className="min-w-0 space-y-6">
        <fieldset className="surface-card min-w-0 p-5">
          <legend className={`float-left w-full ${HEADING}`}>{CHECKOUT_TEXTS.addressHeading}</legend>
          <div className="clear-both pt-3">
            <AddressChooser
              state={props.addresses}
              addressId={addressId}
              onChange={(id) => {
                setAddressMissing(false);
                props.onAddressChange(id);
              }}
            />
            {addressMissing && (
              <p role="alert" className="mt-3 text-sm font-medium text-red-700">
                {CHECKOUT_TEXTS.chooseAddress}
              </p>
            )}
            {chosenPincode && props.deliveryCheck?.(chosenPincode, paymentMode)}
          </div>
        </fieldset>

        <section aria-labelledby={`${notesId}-h`} className="surface-card p-5">
          <h2 id={`${notesId}-h`} className={HEADING}>
            {CHECKOUT_TEXTS.notesHeading}
          </h2>
          <label htmlFor={notesId} className="mt-3 block text-sm font-medium text-stone-800">
            {CHECKOUT_TEXTS.notesLabel}
          </label>
          <textarea
            id={notesId}
            value={orderNotes}
            maxLength={MAX_ORDER_NOTES}
            rows={3}
            aria-describedby={notesHintId}
            onChange={(event) => props.onOrderNotesChange(event.target.value)}
            className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 text-stone-900 focus-visible:outline-2 focus-visible:outline-brand-700"
          />
          <p id={notesHintId} className="mt-1 text-xs text-stone-600">
            {CHECKOUT_TEXTS.notesHint(MAX_ORDER_NOTES)}
          </p>
        </section>

        <fieldset className="surface-card min-w-0 p-5">
          <legend className={`float-left w-full ${HEADING}`}>{CHECKOUT_TEXTS.paymentHeading}</legend>
          <div className="clear-both space-y-3 pt-3">
            {PAYMENT_CHOICES.map(({ mode, label, note }) => (
              <label
                key={mode}
                className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 ${
                  paymentMode === mode ? 'border-brand-700 bg-brand-50' : 'border-stone-200'
                }`}
              >
                <input
                  type="radio"
                  name="paymentMode"
                  value={mode}
                  checked={paymentMode === mode}
                  onChange={() => setPaymentMode(mode)}
                  aria-describedby={`${notesId}-${mode}`}
                  className="mt-1 size-4 accent-brand-700"
                />
                <span>
                  <span className="block font-medium text-stone-900">{label}</span>
                  <span id={`${notesId}-${mode}`} className="block text-sm text-stone-600">
                    {note}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      </div>

      <section aria-labelledby={`${notesId}-summary`} className="surface-card p-5 lg:sticky lg:top-4">
        <h2 id={`${notesId}-summary`} className={HEADING}>
          {CHECKOUT_TEXTS.summaryHeading}
        </h2>
        <ul className="mt-3 divide-y divide-brand-100">
          {lines.map((line) => (
            <OrderLine
              key={`${line.productId}|${line.selectedColor}|${line.selectedSize}`}
              image={line.image}
              name={line.name}
              lineTotal={line.price * line.quantity}
            >
              <p className="text-stone-600">
                {CHECKOUT_TEXTS.lineDetails(line.selectedColor, line.selectedSize, line.quantity)}
              </p>
            </OrderLine>
          ))}
        </ul>
        <SummaryTotals summary={summary} shipping={shipping} />
        <button type="submit" className="btn-primary mt-5 w-full" disabled={isPlacing || !summary}>
          {isPlacing ? CHECKOUT_TEXTS.placing : CHECKOUT_TEXTS.placeOrder}
        </button>
        <Link to="/cart" className="text-link mt-4 block text-center text-sm">
          {CHECKOUT_TEXTS.backToCart}
        </Link>
      </section>

      <Modal open={message !== null} title={CHECKOUT_TEXTS.modalTitle} onClose={closeMessage}>
        <p>{message}</p>
      </Modal>
    </form>
  );
}

function SummaryTotals({
  summary,
  shipping,
}: {
  summary: ReturnType<typeof orderSummary> | null;
  shipping: ShippingRules | undefined | null;
}) {
  if (shipping === undefined) {
    return (
      <p role="status" className="mt-3 text-sm text-stone-600">
        {CHECKOUT_TEXTS.summaryLoading}
      </p>
    );
  }
  if (!summary || !shipping) {
    return (
      <p role="alert" className="mt-3 text-sm text-red-700">
        {CHECKOUT_TEXTS.summaryError}
      </p>
    );
  }
  return (
    <>
      <dl className="mt-3 space-y-2 border-t border-brand-100 pt-3 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-stone-700">{CHECKOUT_TEXTS.itemsTotal}</dt>
          <dd className="font-medium">{formatRs(summary.itemsPrice)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-stone-700">{CHECKOUT_TEXTS.shipping}</dt>
          <dd className="font-medium">
            {summary.shippingPrice === 0 ? CHECKOUT_TEXTS.free : formatRs(summary.shippingPrice)}
          </dd>
        </div>
        {summary.taxPrice > 0 && (
          <div className="flex justify-between gap-3">
            <dt className="text-stone-700">{CHECKOUT_TEXTS.tax}</dt>
            <dd className="font-medium">{formatRs(summary.taxPrice)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-3 border-t border-brand-100 pt-3 text-base">
          <dt className="font-semibold">{CHECKOUT_TEXTS.total}</dt>
          <dd className="font-semibold" data-testid="checkout-total">
            {formatRs(summary.totalPrice)}
          </dd>
        </div>
      </dl>
      {shipping.freeFromRupees > 0 && summary.shippingPrice > 0 && (
        <p className="mt-2 text-xs text-stone-600">
          {CHECKOUT_TEXTS.freeFrom(formatRs(shipping.freeFromRupees))}
        </p>
      )}
    </>
  );
}

function AddressChooser({
  state,
  addressId,
  onChange,
}: {
  state: AddressesState;
  addressId: string;
  onChange: (id: string) => void;
}) {
  if (state.status === 'loading') {
    return <p role="status">{CHECKOUT_TEXTS.addressLoading}</p>;
  }
  if (state.status === 'error') {
    return (
      <div role="alert">
        <p className="text-stone-800">{CHECKOUT_TEXTS.addressLoadError}</p>
        <button type="button" className="btn-secondary mt-3" onClick={state.retry}>
          {CHECKOUT_TEXTS.retry}
        </button>
      </div>
    );
  }
  const addNew = (
    <Link to="/address?new" className="text-link mt-3 inline-block">
      {CHECKOUT_TEXTS.addAddress}
    </Link>
  );
  if (state.addresses.length === 0) {
    return (
      <div>
        <p className="text-stone-700">{CHECKOUT_TEXTS.noAddress}</p>
        {addNew}
      </div>
    );
  }
  return (
    <div>
      <div className="grid gap-3 md:grid-cols-2">
        {state.addresses.map((address) => {
          const lines = [address.addressLine1, address.addressLine2, address.addressLine3].filter(Boolean);
          const checked = address._id === addressId;
          return (
            <label
              key={address._id}
              className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 ${
                checked ? 'border-brand-700 bg-brand-50' : 'border-stone-200'
              }`}
            >
              <input
                type="radio"
                name="addressId"
                value={address._id}
                checked={checked}
                onChange={() => onChange(address._id)}
                aria-label={address.name}
                className="mt-1 size-4 shrink-0 accent-brand-700"
              />
              <span className="min-w-0 text-sm break-words text-stone-700">
                <span className="flex flex-wrap items-center gap-2 font-semibold text-stone-900">
                  {address.name}
                  {address.isDefault && (
                    <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs text-brand-900">
                      {CHECKOUT_TEXTS.defaultBadge}
                    </span>
                  )}
                </span>
                {lines.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
                <span className="block">
                  {address.district}, {address.state} {address.pincode}
                </span>
                <span className="block">{address.phone}</span>
              </span>
            </label>
          );
        })}
      </div>
      {addNew}
    </div>
  );
}
