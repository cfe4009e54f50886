import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addItem,
  applyFreshPrices,
  type CartItem,
  cartTotal,
  cartUnits,
  decrementItem,
  incrementItem,
  type NewCartItem,
  removeItem,
} from './cart-logic';

const kurta: NewCartItem = {
  _id: 'p1',
  image: '/images/p1.webp',
  name: 'Cotton Kurta',
  price: 999,
  countInStock: 2,
  selectedColor: 'Red',
  selectedSize: 'M',
};

describe('addItem', () => {
  it('starts a new line at quantity 1 with the chosen colour and size, not refundable by default', () => {
    const { items, outcome } = addItem([], kurta);
    expect(outcome).toBe('added');
    expect(items).toEqual([{ ...kurta, quantity: 1, isRefundable: false }]);
  });

  it('keeps isRefundable when given', () => {
    expect(addItem([], { ...kurta, isRefundable: true }).items[0]?.isRefundable).toBe(true);
  });

  it('raises the same product, colour and size by 1 while below countInStock', () => {
    const once = addItem([], kurta).items;
    const twice = addItem(once, kurta);
    expect(twice.outcome).toBe('added');
    expect(twice.items).toHaveLength(1);
    expect(twice.items[0]?.quantity).toBe(2);
  });

  it('answers stock-limit and leaves the cart unchanged at countInStock', () => {
    const full = addItem(addItem([], kurta).items, kurta).items;
    const again = addItem(full, kurta);
    expect(again.outcome).toBe('stock-limit');
    expect(again.items).toBe(full);
    expect(again.items[0]?.quantity).toBe(2);
  });

  it('treats another colour or size as another line', () => {
    let items = addItem([], kurta).items;
    items = addItem(items, { ...kurta, selectedSize: 'L' }).items;
    items = addItem(items, { ...kurta, selectedColor: 'Blue' }).items;
    expect(items).toHaveLength(3);
    expect(items.every((line) => line.quantity === 1)).toBe(true);
  });

  it('never adds a sold-out product', () => {
    const result = addItem([], { ...kurta, countInStock: 0 });
    expect(result.outcome).toBe('stock-limit');
    expect(result.items).toEqual([]);
  });

  it('adds several units up to the stock and reports the shortfall', () => {
    const result = addItem([], kurta, 5);
    expect(result.items[0]?.quantity).toBe(2);
    expect(result.outcome).toBe('stock-limit');
  });
});

describe('incrementItem, decrementItem and removeItem', () => {
  const start = addItem([], { ...kurta, countInStock: 3 }).items;

  it('increments an existing line up to its stock', () => {
    const two = incrementItem(start, kurta);
    expect(two.items[0]?.quantity).toBe(2);
    const three = incrementItem(two.items, kurta);
    expect(incrementItem(three.items, kurta).outcome).toBe('stock-limit');
  });

  it('lowers the quantity by 1, and removes the line at quantity 1', () => {
    const two = incrementItem(start, kurta).items;
    expect(decrementItem(two, kurta)[0]?.quantity).toBe(1);
    expect(decrementItem(start, kurta)).toEqual([]);
  });

  it('hard-removes a line whatever its quantity, leaving other lines', () => {
    const other = { ...kurta, selectedSize: 'S' };
    const items = incrementItem(addItem(start, other).items, kurta).items;
    expect(removeItem(items, kurta)).toEqual([{ ...other, quantity: 1, isRefundable: false }]);
  });
});

describe('totals and price refresh', () => {
  it('sums price × quantity without floating-point drift', () => {
    const items: CartItem[] = [
      { ...kurta, price: 0.1, quantity: 3, countInStock: 5, isRefundable: false },
      { ...kurta, _id: 'p2', price: 1299.5, quantity: 2, countInStock: 5, isRefundable: true },
    ];
    expect(cartTotal(items)).toBe(2599.3);
    expect(cartUnits(items)).toBe(5);
  });

  it('applies new prices and refundability, keeps lines without an answer, and reports a change', () => {
    const items = addItem(addItem([], kurta).items, { ...kurta, _id: 'p2', price: 500 }).items;
    const { items: next, changed } = applyFreshPrices(
      items,
      new Map([['p1', { price: 1099, isRefundable: true }]]),
    );
    expect(changed).toBe(true);
    expect(next.map((line) => [line.price, line.isRefundable])).toEqual([
      [1099, true],
      [500, false],
    ]);
  });

  it('gives each line the picture of its colour, which is no price change', () => {
    const pictures = {
      images: ['/p1-red.webp', '/p1-blue.webp'],
      colorImages: [
        { color: 'Red', images: ['/p1-red.webp'] },
        { color: 'Blue', images: ['/p1-blue.webp'] },
      ],
    };
    const stale = { ...kurta, image: '/p1-old.webp' };
    const items = [
      ...addItem([], { ...stale, selectedColor: 'Blue' }).items,
      ...addItem([], { ...stale, selectedColor: 'Green' }).items,
      ...addItem([], { ...stale, _id: 'p2' }).items,
    ];
    const { items: next, changed } = applyFreshPrices(
      items,
      new Map([
        ['p1', { price: 999, isRefundable: false, pictures }],
        ['p2', { price: 999, isRefundable: false, pictures: { images: [], colorImages: [] } }],
      ]),
    );
    expect(changed).toBe(false);
    // Green has no picture of its own: the product's first. p2 has no pictures: the line keeps its own.
    expect(next.map((line) => [line._id, line.selectedColor, line.image])).toEqual([
      ['p1', 'Blue', '/p1-blue.webp'],
      ['p1', 'Green', '/p1-red.webp'],
      ['p2', 'Red', '/p1-old.webp'],
    ]);
    const again = applyFreshPrices(next, new Map([['p1', { price: 999, isRefundable: false, pictures }]]));
    expect(again).toEqual({ items: next, changed: false });
  });

  it('reports no change when every price is the same', () => {
    const items = addItem([], kurta).items;
    const result = applyFreshPrices(items, new Map([['p1', { price: 999, isRefundable: false }]]));
    expect(result).toEqual({ items, changed: false });
  });
});

// ---- Properties -------------------------------------------------------------------------------------

const productArb = fc.record({
  _id: fc.constantFrom('a', 'b', 'c'),
  image: fc.constant('/img.webp'),
  name: fc.string({ maxLength: 10 }),
  price: fc.integer({ min: 0, max: 10_000_000 }).map((paise) => paise / 100),
  countInStock: fc.integer({ min: 0, max: 6 }),
  selectedColor: fc.constantFrom('Red', 'Blue'),
  selectedSize: fc.constantFrom('S', 'M'),
});

const actionArb = fc.oneof(
  fc.record({
    kind: fc.constant('add' as const),
    product: productArb,
    units: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({ kind: fc.constant('increment' as const), product: productArb }),
  fc.record({ kind: fc.constant('decrement' as const), product: productArb }),
  fc.record({ kind: fc.constant('remove' as const), product: productArb }),
);

type Action = typeof actionArb extends fc.Arbitrary<infer A> ? A : never;

function run(actions: Action[]): CartItem[] {
  let items: CartItem[] = [];
  for (const action of actions) {
    if (action.kind === 'add') items = addItem(items, action.product, action.units).items;
    else if (action.kind === 'increment') items = incrementItem(items, action.product).items;
    else if (action.kind === 'decrement') items = decrementItem(items, action.product);
    else items = removeItem(items, action.product);
  }
  return items;
}

describe('cart properties', () => {
  it('never holds a quantity above countInStock or below 1', () => {
    fc.assert(
      fc.property(fc.array(actionArb, { maxLength: 40 }), (actions) => {
        for (const line of run(actions)) {
          expect(line.quantity).toBeGreaterThanOrEqual(1);
          expect(line.quantity).toBeLessThanOrEqual(line.countInStock);
          expect(Number.isInteger(line.quantity)).toBe(true);
        }
      }),
    );
  });

  it('keeps one line per product, colour and size', () => {
    fc.assert(
      fc.property(fc.array(actionArb, { maxLength: 40 }), (actions) => {
        const keys = run(actions).map((l) => `${l._id}|${l.selectedColor}|${l.selectedSize}`);
        expect(new Set(keys).size).toBe(keys.length);
      }),
    );
  });

  it('totals Σ price × quantity (to the paisa)', () => {
    fc.assert(
      fc.property(fc.array(actionArb, { maxLength: 40 }), (actions) => {
        const items = run(actions);
        const expected = items.reduce((sum, l) => sum + l.price * l.quantity, 0);
        expect(cartTotal(items)).toBeCloseTo(expected, 2);
        expect(Math.round(cartTotal(items) * 100)).toBe(
          items.reduce((sum, l) => sum + Math.round(l.price * 100) * l.quantity, 0),
        );
      }),
    );
  });

  it('adds exactly one unit when below stock, none when at stock', () => {
    fc.assert(
      fc.property(fc.array(actionArb, { maxLength: 20 }), productArb, (actions, product) => {
        const before = run(actions);
        const line = before.find(
          (l) =>
            l._id === product._id &&
            l.selectedColor === product.selectedColor &&
            l.selectedSize === product.selectedSize,
        );
        const had = line?.quantity ?? 0;
        const { items, outcome } = addItem(before, product);
        const after =
          items.find(
            (l) =>
              l._id === product._id &&
              l.selectedColor === product.selectedColor &&
              l.selectedSize === product.selectedSize,
          )?.quantity ?? 0;
        if (had < product.countInStock) {
          expect(outcome).toBe('added');
          expect(after).toBe(had + 1);
        } else {
          expect(outcome).toBe('stock-limit');
          expect(after).toBe(had);
        }
      }),
    );
  });
});
