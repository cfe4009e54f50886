import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
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
import { PhoneActionBar, usePhoneLayout } from '../../../components/ui/phone-action-bar';
import { useErrorFocus } from '../../../components/ui/use-error-focus';
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

/** What the address form shown inside checkout is given (the route renders the address feature's form). */
export interface AddressEditor {
  /** The address to edit; none to add a new one. */
  address?: Address;
  /** The saved address: checkout chooses it and shows the list again. */
  onSaved: (address: Address) => void;
  onCancel: () => void;
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
  /** The address form, shown in place to add or edit an address without leaving checkout. */
  addressForm: (editor: AddressEditor) => ReactNode;
}

const HEADING = 'font-display text-xl font-semibold text-stone-900';

/** The two ways to pay (SPEC.md §3 paymentMode): on delivery, or online right after placing. */
const PAYMENT_CHOICES: readonly { mode: PaymentMode; label: string; note: string }[] = [
  { mode: 'COD', label: CHECKOUT_TEXTS.cod, note: CHECKOUT_TEXTS.codNote },
  { mode: 'ONLINE', label: CHECKOUT_TEXTS.online, note: CHECKOUT_TEXTS.onlineNote },
];

/**
 * /checkout's form (SPEC.md §2, §3, §8): address (chosen, added or edited in place), notes, payment
 * mode, a summary priced by the same function the server charges with, and "Place order" with the
 * order messages in a modal.
 *
 * The order's <form> element holds no markup: its controls sit in the sections around it and name it
 * with their `form` attribute. So the address form shown in place is a form of its own, not nested in
 * this one (HTML forbids that), and Enter in an address field saves the address, never the order.
 */
export function CheckoutForm(props: CheckoutFormProps) {
  const { lines, addressId, orderNotes, shipping, onPlaced, onPriceChanged } = props;
  const formId = useId();
  const [paymentMode, setPaymentMode] = useState<PaymentMode>('COD');
  const [addressMissing, setAddressMissing] = useState(false);
  const errorFocus = useErrorFocus<HTMLDivElement>();
  const phone = usePhoneLayout();
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
      errorFocus.failed([CHECKOUT_TEXTS.chooseAddress]);
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

  // One "Place order": in the summary card, or on phones in the bar kept above the bottom dock.
  const placeOrderButton = (className: string) => (
    <button
      type="submit"
      form={formId}
      className={`btn-primary ${className}`}
      disabled={isPlacing || !summary}
    >
      {isPlacing ? CHECKOUT_TEXTS.placing : CHECKOUT_TEXTS.placeOrder}
    </button>
  );

  return (
    // The outer element holds the whole page, so the phone bar stays sticky all the way down.
    <div ref={errorFocus.ref}>
      <div className="grid gap-6 lg:grid-cols-[1fr_24rem] lg:items-start">
        {/* Empty and unrendered: it takes no cell of the grid; its controls are below. */}
        <form id={formId} onSubmit={submit} noValidate hidden />
        {errorFocus.summary}
        <div className="min-w-0 space-y-6">
          <fieldset className="surface-card min-w-0 p-5" data-invalid={addressMissing || undefined}>
            <legend className={`float-left w-full ${HEADING}`}>{CHECKOUT_TEXTS.addressHeading}</legend>
            <div className="clear-both pt-3">
              <AddressChooser
                state={props.addresses}
                addressId={addressId}
                formId={formId}
                addressForm={props.addressForm}
                onChange={(id) => {
                  setAddressMissing(false);
                  props.onAddressChange(id);
                }}
                deliveryCheck={chosenPincode && props.deliveryCheck?.(chosenPincode, paymentMode)}
              />
              {addressMissing && (
                <p className="mt-3 text-sm font-medium text-red-700">
                  {/* Read out by the error summary, with focus moved to the first address choice. */}
                  {CHECKOUT_TEXTS.chooseAddress}
                </p>
              )}
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
              form={formId}
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
                    form={formId}
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
          {!phone && placeOrderButton('mt-5 w-full')}
          <Link to="/cart" className="text-link mt-4 block text-center text-sm">
            {CHECKOUT_TEXTS.backToCart}
          </Link>
        </section>

        <Modal open={message !== null} title={CHECKOUT_TEXTS.modalTitle} onClose={closeMessage}>
          <p>{message}</p>
        </Modal>
      </div>
      {phone && (
        <PhoneActionBar label={CHECKOUT_TEXTS.total} total={summary ? formatRs(summary.totalPrice) : '…'}>
          {placeOrderButton('shrink-0 px-5')}
        </PhoneActionBar>
      )}
    </div>
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

/** An address being added (no `address`) or edited in place; null while the list shows. */
type Editing = { address?: Address } | null;

function AddressChooser({
  state,
  addressId,
  formId,
  addressForm,
  onChange,
  deliveryCheck,
}: {
  state: AddressesState;
  addressId: string;
  formId: string;
  addressForm: (editor: AddressEditor) => ReactNode;
  onChange: (id: string) => void;
  deliveryCheck: ReactNode;
}) {
  // A shopper without an address sees the form at once; undefined until they close it or save.
  const [editing, setEditing] = useState<Editing | undefined>(undefined);
  const listRef = useRef<HTMLDivElement>(null);
  const [focusAddress, setFocusAddress] = useState<string | null>(null);

  // After a save, focus goes to the saved address's choice, where the shopper's work continues.
  useEffect(() => {
    if (!focusAddress) return;
    const choice = [...(listRef.current?.querySelectorAll('input') ?? [])].find(
      (input) => input.value === focusAddress,
    );
    if (!choice) return;
    choice.focus();
    setFocusAddress(null);
  });

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

  const empty = state.addresses.length === 0;
  const open = editing === undefined ? (empty ? {} : null) : editing;
  if (open) {
    return (
      <div>
        {empty && <p className="mb-4 text-stone-700">{CHECKOUT_TEXTS.noAddress}</p>}
        {addressForm({
          address: open.address,
          onSaved: (saved) => {
            onChange(saved._id);
            setEditing(null);
            setFocusAddress(saved._id);
          },
          onCancel: () => setEditing(null),
        })}
      </div>
    );
  }

  const addNew = (
    <button type="button" className="btn-secondary mt-4" onClick={() => setEditing({})}>
      {CHECKOUT_TEXTS.addAddress}
    </button>
  );
  if (empty) {
    return (
      <div>
        <p className="text-stone-700">{CHECKOUT_TEXTS.noAddress}</p>
        {addNew}
      </div>
    );
  }
  return (
    <div>
      <div ref={listRef} className="grid gap-3 md:grid-cols-2">
        {state.addresses.map((address) => {
          const lines = [address.addressLine1, address.addressLine2, address.addressLine3].filter(Boolean);
          const checked = address._id === addressId;
          return (
            <div
              key={address._id}
              className={`flex items-start gap-2 rounded-xl border p-3 ${
                checked ? 'border-brand-700 bg-brand-50' : 'border-stone-200'
              }`}
            >
              <label className="flex min-w-0 flex-1 cursor-pointer items-start gap-3">
                <input
                  type="radio"
                  name="addressId"
                  form={formId}
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
              <button
                type="button"
                className="text-link shrink-0 px-1 py-1 text-sm"
                aria-label={CHECKOUT_TEXTS.editAddressLabel(address.name)}
                onClick={() => setEditing({ address })}
              >
                {CHECKOUT_TEXTS.editAddress}
              </button>
            </div>
          );
        })}
      </div>
      {deliveryCheck}
      {addNew}
    </div>
  );
}
