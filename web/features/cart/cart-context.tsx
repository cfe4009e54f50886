import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { STORAGE_KEYS } from '../../../common/constants';
import { Modal } from '../../components/ui/modal';
import { toast } from '../../components/ui/toast';
import { fetchFreshPrices } from './api/refresh-cart-prices';
import type { AddOutcome, CartItem, CartLineKey, NewCartItem } from './cart-logic';
import * as cart from './cart-logic';
import { loadCart, sanitizeItem, saveCart } from './cart-storage';
import {
  CART_TEXT,
  ERROR_PARSING_CART,
  ERROR_UPDATING_CART_MODAL,
  ERROR_UPDATING_CART_TOAST,
  errorUpdatingProductMessage,
  priceUpdatedMessage,
  STOCK_LIMIT_MESSAGE,
} from './texts';

export type { AddOutcome, CartItem, CartLineKey, NewCartItem } from './cart-logic';

export interface CartContextValue {
  /** The cart lines; their count is shown in the navigation badges. */
  items: CartItem[];
  /** The delivery address chosen for checkout (an address id), '' when none. */
  address: string;
  setAddress: (address: string) => void;
  orderNotes: string;
  setOrderNotes: (notes: string) => void;
  /** Σ price × quantity in rupees. */
  totalPrice: number;
  /** Units across all lines. */
  totalUnits: number;
  /** Adds `units` (default 1) of a product; shows the stock-limit modal when the stock runs out. */
  addItem: (item: NewCartItem, units?: number) => AddOutcome;
  /** One more unit of an existing line, capped by its stock (the stock-limit modal otherwise). */
  incrementItem: (key: CartLineKey) => AddOutcome;
  /** One unit less; at quantity 1 the line is removed. */
  decrementItem: (key: CartLineKey) => void;
  /** Deletes the line outright. */
  removeItem: (key: CartLineKey) => void;
  /** Empties the items, the address and the order notes (also after a successful order). */
  clearCart: () => void;
  /** Re-reads every price from the server; a modal shows the new total if any price changed. */
  refreshPrices: () => Promise<void>;
}

function outsideProvider(): never {
  throw new Error('The cart can only be changed inside <CartProvider>');
}

/** Outside a provider the cart reads as empty (a badge still renders) and any change throws. */
const EMPTY_CART: CartContextValue = {
  items: [],
  address: '',
  setAddress: outsideProvider,
  orderNotes: '',
  setOrderNotes: outsideProvider,
  totalPrice: 0,
  totalUnits: 0,
  addItem: outsideProvider,
  incrementItem: outsideProvider,
  decrementItem: outsideProvider,
  removeItem: outsideProvider,
  clearCart: outsideProvider,
  refreshPrices: outsideProvider,
};

const CartContext = createContext<CartContextValue>(EMPTY_CART);

const PARSE_ERROR_TOAST_ID = 'cart-parse-error';

/** Holds the cart, keeps it in local storage, and shows the cart's messages in a modal. */
export function CartProvider({ children }: { children: ReactNode }) {
  const [initial] = useState(loadCart);
  const [items, setItems] = useState<CartItem[]>(initial.items);
  const [address, setAddress] = useState('');
  const [orderNotes, setOrderNotes] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  // The latest items, so actions can answer synchronously (addItem returns its outcome) and two quick
  // clicks build on each other instead of on the same render's state.
  const itemsRef = useRef(items);
  const refreshing = useRef<Promise<void> | null>(null);

  const updateItems = useCallback((next: CartItem[]) => {
    itemsRef.current = next;
    setItems(next);
  }, []);

  useEffect(() => {
    if (!initial.ok) toast.error(ERROR_PARSING_CART, { toastId: PARSE_ERROR_TOAST_ID });
  }, [initial.ok]);

  useEffect(() => {
    saveCart(items);
  }, [items]);

  // Another tab changed the cart: follow it, so the badge and the cart page agree across tabs.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEYS.cart) return;
      const loaded = loadCart();
      if (loaded.ok) updateItems(loaded.items);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [updateItems]);

  const addItem = useCallback(
    (item: NewCartItem, units = 1) => {
      const result = cart.addItem(itemsRef.current, sanitizeItem(item), units);
      if (result.items !== itemsRef.current) updateItems(result.items);
      if (result.outcome === 'stock-limit') setMessage(STOCK_LIMIT_MESSAGE);
      return result.outcome;
    },
    [updateItems],
  );

  const incrementItem = useCallback(
    (key: CartLineKey) => {
      const result = cart.incrementItem(itemsRef.current, key);
      if (result.items !== itemsRef.current) updateItems(result.items);
      if (result.outcome === 'stock-limit') setMessage(STOCK_LIMIT_MESSAGE);
      return result.outcome;
    },
    [updateItems],
  );

  const decrementItem = useCallback(
    (key: CartLineKey) => updateItems(cart.decrementItem(itemsRef.current, key)),
    [updateItems],
  );

  const removeItem = useCallback(
    (key: CartLineKey) => updateItems(cart.removeItem(itemsRef.current, key)),
    [updateItems],
  );

  const clearCart = useCallback(() => {
    updateItems([]);
    setAddress('');
    setOrderNotes('');
  }, [updateItems]);

  const refreshPrices = useCallback(() => {
    // One refresh at a time: a second call (StrictMode, a double click) joins the running one.
    if (refreshing.current) return refreshing.current;
    const run = (async () => {
      try {
        if (itemsRef.current.length === 0) return;
        const { prices, failedNames } = await fetchFreshPrices(itemsRef.current);
        for (const name of failedNames) {
          const text = errorUpdatingProductMessage(name);
          toast.error(text, { toastId: text });
        }
        // Apply to the cart as it is now: the shopper may have changed quantities meanwhile.
        const { items: next, changed } = cart.applyFreshPrices(itemsRef.current, prices);
        if (next !== itemsRef.current) updateItems(next);
        if (changed) setMessage(priceUpdatedMessage(cart.cartTotal(next)));
      } catch {
        toast.error(ERROR_UPDATING_CART_TOAST, { toastId: ERROR_UPDATING_CART_TOAST });
        setMessage(ERROR_UPDATING_CART_MODAL);
      } finally {
        refreshing.current = null;
      }
    })();
    refreshing.current = run;
    return run;
  }, [updateItems]);

  const value = useMemo<CartContextValue>(
    () => ({
      items,
      address,
      setAddress,
      orderNotes,
      setOrderNotes,
      totalPrice: cart.cartTotal(items),
      totalUnits: cart.cartUnits(items),
      addItem,
      incrementItem,
      decrementItem,
      removeItem,
      clearCart,
      refreshPrices,
    }),
    [items, address, orderNotes, addItem, incrementItem, decrementItem, removeItem, clearCart, refreshPrices],
  );

  return (
    <CartContext.Provider value={value}>
      {children}
      <Modal open={message !== null} title={CART_TEXT.modalTitle} onClose={() => setMessage(null)}>
        <p>{message}</p>
      </Modal>
    </CartContext.Provider>
  );
}

/** The cart (read-only and empty outside <CartProvider>). */
export function useCart(): CartContextValue {
  return useContext(CartContext);
}
