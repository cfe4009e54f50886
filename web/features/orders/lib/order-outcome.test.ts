import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DELIVERY_STATUSES,
  type Order,
  PAYMENT_MODES,
  PAYMENT_STATUSES,
} from '../../../../common/schemas/order';
import { formatTimeLeft, msLeftToPay, orderOutcome, shownPaymentStatus } from './order-outcome';

const orderTimestamp = '2026-11-22T06:00:00.000Z';
const payBy = new Date('2026-11-22T06:30:00.000Z');
type State = Pick<Order, 'paymentMode' | 'paymentStatus' | 'deliveryStatus'>;
const outcome = (state: State) => orderOutcome({ ...state, orderTimestamp });

describe('orderOutcome', () => {
  it.each<[string, State, ReturnType<typeof orderOutcome>]>([
    [
      'a COD order on its way: its total on delivery',
      { paymentMode: 'COD', paymentStatus: 'Pending', deliveryStatus: 'Processing' },
      { headline: 'placed', due: { kind: 'cash-on-delivery' } },
    ],
    [
      'a delivered COD order: paid on delivery',
      { paymentMode: 'COD', paymentStatus: 'Paid', deliveryStatus: 'Delivered' },
      { headline: 'delivered', due: { kind: 'nothing', paid: 'on-delivery', refund: null } },
    ],
    [
      'a cancelled COD order: nothing',
      { paymentMode: 'COD', paymentStatus: 'Pending', deliveryStatus: 'Cancelled' },
      { headline: 'cancelled', due: { kind: 'nothing', paid: null, refund: null } },
    ],
    [
      'a COD order the courier could not deliver: nothing',
      { paymentMode: 'COD', paymentStatus: 'Pending', deliveryStatus: 'Failed' },
      { headline: 'undelivered', due: { kind: 'nothing', paid: null, refund: null } },
    ],
    [
      'an online order waiting for its payment: pay within 30 minutes of placing',
      { paymentMode: 'ONLINE', paymentStatus: 'Pending', deliveryStatus: 'Pending' },
      { headline: 'payment-pending', due: { kind: 'pay-online', payBy } },
    ],
    [
      'an online order whose payment was declined: the same, and it failed',
      { paymentMode: 'ONLINE', paymentStatus: 'Failed', deliveryStatus: 'Pending' },
      { headline: 'payment-failed', due: { kind: 'pay-online', payBy } },
    ],
    [
      'a paid online order: nothing',
      { paymentMode: 'ONLINE', paymentStatus: 'Paid', deliveryStatus: 'Processing' },
      { headline: 'placed', due: { kind: 'nothing', paid: 'online', refund: null } },
    ],
    [
      'a paid online order, delivered, return asked for',
      { paymentMode: 'ONLINE', paymentStatus: 'Paid', deliveryStatus: 'Return Requested' },
      { headline: 'delivered', due: { kind: 'nothing', paid: 'online', refund: null } },
    ],
    [
      'a cancelled paid online order: refund initiated',
      { paymentMode: 'ONLINE', paymentStatus: 'Refund Initiated', deliveryStatus: 'Cancelled' },
      { headline: 'cancelled', due: { kind: 'nothing', paid: null, refund: 'initiated' } },
    ],
    [
      'a cancelled online order refunded',
      { paymentMode: 'ONLINE', paymentStatus: 'Refunded', deliveryStatus: 'Cancelled' },
      { headline: 'cancelled', due: { kind: 'nothing', paid: null, refund: 'refunded' } },
    ],
    [
      'a cancelled online order never paid',
      { paymentMode: 'ONLINE', paymentStatus: 'Failed', deliveryStatus: 'Cancelled' },
      { headline: 'cancelled', due: { kind: 'nothing', paid: null, refund: null } },
    ],
    [
      'a returned order being refunded',
      { paymentMode: 'COD', paymentStatus: 'Refund Initiated', deliveryStatus: 'Returned' },
      { headline: 'returned', due: { kind: 'nothing', paid: null, refund: 'initiated' } },
    ],
  ])('%s', (_what, state, expected) => {
    expect(outcome(state)).toEqual(expected);
  });

  it('never thanks for an unconfirmed order, never asks a cancelled one to pay, and asks for cash only from COD', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PAYMENT_MODES),
        fc.constantFrom(...PAYMENT_STATUSES),
        fc.constantFrom(...DELIVERY_STATUSES),
        (paymentMode, paymentStatus, deliveryStatus) => {
          const { headline, due } = outcome({ paymentMode, paymentStatus, deliveryStatus });
          const paying = due.kind === 'pay-online';
          expect(paying).toBe(headline === 'payment-failed' || headline === 'payment-pending');
          if (deliveryStatus === 'Cancelled' || deliveryStatus === 'Failed') expect(due.kind).toBe('nothing');
          if (due.kind === 'cash-on-delivery') expect(paymentMode).toBe('COD');
          if (paying) expect(paymentMode).toBe('ONLINE');
        },
      ),
    );
  });
});

describe('the time left to pay', () => {
  it('counts down in minutes and seconds, rounding up, and never below 0:00', () => {
    expect(formatTimeLeft(msLeftToPay(payBy, new Date('2026-11-22T06:05:53.000Z')))).toBe('24:07');
    expect(formatTimeLeft(msLeftToPay(payBy, new Date('2026-11-22T06:00:00.000Z')))).toBe('30:00');
    expect(formatTimeLeft(msLeftToPay(payBy, new Date(payBy.getTime() - 1)))).toBe('0:01');
    expect(msLeftToPay(payBy, payBy)).toBe(0);
    expect(msLeftToPay(payBy, new Date(payBy.getTime() + 60_000))).toBe(0);
    expect(formatTimeLeft(0)).toBe('0:00');
  });
});

describe('shownPaymentStatus', () => {
  it('is null (nothing due) for a stopped order never paid, and the status otherwise', () => {
    expect(shownPaymentStatus({ paymentStatus: 'Pending', deliveryStatus: 'Cancelled' })).toBeNull();
    expect(shownPaymentStatus({ paymentStatus: 'Failed', deliveryStatus: 'Failed' })).toBeNull();
    expect(shownPaymentStatus({ paymentStatus: 'Refund Initiated', deliveryStatus: 'Cancelled' })).toBe(
      'Refund Initiated',
    );
    expect(shownPaymentStatus({ paymentStatus: 'Pending', deliveryStatus: 'Processing' })).toBe('Pending');
  });
});
