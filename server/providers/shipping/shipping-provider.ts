import type { OrderAddress, PaymentMode } from '../../../common/schemas/order';
import type { Serviceability } from '../../../common/schemas/shipping';

export type { Serviceability } from '../../../common/schemas/shipping';

/** What the courier needs to book one order's shipment. Money in paise. */
export interface ShipmentRequest {
  orderId: string;
  /** The shop's readable order number; the courier's reference for the order. */
  orderNumber: string;
  placedAt: Date;
  paymentMode: PaymentMode;
  address: OrderAddress;
  /** The shopper's email, for the courier's tracking messages. */
  email: string;
  items: {
    productId: string;
    name: string;
    color: string;
    size: string;
    quantity: number;
    pricePaise: number;
  }[];
  itemsPaise: number;
  shippingPaise: number;
  taxPaise: number;
  discountPaise: number;
  totalPaise: number;
}

/** A courier's booked shipment with its air waybill number (the tracking number). */
export interface AssignedAwb {
  awb: string;
  courier: string;
}

/** A shipment booked with the courier, as the shop keeps it: what cancelling it there needs. */
export interface CourierBooking {
  providerShipmentId: string;
  /** The courier's own order of the shipment, when it has one (Shiprocket cancels by it). */
  providerOrderId: string | null;
}

/** Where the courier says a shipment is, in the shop's delivery states. */
export type TrackingStatus = 'Shipped' | 'Out for Delivery' | 'Delivered' | 'Failed';

/** One tracking update sent by the courier. */
export interface TrackingUpdate {
  awb: string;
  /** The shop state it means, or null for a scan that changes nothing for the shopper (manifested, ...). */
  status: TrackingStatus | null;
  /** The courier's own words, kept in the order history's note. */
  courierStatus: string;
  /** The same update sent twice has the same key, so a repeat changes the order once. */
  eventKey: string;
}

/** The courier could not do what was asked (refused, unreachable, answered nonsense); `message` says why. */
export class ShippingProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ShippingProviderError';
  }
}

/**
 * A courier (or aggregator) the shop ships through. Booking is two calls, so the courier's shipment id
 * is stored before the AWB is asked for and a retry never books the order twice.
 */
export interface ShippingProvider {
  readonly name: 'local' | 'shiprocket' | (string & {});
  /** Can the courier deliver to this (valid) pincode, with cash on delivery, and in how many days. */
  serviceability(pincode: string): Promise<Serviceability>;
  /** Books the order with the courier; answers the courier's shipment id and its order id. */
  createShipment(request: ShipmentRequest): Promise<{ providerShipmentId: string; providerOrderId: string }>;
  /** Assigns a courier and its AWB to a booked shipment. */
  assignAwb(providerShipmentId: string): Promise<AssignedAwb>;
  /** Cancels a booked shipment whose order was cancelled before it shipped. */
  cancelShipment(booking: CourierBooking): Promise<void>;
  /**
   * The local simulator moves its shipments one state every `stepMs` (a scheduled job); a real courier
   * reports progress through `webhook` instead.
   */
  readonly simulation?: { stepMs: number };
  /** Tracking webhooks, for couriers that send them. */
  readonly webhook?: {
    /** True when the request carries the shared token; compared in constant time. */
    verify(headers: Record<string, string | string[] | undefined>): boolean;
    /** The update in the body, or null when the body is not a forward-shipment tracking update. */
    parse(body: unknown): TrackingUpdate | null;
  };
}
