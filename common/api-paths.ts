/**
 * Every path of the HTTP contract (DESIGN.md §5, SPEC.md §7), written once: the server's routes
 * register these patterns, and the web client, the tests, e2e/ and bench/ build their URLs from them,
 * so a path cannot be renamed on one side only.
 *
 * A path without parameters is a plain string. A path with parameters is a builder: call it with the
 * values, in the pattern's order, for a concrete path (each value URL-encoded); its `pattern`
 * (`/api/order/:id/cancel`) is what Fastify registers. Query strings are the caller's.
 */

/** One string for each `:name` segment of a pattern, in order. */
type ParamValues<P extends string> = P extends `${string}:${string}/${infer Rest}`
  ? [string, ...ParamValues<Rest>]
  : P extends `${string}:${string}`
    ? [string]
    : [];

/** A path with parameters: a builder of concrete paths that carries the route pattern it was made from. */
type PathBuilder<P extends string> = ((...values: ParamValues<P>) => string) & { readonly pattern: P };

function withParams<const P extends string>(pattern: P): PathBuilder<P> {
  const build = (...values: string[]) => {
    let next = 0;
    return pattern.replace(/:\w+/g, () => encodeURIComponent(values[next++] ?? ''));
  };
  return Object.assign(build, { pattern });
}

/** Every staff path starts here: the admin plugin guards the whole prefix, unknown paths included. */
export const STAFF_PREFIX = '/api/admin/';

/** Every /api path, grouped by the server module that answers it. */
export const API = {
  system: {
    /** GET: 200 when the database answers, 503 when it does not. */
    health: '/api/health',
    /** GET: the public settings the shop front needs (shop name, captcha site key, payment, pricing rules). */
    config: '/api/config',
  },
  docs: {
    /** GET: the OpenAPI 3.1 document, generated from the routes' zod schemas. */
    document: '/api/openapi.json',
    /** GET: the reference page (Swagger UI); its assets are served under this path. */
    reference: '/api/docs',
  },
  users: {
    /** GET: the CSRF token of the current session. Its odd name is part of the contract (SPEC.md §7). */
    csrf: '/api/users/dancingcable',
    register: '/api/users/register',
    login: '/api/users/login',
    /** POST {code}: completes a sign-in that answered `twoFactorRequired`. */
    loginTwoFactor: '/api/users/login/2fa',
    /** POST {token, password}: the page of a staff invitation link. */
    acceptInvite: '/api/users/accept-invite',
    logout: '/api/users/logout',
    checkAuth: '/api/users/check-auth',
    /** GET the signed-in shopper's profile; PATCH changes it. */
    profile: '/api/users/profile',
    changePassword: '/api/users/change-password',
    /** DELETE: close the signed-in shopper's account. */
    me: '/api/users/me',
    updateLastReminder: '/api/users/update-last-reminder',
  },
  passwordReset: {
    forgotPassword: '/api/users/forgot-password',
    verifyOtp: '/api/users/verify-otp',
    resetPassword: '/api/users/reset-password',
  },
  phone: {
    sendOtp: '/api/users/phone/send-otp',
    verify: '/api/users/phone/verify',
  },
  address: {
    /** POST adds an address (201 {address}); GET lists the shopper's addresses, the default first. */
    collection: '/api/users/address',
    /** PUT replaces an address (200 {address}); DELETE removes it. */
    one: withParams('/api/users/address/:id'),
    /** PATCH makes the address the shopper's one default. */
    setDefault: withParams('/api/users/address/:id/default'),
  },
  catalog: {
    /** GET ?category=&page=&…: the product listing. */
    products: '/api/products',
    home: '/api/products/home',
    search: '/api/products/search',
    autocomplete: '/api/products/autocomplete',
    categoryTree: '/api/products/category-tree',
    /** GET: one product's detail. */
    product: withParams('/api/products/:id'),
  },
  likes: {
    /** GET: the signed-in shopper's liked product ids, newest like first. */
    ids: '/api/products/likes/ids',
    /** GET: the signed-in shopper's liked products as summaries, newest like first. */
    products: '/api/products/likes',
    /** GET ?ids=a,b,c: summaries of the named products, for a guest's locally kept likes. */
    summaries: '/api/products/likes/summaries',
    /** POST likes, DELETE unlikes. */
    like: withParams('/api/products/:id/like'),
  },
  reviews: {
    /** GET ?page=&sort=: approved reviews with the rating summary; POST (multipart): write one. */
    product: withParams('/api/products/:id/reviews'),
    /** GET: whether the signed-in shopper may review the product, and their own review if any. */
    mine: withParams('/api/products/:id/reviews/mine'),
    /** PUT (multipart): edit your own review; DELETE: delete it. */
    one: withParams('/api/reviews/:reviewId'),
    /** POST: mark a review helpful; DELETE: take the vote back. */
    helpful: withParams('/api/reviews/:reviewId/helpful'),
    /** GET ?page=: approved reviews with a photo and 4 or 5 stars, newest first. */
    happyCustomers: '/api/reviews/happy-customers',
  },
  order: {
    /** POST: place an order. */
    place: '/api/order',
    /** GET ?page=n: the signed-in shopper's orders, newest first. */
    mine: '/api/order/myorders',
    /** GET ?page=n: the shopper's archived orders (SPEC.md §7, §9), 10 a page, newest first. */
    archived: '/api/order/archived-orders',
    /** GET: one of the shopper's orders. */
    one: withParams('/api/order/:id'),
    /** POST: cancel within the cancel window, before shipping. */
    cancel: withParams('/api/order/:id/cancel'),
    /** POST: ask to return refundable lines within 7 days of delivery, once per order. */
    return: withParams('/api/order/:id/return'),
    /** POST: the payment of an unpaid online order again, to pay it ("Pay now"). */
    pay: withParams('/api/order/:id/pay'),
  },
  payments: {
    /** POST: the browser reports a payment it made; the server checks the provider's signature. */
    verify: '/api/payments/verify',
    /** POST: the provider's signed webhook (no CSRF token: the signature over the raw body stands in). */
    webhook: '/api/payments/webhook',
    /** GET: the simulator's hosted payment page for one of its orders (PAYMENT_PROVIDER=simulator). */
    simulatorCheckout: withParams('/api/payments/simulator/checkout/:providerOrderId'),
    /** POST: the simulator's page pays the order. */
    simulatorPay: withParams('/api/payments/simulator/checkout/:providerOrderId/pay'),
    /** POST: the simulator's page declines the payment. */
    simulatorFail: withParams('/api/payments/simulator/checkout/:providerOrderId/fail'),
    /** GET: the stylesheet of that page (the CSP allows no inline style). */
    simulatorStylesheet: '/api/payments/simulator/checkout.css',
  },
  shipping: {
    /** GET ?pincode=: can the courier deliver there, with cash on delivery, and how fast. */
    serviceability: '/api/shipping/serviceability',
    /** POST: the courier's tracking updates (token in `x-api-key`; no CSRF token). */
    webhook: '/api/shipping/webhook',
  },
  analytics: {
    collect: '/api/analytics/collect',
  },
  grievances: {
    /** POST {name, email, phone?, orderNumber?, subject, description, token?}: file a grievance (201). */
    file: '/api/grievances',
    /** GET ?email=: the ticket's status and replies, for the email that filed it (404 otherwise). */
    ticket: withParams('/api/grievances/:ticketNumber'),
  },
  admin: {
    /** GET: the signed-in staff member and their permissions (common/staff.ts). */
    me: '/api/admin/me',
    /** GET ?actor=&entity=&entityId=&from=&to=&page=: every staff write, newest first. */
    audit: '/api/admin/audit',
    /** GET ?q=&page=&limit=: customer accounts, oldest first. */
    customers: '/api/admin/customers',
    /** GET: one customer with addresses, orders, reviews and lifetime value. */
    customer: withParams('/api/admin/customers/:id'),
    /** POST: block the customer (their sessions end, sign-in answers 403). */
    customerBlock: withParams('/api/admin/customers/:id/block'),
    /** POST: lift the block. */
    customerUnblock: withParams('/api/admin/customers/:id/unblock'),
    /** GET ?status=&page=: reviews waiting for moderation oldest first, moderated ones last moderated first. */
    reviews: '/api/admin/reviews',
    approveReview: withParams('/api/admin/reviews/:reviewId/approve'),
    /** POST {note?}. */
    rejectReview: withParams('/api/admin/reviews/:reviewId/reject'),
    /** GET ?range=today|7d|30d: how the shop is doing. */
    dashboard: '/api/admin/dashboard',
    /** GET: staff and open invitations; POST {email, name, role}: invite (owner). */
    staff: '/api/admin/staff',
    /** PATCH {role?, active?} (owner). */
    staffMember: withParams('/api/admin/staff/:id'),
    /** POST: start setting up an authenticator app; DELETE {code}: turn two-factor sign-in off. */
    totp: '/api/admin/me/totp',
    /** POST {code}: confirm the app, which turns two-factor sign-in on. */
    totpVerify: '/api/admin/me/totp/verify',
    /** GET, PATCH: the shop settings (owner). */
    settings: '/api/admin/settings',
    /** GET ?q=&status=&category=&stock=low|out&page=&limit=; POST: create a product. */
    products: '/api/admin/products',
    /** POST {ids, action, percent?}: a status or a price change for many products. */
    productsBulk: '/api/admin/products/bulk',
    /** GET: every variant as CSV. */
    productsExport: '/api/admin/products/export',
    /** POST ?dryRun= with a CSV body: create and change products by SKU, all or nothing. */
    productsImport: '/api/admin/products/import',
    /** GET, PATCH {…, version}, DELETE (archives). */
    product: withParams('/api/admin/products/:id'),
    /** POST (multipart): add a picture. */
    productImages: withParams('/api/admin/products/:id/images'),
    /** DELETE: remove a picture. */
    productImage: withParams('/api/admin/products/:id/images/:imageId'),
    /** GET ?status=&page=: grievance tickets, the nearest reply due first. */
    grievances: '/api/admin/grievances',
    /** GET: one ticket with its replies. */
    grievance: withParams('/api/admin/grievances/:ticketNumber'),
    /** POST {message}: answer the person (emailed to them). */
    grievanceReply: withParams('/api/admin/grievances/:ticketNumber/replies'),
    /** POST {note?}: close the ticket as resolved. */
    grievanceResolve: withParams('/api/admin/grievances/:ticketNumber/resolve'),
    /** GET ?status=&paymentMode=&q=&from=&to=&page=: orders, newest first. */
    orders: '/api/admin/orders',
    /** GET: one order with its customer, notes, payment, shipment and refunds. */
    order: withParams('/api/admin/orders/:id'),
    /** POST {deliveryStatus, note?}: one step along the delivery. */
    orderStatus: withParams('/api/admin/orders/:id/status'),
    /** POST {reason}: cancel, restock and refund what was paid. */
    orderCancel: withParams('/api/admin/orders/:id/cancel'),
    /** POST {amount, reason}: refund part or all of what was paid. */
    orderRefund: withParams('/api/admin/orders/:id/refund'),
    /** POST {text}: a note only staff read. */
    orderNotes: withParams('/api/admin/orders/:id/notes'),
    /** POST: approve the order's return request. */
    returnApprove: withParams('/api/admin/orders/:id/return/approve'),
    /** POST {note}: reject the order's return request. */
    returnReject: withParams('/api/admin/orders/:id/return/reject'),
    /** POST: the returned items arrived: restock them and refund them. */
    returnReceived: withParams('/api/admin/orders/:id/return/received'),
    /** GET ?status=&page=: return requests with their refund due dates. */
    returns: '/api/admin/returns',
    /** GET: the category tree with product counts, and the brands; POST {parent, name}: add a node; PATCH {path, name?, parent?}: rename or move one. */
    categories: '/api/admin/categories',
    /** POST {name}: add a brand; PATCH {from, name}: rename one. */
    brands: '/api/admin/categories/brands',
  },
} as const;
