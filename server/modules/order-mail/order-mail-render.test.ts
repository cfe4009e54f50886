import { describe, expect, it } from 'vitest';
import type { Order } from '../../../common/schemas/order';
import { escapeHtml, html } from './html';
import { type OrderMailShop, renderOrderMail } from './order-mail-render';

const shop: OrderMailShop = {
  name: 'Pehnava',
  supportEmail: 'support@pehnava.in',
  supportPhone: '+91 98765 43210',
  siteUrl: 'https://shop.example.in',
  myOrdersUrl: 'https://shop.example.in/myorders',
};

const order: Order = {
  _id: '5b0c7c1e-8f7a-4d51-9d4e-0d1f2a3b4c5d',
  orderNumber: 'PNV-2611-7K3Q9',
  orderTimestamp: '2026-11-22T10:00:00.000Z',
  items: [
    {
      productId: 'a1',
      name: 'Cotton Kurta',
      image: '/images/products/cotton-kurta-1a2b3c-white.webp',
      quantity: 3,
      price: 499.5,
      selectedColor: 'White',
      selectedSize: 'M',
      isRefundable: true,
    },
    {
      productId: 'a2',
      name: 'Silk <Dupatta> & "Stole"',
      image: '/images/dupatta.webp',
      quantity: 1,
      price: 1299,
      selectedColor: 'Red',
      selectedSize: 'Free',
      isRefundable: false,
    },
  ],
  itemsPrice: 2797.5,
  shippingPrice: 0,
  taxPrice: 0,
  discount: 0,
  totalPrice: 2797.5,
  paymentMode: 'COD',
  paymentStatus: 'Pending',
  deliveryStatus: 'Processing',
  address: {
    _id: 'addr',
    name: '<img src=x onerror=alert(1)>',
    phone: '9876543210',
    addressLine1: '12 Rangoli Lane',
    addressLine2: '',
    addressLine3: '',
    pincode: '302001',
    district: 'Jaipur',
    state: 'Rajasthan',
    country: 'India',
  },
  orderNotes: '',
  history: [],
};

const placed = { deliveryStatus: 'Processing', paymentStatus: 'Pending' } as const;
const to = { name: 'Asha "<b>" Verma', email: 'asha@example.in' };

describe('escaping', () => {
  it('escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('the html tag escapes strings and numbers but keeps nested fragments, and drops empty values', () => {
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p>${'a<b'} ${3} ${inner} ${[inner, inner]}${null}${undefined}${false}</p>`.value).toBe(
      '<p>a&lt;b 3 <b>&lt;i&gt;</b> <b>&lt;i&gt;</b><b>&lt;i&gt;</b></p>',
    );
  });
});

describe('order mails', () => {
  it('the confirmation: subject, recipient and every part of the order in plain text', () => {
    const mail = renderOrderMail('confirmed', order, placed, to, shop);
    expect(mail.to).toBe('asha@example.in');
    expect(mail.subject).toBe('Your Pehnava order PNV-2611-7K3Q9 is confirmed');
    expect(mail.text).toBe(
      [
        'Hello Asha "<b>" Verma,',
        '',
        'Thank you for shopping with Pehnava! We have received your order PNV-2611-7K3Q9 and are getting it ready. You pay Rs 2,797.50 in cash when it is delivered.',
        '',
        'We will write again when it ships.',
        '',
        'Order PNV-2611-7K3Q9, placed on 22 Nov 2026, 3:30 pm IST',
        'Payment: Cash on delivery',
        '',
        '- Cotton Kurta (White, M) × 3 at Rs 499.50: Rs 1,498.50',
        '- Silk <Dupatta> & "Stole" (Red, Free) × 1 at Rs 1,299: Rs 1,299',
        '',
        'Items: Rs 2,797.50',
        'Shipping: Free',
        'Total: Rs 2,797.50',
        '',
        'Delivering to:',
        '<img src=x onerror=alert(1)>',
        '12 Rangoli Lane',
        'Jaipur, Rajasthan 302001',
        'India',
        'Phone: 9876543210',
        '',
        'See your orders: https://shop.example.in/myorders',
        'Questions? Write to support@pehnava.in or call +91 98765 43210 (9:00 AM – 9:00 PM IST · Mon–Sat).',
        '',
        'Pehnava',
        '',
      ].join('\n'),
    );
  });

  it('the HTML escapes every name and address text and links to My Orders', () => {
    const { html: body = '' } = renderOrderMail('confirmed', order, placed, to, shop);
    expect(body).toContain('<p>Hello Asha &quot;&lt;b&gt;&quot; Verma,</p>');
    expect(body).toContain('Silk &lt;Dupatta&gt; &amp; &quot;Stole&quot;');
    expect(body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(body).not.toContain('<img src=x');
    expect(body).not.toContain('<Dupatta>');
    expect(body).toContain('<a href="https://shop.example.in/myorders"');
    expect(body).toContain('<td style="padding:4px 8px;text-align:right"><strong>Rs 2,797.50</strong></td>');
    expect(body).toContain('<a href="mailto:support@pehnava.in">support@pehnava.in</a>');
  });

  it("shows each line's picture, the colour bought, loaded from the shop's address", () => {
    const withPictures: Order = {
      ...order,
      items: [
        order.items[0] as Order['items'][number],
        { ...(order.items[1] as Order['items'][number]), image: 'https://cdn.example.in/dupatta-red.webp' },
        { ...(order.items[1] as Order['items'][number]), image: '' },
        { ...(order.items[1] as Order['items'][number]), image: 'javascript:alert(1)' },
      ],
    };
    const { html: body = '', text } = renderOrderMail('confirmed', withPictures, placed, to, shop);
    const pictures = [...body.matchAll(/<img [^>]*>/g)].map(([tag]) => tag);
    const style = 'float:left;margin:0 10px 4px 0;border-radius:4px;background:#f3ece4';
    expect(pictures).toEqual([
      `<img src="https://shop.example.in/images/products/cotton-kurta-1a2b3c-white-sm.webp" width="48" height="60" alt="" style="${style}">`,
      `<img src="https://cdn.example.in/dupatta-red.webp" width="48" height="60" alt="" style="${style}">`,
    ]);
    expect(text).not.toContain('webp');
  });

  it('subjects and openings of the other mails', () => {
    const paid: Order = {
      ...order,
      paymentMode: 'ONLINE',
      paymentStatus: 'Paid',
      shippingPrice: 49,
      totalPrice: 2846.5,
    };
    const cases = [
      [
        'shipped',
        order,
        placed,
        'Your Pehnava order PNV-2611-7K3Q9 has shipped',
        'Please keep Rs 2,797.50 ready to pay in cash on delivery.',
      ],
      [
        'delivered',
        order,
        placed,
        'Your Pehnava order PNV-2611-7K3Q9 has been delivered',
        'you can ask for a return of the returnable items from My Orders within 7 days of delivery.',
      ],
      [
        'cancelled',
        order,
        placed,
        'Your Pehnava order PNV-2611-7K3Q9 has been cancelled',
        'You had chosen cash on delivery, so nothing was charged.',
      ],
      [
        'cancelled',
        paid,
        { deliveryStatus: 'Cancelled', paymentStatus: 'Refund Initiated' },
        'Your Pehnava order PNV-2611-7K3Q9 has been cancelled',
        'We have initiated a refund of Rs 2,846.50 to the account or card you paid with',
      ],
      [
        'refundInitiated',
        paid,
        { deliveryStatus: 'Returned', paymentStatus: 'Refund Initiated' },
        'Refund initiated for your Pehnava order PNV-2611-7K3Q9',
        'We have initiated the refund for your order PNV-2611-7K3Q9.',
      ],
      [
        'confirmed',
        paid,
        { deliveryStatus: 'Processing', paymentStatus: 'Paid' },
        'Your Pehnava order PNV-2611-7K3Q9 is confirmed',
        'We have received your payment of Rs 2,846.50 for order PNV-2611-7K3Q9',
      ],
    ] as const;
    for (const [kind, o, entry, subject, sentence] of cases) {
      const mail = renderOrderMail(kind, o, entry, to, shop);
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain(sentence);
    }
    expect(renderOrderMail('confirmed', paid, placed, to, shop).text).toContain('Shipping: Rs 49\n');
    expect(renderOrderMail('confirmed', paid, placed, to, shop).text).toContain('Payment: Paid online\n');
  });
});
