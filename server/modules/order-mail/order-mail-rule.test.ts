import { describe, expect, it } from 'vitest';
import type { DeliveryStatus, PaymentStatus } from '../../../common/schemas/order';
import { orderMailKind } from './order-mail-rule';

const s = (deliveryStatus: DeliveryStatus, paymentStatus: PaymentStatus) => ({
  deliveryStatus,
  paymentStatus,
});

describe('which mail a history entry means', () => {
  it('cash on delivery: confirmed when placed, then shipped, nothing for out for delivery, delivered', () => {
    const placed = s('Processing', 'Pending');
    expect(orderMailKind('COD', null, placed)).toBe('confirmed');
    expect(orderMailKind('COD', placed, s('Shipped', 'Pending'))).toBe('shipped');
    expect(orderMailKind('COD', s('Shipped', 'Pending'), s('Out for Delivery', 'Pending'))).toBeNull();
    // Paid on delivery: the delivery mail, not a second confirmation.
    expect(orderMailKind('COD', s('Out for Delivery', 'Pending'), s('Delivered', 'Paid'))).toBe('delivered');
  });

  it('cash on delivery: a cancellation, and nothing for a later entry that changes neither status', () => {
    expect(orderMailKind('COD', s('Processing', 'Pending'), s('Cancelled', 'Pending'))).toBe('cancelled');
    expect(orderMailKind('COD', s('Cancelled', 'Pending'), s('Cancelled', 'Pending'))).toBeNull();
  });

  it('online: nothing while unpaid or failed, confirmed when the payment arrives', () => {
    expect(orderMailKind('ONLINE', null, s('Pending', 'Pending'))).toBeNull();
    expect(orderMailKind('ONLINE', s('Pending', 'Pending'), s('Pending', 'Failed'))).toBeNull();
    expect(orderMailKind('ONLINE', s('Pending', 'Pending'), s('Cancelled', 'Pending'))).toBeNull();
    expect(orderMailKind('ONLINE', s('Pending', 'Pending'), s('Processing', 'Paid'))).toBe('confirmed');
    expect(orderMailKind('ONLINE', null, s('Processing', 'Paid'))).toBe('confirmed');
    // Shipping and delivering a paid order do not confirm it again.
    expect(orderMailKind('ONLINE', s('Processing', 'Paid'), s('Shipped', 'Paid'))).toBe('shipped');
    expect(orderMailKind('ONLINE', s('Out for Delivery', 'Paid'), s('Delivered', 'Paid'))).toBe('delivered');
  });

  it('online: cancelling a paid order with its refund in the same entry is one cancellation mail', () => {
    expect(orderMailKind('ONLINE', s('Processing', 'Paid'), s('Cancelled', 'Refund Initiated'))).toBe(
      'cancelled',
    );
    // The refund starting in a later entry gets its own mail.
    expect(orderMailKind('ONLINE', s('Processing', 'Paid'), s('Cancelled', 'Paid'))).toBe('cancelled');
    expect(orderMailKind('ONLINE', s('Cancelled', 'Paid'), s('Cancelled', 'Refund Initiated'))).toBe(
      'refundInitiated',
    );
    expect(
      orderMailKind('ONLINE', s('Cancelled', 'Refund Initiated'), s('Cancelled', 'Refunded')),
    ).toBeNull();
  });

  it('a payment for an order that was already cancelled is not confirmed; its refund is mailed', () => {
    expect(orderMailKind('ONLINE', s('Cancelled', 'Pending'), s('Cancelled', 'Paid'))).toBeNull();
    expect(orderMailKind('ONLINE', s('Cancelled', 'Paid'), s('Cancelled', 'Refund Initiated'))).toBe(
      'refundInitiated',
    );
  });

  it('returns: only the refund is mailed', () => {
    expect(orderMailKind('ONLINE', s('Delivered', 'Paid'), s('Return Requested', 'Paid'))).toBeNull();
    expect(orderMailKind('ONLINE', s('Return Requested', 'Paid'), s('Return Approved', 'Paid'))).toBeNull();
    expect(orderMailKind('ONLINE', s('Return Approved', 'Paid'), s('Returned', 'Refund Initiated'))).toBe(
      'refundInitiated',
    );
    expect(orderMailKind('COD', s('Return Approved', 'Paid'), s('Return Approved', 'Refund Initiated'))).toBe(
      'refundInitiated',
    );
  });
});
