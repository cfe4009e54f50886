import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PaymentMode, PlacedOrder } from '../../../common/schemas/order';
import { useAddresses } from '../../features/address/api/list-addresses';
import { AddressForm } from '../../features/address/components/address-form';
import { ADDRESS_TEXTS } from '../../features/address/texts';
import { useCart } from '../../features/cart/cart-context';
import {
  type AddressEditor,
  type AddressesState,
  CheckoutForm,
  type CheckoutLine,
} from '../../features/orders/components/checkout-form';
import { CHECKOUT_TEXTS } from '../../features/orders/texts';
import { DeliveryEstimate } from '../../features/shipping/components/delivery-estimate';
import { useSiteConfig } from '../../features/site-config/api/get-site-config';
import { usePageMeta } from '../../lib/use-page-meta';

/** The courier's word on the chosen address, from the shipping feature. */
const deliveryCheck = (pincode: string, paymentMode: PaymentMode) => (
  <DeliveryEstimate pincode={pincode} paymentMode={paymentMode} />
);

/** The address book's form, shown inside checkout to add or edit an address without leaving it. */
function CheckoutAddressForm({ address, onSaved, onCancel }: AddressEditor) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-3 font-semibold text-stone-900">
        {address ? ADDRESS_TEXTS.editTitle : ADDRESS_TEXTS.addTitle}
      </h3>
      {/* A key per address: editing another address starts a fresh form. */}
      <AddressForm key={address?._id ?? 'new'} address={address} onSaved={onSaved} onCancel={onCancel} />
    </section>
  );
}

const addressForm = (editor: AddressEditor) => <CheckoutAddressForm {...editor} />;

/**
 * /checkout (guarded, SPEC.md §2): puts the cart, the address book and the shop's shipping rules
 * together for the order form; a placed order empties the cart and opens its confirmation.
 */
export default function CheckoutPage() {
  usePageMeta(CHECKOUT_TEXTS.pageTitle, CHECKOUT_TEXTS.pageDescription);
  const navigate = useNavigate();
  const { items, address, setAddress, orderNotes, setOrderNotes, clearCart, refreshPrices } = useCart();
  const addresses = useAddresses();
  const config = useSiteConfig();
  const [placedId, setPlacedId] = useState<string | null>(null);

  // Today's prices once when checkout opens, so the summary is what the server will charge (the ref
  // keeps StrictMode's second effect run from repeating it).
  const refreshed = useRef(false);
  useEffect(() => {
    if (refreshed.current) return;
    refreshed.current = true;
    void refreshPrices();
  }, [refreshPrices]);

  // Choose the default address (listed first) unless the shopper already chose one of theirs.
  useEffect(() => {
    const list = addresses.data;
    if (!list || list.some((candidate) => candidate._id === address)) return;
    setAddress(list[0]?._id ?? '');
  }, [addresses.data, address, setAddress]);

  const lines = useMemo<CheckoutLine[]>(
    () =>
      items.map((item) => ({
        productId: item._id,
        name: item.name,
        image: item.image,
        price: item.price,
        quantity: item.quantity,
        selectedColor: item.selectedColor,
        selectedSize: item.selectedSize,
        isRefundable: item.isRefundable,
      })),
    [items],
  );

  const addressesState: AddressesState = addresses.isPending
    ? { status: 'loading' }
    : addresses.isError
      ? { status: 'error', retry: () => void addresses.refetch() }
      : { status: 'ready', addresses: addresses.data };

  const onPlaced = useCallback(
    ({ order }: PlacedOrder) => {
      setPlacedId(order._id);
      clearCart();
      navigate(`/order-confirmed/${encodeURIComponent(order._id)}`, { replace: true });
    },
    [clearCart, navigate],
  );
  const onPriceChanged = useCallback(() => void refreshPrices(), [refreshPrices]);

  if (placedId)
    return (
      <p role="status" className="px-4 py-16 text-center">
        {CHECKOUT_TEXTS.placing}
      </p>
    );

  if (items.length === 0) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <div className="empty-motif" aria-hidden="true" />
        <h1 className="mt-6 font-display text-3xl font-semibold">{CHECKOUT_TEXTS.emptyTitle}</h1>
        <p className="mt-2 text-stone-700">{CHECKOUT_TEXTS.emptyBody}</p>
        <Link to="/" className="btn-primary mt-6">
          {CHECKOUT_TEXTS.shopLink}
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8 lg:px-6">
      <h1 className="mb-6 font-display text-3xl font-semibold text-stone-900 sm:text-4xl">
        {CHECKOUT_TEXTS.pageTitle}
      </h1>
      <CheckoutForm
        lines={lines}
        addresses={addressesState}
        addressId={address}
        onAddressChange={setAddress}
        orderNotes={orderNotes}
        onOrderNotesChange={setOrderNotes}
        shipping={config.isError ? null : config.data?.shipping}
        onPlaced={onPlaced}
        onPriceChanged={onPriceChanged}
        deliveryCheck={deliveryCheck}
        addressForm={addressForm}
      />
    </div>
  );
}
