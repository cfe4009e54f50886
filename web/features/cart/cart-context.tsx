import { createContext, type ReactNode, useContext } from 'react';

/** A line of the cart as kept in local storage under `cartItems` (SPEC.md §3). */
export interface CartItem {
  _id: string;
  image: string;
  name: string;
  price: number;
  quantity: number;
  countInStock: number;
  selectedColor: string;
  selectedSize: string;
  isRefundable: boolean;
}

interface CartContextValue {
  items: CartItem[];
}

const CartContext = createContext<CartContextValue>({ items: [] });

export function CartProvider({ children }: { children: ReactNode }) {
  return <CartContext.Provider value={{ items: [] }}>{children}</CartContext.Provider>;
}

export function useCart() {
  return useContext(CartContext);
}
