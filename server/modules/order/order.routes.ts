import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../common/api-paths';
import { errorResponses } from '../../../common/schemas/errors';
import {
  archivedOrdersQuerySchema,
  archivedOrdersSchema,
  cancelledOrderSchema,
  cancelOrderSchema,
  myOrdersQuerySchema,
  myOrdersSchema,
  type Order,
  orderIdParamsSchema,
  orderSchema,
  type PayOrderAnswer,
  type PlacedOrder,
  payOrderAnswerSchema,
  placedOrderSchema,
  placeOrderErrorSchema,
  placeOrderSchema,
  type RequestReturn,
  type ReturnedOrder,
  requestReturnSchema,
  returnedOrderSchema,
} from '../../../common/schemas/order';
import { requireUser, signedInUser } from '../../plugins/auth';
import type { OrderService } from './order.service';

/** One header value; a repeated header is not a key. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  return Array.isArray(value) ? '' : value;
}

/**
 * What the order routes are given: the order service for reads, and the flows that change orders
 * across modules (stock, payment, courier), each as a function.
 */
export interface OrderRoutesOptions {
  orders: Pick<OrderService, 'myOrders' | 'archivedOrders' | 'getOwned'>;
  /** Prices the cart, takes the stock, writes the order and opens its payment (400s for a bad cart). */
  placeOrder: (userId: string, body: unknown, idempotencyKey?: string) => Promise<PlacedOrder>;
  /** Cancels within the window, returns the stock, starts the refund of a paid order. */
  cancelOrder: (userId: string, orderId: string, reason: string) => Promise<Order>;
  requestReturn: (userId: string, orderId: string, request: RequestReturn) => Promise<ReturnedOrder>;
  /** The payment of an unpaid online order again, to pay it (409 when nothing is due or time is up). */
  payOrder: (userId: string, orderId: string) => Promise<PayOrderAnswer>;
  now: () => Date;
}

/**
 * Orders (SPEC.md §7, DESIGN.md §5). The order body is validated by the place-order flow rather than
 * the route schema, because every invalid order answers 400 (DESIGN.md §5), not the usual 422.
 */
export async function orderRoutes(
  app: FastifyInstance,
  { orders, placeOrder, cancelOrder, requestReturn, payOrder, now }: OrderRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: requireUser };

  routes.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  routes.post(
    API.order.place,
    {
      ...signedIn,
      schema: {
        summary: 'Place an order',
        description:
          "Priced from the shop's own catalog. `payment` is null for COD; for ONLINE it holds what the provider's checkout opens with. 400 codes: `PRICE_CHANGED` (with today's `prices`), `OUT_OF_STOCK`, and any invalid line, address or payment mode. An `Idempotency-Key` header makes a retry answer the first order instead of placing a second.",
        tags: ['orders'],
        // The place-order flow checks the body, so that every invalid order answers 400, not 422.
        documentedBody: { contentType: 'application/json', schema: placeOrderSchema },
        response: {
          201: placedOrderSchema,
          400: placeOrderErrorSchema,
          ...errorResponses(401, 403, 422, 503),
        },
      },
    },
    async (request, reply) => {
      const placed = await placeOrder(signedInUser(request).id, request.body, idempotencyKeyOf(request));
      return reply.status(201).send(placed);
    },
  );

  routes.get(
    API.order.mine,
    {
      ...signedIn,
      schema: {
        summary: 'My orders',
        description: 'Newest first, 10 a page; archived orders are left out.',
        tags: ['orders'],
        querystring: myOrdersQuerySchema,
        response: { 200: myOrdersSchema, ...errorResponses(401) },
      },
    },
    (request) => orders.myOrders(signedInUser(request).id, request.query.page, now()),
  );

  routes.get(
    API.order.archived,
    {
      ...signedIn,
      schema: {
        summary: 'My archived orders',
        description: 'Newest first, 10 a page.',
        tags: ['orders'],
        querystring: archivedOrdersQuerySchema,
        response: { 200: archivedOrdersSchema, ...errorResponses(401) },
      },
    },
    (request) => orders.archivedOrders(signedInUser(request).id, request.query.page, now()),
  );

  routes.get(
    API.order.one.pattern,
    {
      ...signedIn,
      schema: {
        summary: 'One of my orders',
        description: "404 for another shopper's order.",
        tags: ['orders'],
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => orders.getOwned(signedInUser(request).id, request.params.id),
  );

  routes.post(
    API.order.cancel.pattern,
    {
      ...signedIn,
      schema: {
        summary: 'Cancel one of my orders',
        description:
          'Within 6 hours of ordering and before it ships (409 otherwise); a paid order is refunded.',
        tags: ['orders'],
        params: orderIdParamsSchema,
        body: cancelOrderSchema,
        response: { 200: cancelledOrderSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => ({
      order: await cancelOrder(signedInUser(request).id, request.params.id, request.body.reason),
    }),
  );

  routes.post(
    API.order.pay.pattern,
    {
      ...signedIn,
      schema: {
        summary: 'Pay one of my online orders that is not paid yet',
        description:
          "What the provider's checkout opens with, for an online order still waiting for its payment; 409 when nothing is due or its time to pay has run out.",
        tags: ['orders'],
        params: orderIdParamsSchema,
        response: { 200: payOrderAnswerSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    (request) => payOrder(signedInUser(request).id, request.params.id),
  );

  routes.post(
    API.order.return.pattern,
    {
      ...signedIn,
      schema: {
        summary: 'Ask to return items of one of my orders',
        description:
          'Within 7 days of delivery, once per order (409 otherwise). Without `items`, every refundable line; 422 when nothing is refundable.',
        tags: ['orders'],
        params: orderIdParamsSchema,
        body: requestReturnSchema,
        response: { 201: returnedOrderSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const returned = await requestReturn(signedInUser(request).id, request.params.id, request.body);
      return reply.status(201).send(returned);
    },
  );
}
