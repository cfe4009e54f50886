import { DAY, RETURN_WINDOW_MS, SUPPORT_HOURS } from '../../../common/constants';
import { PRODUCT_IMAGE_SIZES, productImageUrl } from '../../../common/images';
import { formatRs, toPaise, toRupees } from '../../../common/money';
import type { Order } from '../../../common/schemas/order';
import type { MailMessage } from '../../providers';
import type { OrderStatuses } from '../order/order.service';
import { html, type SafeHtml } from './html';
import type { OrderMailKind } from './order-mail-rule';

/** What every order mail says about the shop. */
export interface OrderMailShop {
  name: string;
  supportEmail: string;
  supportPhone: string;
  /** The shop's absolute address without a trailing slash; the mail's pictures are loaded from it. */
  siteUrl: string;
  /** Absolute link to My Orders. */
  myOrdersUrl: string;
}

/** Who gets the mail: the order's owner as the account says today. */
export interface OrderMailRecipient {
  name: string;
  email: string;
}

const PAYMENT_MODE_TEXT: Record<Order['paymentMode'], string> = {
  COD: 'Cash on delivery',
  ONLINE: 'Paid online',
};

const rs = (rupees: number) => formatRs(rupees);

/** "22 Nov 2026, 3:30 pm IST": the shop is Indian, so mails give Indian time whatever the server's zone. */
function placedOn(iso: string): string {
  const when = new Date(iso).toLocaleString('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  });
  return `${when} IST`;
}

/** The subject and opening paragraphs of each mail; `entry` is the history entry the mail is about. */
function wording(
  kind: OrderMailKind,
  order: Order,
  entry: OrderStatuses,
  shop: OrderMailShop,
): { subject: string; heading: string; paragraphs: string[] } {
  const n = order.orderNumber;
  const total = rs(order.totalPrice);
  const cod = order.paymentMode === 'COD';
  switch (kind) {
    case 'confirmed':
      return {
        subject: `Your ${shop.name} order ${n} is confirmed`,
        heading: 'Your order is confirmed',
        paragraphs: [
          cod
            ? `Thank you for shopping with ${shop.name}! We have received your order ${n} and are getting it ready. You pay ${total} in cash when it is delivered.`
            : `Thank you for shopping with ${shop.name}! We have received your payment of ${total} for order ${n} and are getting it ready.`,
          'We will write again when it ships.',
        ],
      };
    case 'shipped':
      return {
        subject: `Your ${shop.name} order ${n} has shipped`,
        heading: 'Your order is on its way',
        paragraphs: [
          `Good news: your order ${n} has shipped. We will write again when it has been delivered.`,
          ...(cod ? [`Please keep ${total} ready to pay in cash on delivery.`] : []),
        ],
      };
    case 'delivered':
      return {
        subject: `Your ${shop.name} order ${n} has been delivered`,
        heading: 'Your order has been delivered',
        paragraphs: [
          `Your order ${n} has been delivered. We hope you love it!`,
          ...(order.items.some((item) => item.isRefundable)
            ? [
                `If something is not right, you can ask for a return of the returnable items from My Orders within ${RETURN_WINDOW_MS / DAY} days of delivery.`,
              ]
            : []),
        ],
      };
    case 'cancelled':
      return {
        subject: `Your ${shop.name} order ${n} has been cancelled`,
        heading: 'Your order has been cancelled',
        paragraphs: [
          `Your order ${n} has been cancelled.`,
          entry.paymentStatus === 'Refund Initiated'
            ? `We have initiated a refund of ${total} to the account or card you paid with; your bank may take a few working days to show it.`
            : cod
              ? 'You had chosen cash on delivery, so nothing was charged.'
              : 'If any money was taken for it, we will refund it and write to you when the refund starts.',
        ],
      };
    case 'refundInitiated':
      return {
        subject: `Refund initiated for your ${shop.name} order ${n}`,
        heading: 'Your refund has been initiated',
        paragraphs: [
          `We have initiated the refund for your order ${n}. It goes back to the account or card you paid with; your bank may take a few working days to show it.`,
        ],
      };
  }
}

interface Line {
  label: string;
  value: string;
  strong?: boolean;
}

/**
 * Where a mail client loads a line's picture (the small rendition): the shop's own paths made
 * absolute, outside addresses as they are; null for no picture or for anything else.
 */
function pictureUrl(image: string, siteUrl: string): string | null {
  if (/^https:\/\//i.test(image)) return image;
  if (image.startsWith('/') && !image.startsWith('//')) return `${siteUrl}${productImageUrl(image, 'sm')}`;
  return null;
}

function itemLines(order: Order) {
  return order.items.map((item) => ({
    image: item.image,
    name: item.name,
    variant: `${item.selectedColor}, ${item.selectedSize}`,
    quantity: item.quantity,
    price: rs(item.price),
    // Summed in paise so a line of many units never shows a rounding error.
    lineTotal: rs(toRupees(toPaise(item.price) * item.quantity)),
  }));
}

function totalLines(order: Order): Line[] {
  return [
    { label: 'Items', value: rs(order.itemsPrice) },
    { label: 'Shipping', value: order.shippingPrice > 0 ? rs(order.shippingPrice) : 'Free' },
    ...(order.taxPrice > 0 ? [{ label: 'Tax', value: rs(order.taxPrice) }] : []),
    ...(order.discount > 0 ? [{ label: 'Discount', value: `-${rs(order.discount)}` }] : []),
    { label: 'Total', value: rs(order.totalPrice), strong: true },
  ];
}

function addressLines(order: Order): string[] {
  const a = order.address;
  return [
    a.name,
    a.addressLine1,
    a.addressLine2,
    a.addressLine3,
    `${a.district}, ${a.state} ${a.pincode}`,
    a.country,
    `Phone: ${a.phone}`,
  ].filter((line) => line.trim() !== '');
}

function renderText(
  words: ReturnType<typeof wording>,
  order: Order,
  to: OrderMailRecipient,
  shop: OrderMailShop,
): string {
  const items = itemLines(order).map(
    (item) => `- ${item.name} (${item.variant}) × ${item.quantity} at ${item.price}: ${item.lineTotal}`,
  );
  return [
    `Hello ${to.name},`,
    '',
    ...words.paragraphs.flatMap((p) => [p, '']),
    `Order ${order.orderNumber}, placed on ${placedOn(order.orderTimestamp)}`,
    `Payment: ${PAYMENT_MODE_TEXT[order.paymentMode]}`,
    '',
    ...items,
    '',
    ...totalLines(order).map((line) => `${line.label}: ${line.value}`),
    '',
    'Delivering to:',
    ...addressLines(order),
    '',
    `See your orders: ${shop.myOrdersUrl}`,
    `Questions? Write to ${shop.supportEmail} or call ${shop.supportPhone} (${SUPPORT_HOURS}).`,
    '',
    shop.name,
    '',
  ].join('\n');
}

const CELL = 'padding:6px 8px;border-bottom:1px solid #eee';
/** A line's picture in the mail: the product images' 4:5 shape, small beside the name. */
const PICTURE = {
  width: 48,
  height: (48 * PRODUCT_IMAGE_SIZES.sm.height) / PRODUCT_IMAGE_SIZES.sm.width,
} as const;

function renderHtml(
  words: ReturnType<typeof wording>,
  order: Order,
  to: OrderMailRecipient,
  shop: OrderMailShop,
): string {
  const rows: SafeHtml[] = itemLines(order).map((item) => {
    // The picture of the line is the colour bought (stored with the order), shown beside its name.
    const picture = pictureUrl(item.image, shop.siteUrl);
    const thumb = picture
      ? html`<img src="${picture}" width="${PICTURE.width}" height="${PICTURE.height}" alt="" style="float:left;margin:0 10px 4px 0;border-radius:4px;background:#f3ece4">`
      : '';
    return html`<tr><td style="${CELL}">${thumb}${item.name}<br><span style="color:#666">${item.variant}</span></td><td style="${CELL};text-align:right">${item.quantity}</td><td style="${CELL};text-align:right">${item.price}</td><td style="${CELL};text-align:right">${item.lineTotal}</td></tr>`;
  });
  const totals: SafeHtml[] = totalLines(order).map(
    (line) =>
      html`<tr><td colspan="3" style="padding:4px 8px;text-align:right">${line.strong ? html`<strong>${line.label}</strong>` : line.label}</td><td style="padding:4px 8px;text-align:right">${line.strong ? html`<strong>${line.value}</strong>` : line.value}</td></tr>`,
  );
  const address: SafeHtml[] = addressLines(order).map((line, i) => html`${i > 0 ? html`<br>` : ''}${line}`);
  const page = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${words.subject}</title></head>
<body style="margin:0;padding:16px;background:#faf7f2;font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5">
<div style="max-width:600px;margin:0 auto;background:#fff;padding:24px;border-radius:8px">
<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#7a2e12">${shop.name}</p>
<h1 style="font-size:20px;margin:0 0 16px">${words.heading}</h1>
<p>Hello ${to.name},</p>
${words.paragraphs.map((p) => html`<p>${p}</p>`)}
<p><strong>Order ${order.orderNumber}</strong>, placed on ${placedOn(order.orderTimestamp)}<br>Payment: ${PAYMENT_MODE_TEXT[order.paymentMode]}</p>
<table style="width:100%;border-collapse:collapse;font-size:14px">
<thead><tr><th style="${CELL};text-align:left">Item</th><th style="${CELL};text-align:right">Qty</th><th style="${CELL};text-align:right">Price</th><th style="${CELL};text-align:right">Amount</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot>${totals}</tfoot>
</table>
<h2 style="font-size:16px;margin:24px 0 8px">Delivering to</h2>
<p style="margin:0">${address}</p>
<p style="margin:24px 0"><a href="${shop.myOrdersUrl}" style="background:#7a2e12;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">See your orders</a></p>
<p style="font-size:13px;color:#555">Questions? Write to <a href="mailto:${shop.supportEmail}">${shop.supportEmail}</a> or call ${shop.supportPhone} (${SUPPORT_HOURS}).</p>
</div>
</body></html>
`;
  return page.value;
}

/**
 * The mail of one kind for one order, as plain text and simple HTML. Every text that a shopper or the
 * catalog provides (names, address, items) is escaped in the HTML by the `html` tag.
 */
export function renderOrderMail(
  kind: OrderMailKind,
  order: Order,
  entry: OrderStatuses,
  to: OrderMailRecipient,
  shop: OrderMailShop,
): MailMessage {
  const words = wording(kind, order, entry, shop);
  return {
    to: to.email,
    subject: words.subject,
    text: renderText(words, order, to, shop),
    html: renderHtml(words, order, to, shop),
  };
}
