import type { Order } from '../../../common/schemas/order';

/** A placed cash-on-delivery order as the API answers it, for the tests of this feature. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: 'o1',
    orderNumber: 'PNV-20261122-0001',
    orderTimestamp: '2026-11-22T06:00:00.000Z',
    items: [
      {
        productId: 'p1',
        name: 'Chanderi Kurta',
        image: '/images/products/kurta.webp',
        quantity: 2,
        price: 799,
        selectedColor: 'Indigo',
        selectedSize: 'M',
        isRefundable: true,
      },
    ],
    itemsPrice: 1598,
    shippingPrice: 0,
    taxPrice: 0,
    discount: 0,
    totalPrice: 1598,
    paymentMode: 'COD',
    paymentStatus: 'Pending',
    deliveryStatus: 'Pending',
    address: {
      _id: 'a1',
      name: 'Meera Iyer',
      phone: '9876543210',
      addressLine1: '14 Marine Drive',
      addressLine2: '',
      addressLine3: '',
      pincode: '400020',
      district: 'Mumbai',
      state: 'Maharashtra',
      country: 'India',
    },
    orderNotes: '',
    history: [
      {
        at: '2026-11-22T06:00:00.000Z',
        deliveryStatus: 'Pending',
        paymentStatus: 'Pending',
        actor: 'customer',
        note: 'Order placed.',
      },
    ],
    ...overrides,
  };
}
