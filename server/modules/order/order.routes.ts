import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  archivedOrdersQuerySchema,
  archivedOrdersSchema,
  cancelledOrderSchema,
  cancelOrderSchema,
  myOrdersQuerySchema,
  myOrdersSchema,
  ORDER_API,
  orderIdParamsSchema,
  orderSchema,
  placedOrderSchema,
  placeOrderErrorSchema,
  requestReturnSchema,
  returnedOrderSchema,
} from '../../../common/schemas/order';
import type { Config } from '../../config/config';
import type { Db } from '../../db/client';
import { UnauthorizedError } from '../../errors';
import { createCancelOrderFlow } from '../../flows/cancel-order';
import { createPlaceOrderFlow } from '../../flows/place-order';
import { createRefunder } from '../../flows/refund-payment';
import { createRequestReturnFlow } from '../../flows/request-return';
import { requireUser } from '../../plugins/auth';
import type { PaymentProvider, ShippingProvider } from '../../providers';
import type { AddressService } from '../address/address.service';
import type { ShippingService } from '../shipping/shipping.service';
import { createOrderService } from './order.service';
import { pricingRulesOf } from './order-pricing';

/** The signed-in shopper's id; requireUser has already answered 401 to a guest. */
function userIdOf(request: FastifyRequest): string {
  if (!request.user) throw new UnauthorizedError();
  return request.user.id;
}

/** One header value; a repeated header is not a key. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  return Array.isArray(value) ? '' : value;
}

/**
 * Orders (SPEC.md §7, DESIGN.md §5). The order body is validated by the place-order flow rather than
 * the route schema, because every invalid order answers 400 (DESIGN.md §5), not the usual 422.
 */
export async function orderRoutes(
  app: FastifyInstance,
  {
    db,
    config,
    addresses,
    shipping,
    payment,
    courier,
    now = () => new Date(),
  }: {
    db: Db;
    config: Config;
    addresses: Pick<AddressService, 'getOwnedAddress'>;
    shipping: Pick<ShippingService, 'deliveryRefusal'>;
    /** Opens the payment of an online order and refunds a cancelled paid one. */
    payment: PaymentProvider;
    /** Cancels the booked shipment of a cancelled order. */
    courier: ShippingProvider;
    now?: () => Date;
  },
) {
  const orders = createOrderService(db);
  const placeOrder = createPlaceOrderFlow({
    db,
    addresses,
    pricing: pricingRulesOf(config),
    now,
    shipping,
    payment,
    log: app.log,
  });
  const cancelOrder = createCancelOrderFlow({
    db,
    now,
    refunder: createRefunder({ db, payment, now, log: app.log }),
    courier,
    log: app.log,
  });
  const requestReturn = createRequestReturnFlow({ db, now });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: requireUser };

  routes.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  routes.post(
    ORDER_API.place,
    { ...signedIn, schema: { response: { 201: placedOrderSchema, 400: placeOrderErrorSchema } } },
    async (request, reply) => {
      const placed = await placeOrder(userIdOf(request), request.body, idempotencyKeyOf(request));
      return reply.status(201).send(placed);
    },
  );

  routes.get(
    ORDER_API.mine,
    { ...signedIn, schema: { querystring: myOrdersQuerySchema, response: { 200: myOrdersSchema } } },
    (request) => orders.myOrders(userIdOf(request), request.query.page, now()),
  );

  routes.get(
    ORDER_API.archived,
    {
      ...signedIn,
      schema: { querystring: archivedOrdersQuerySchema, response: { 200: archivedOrdersSchema } },
    },
    (request) => orders.archivedOrders(userIdOf(request), request.query.page, now()),
  );

  routes.get(
    `${ORDER_API.place}/:id`,
    { ...signedIn, schema: { params: orderIdParamsSchema, response: { 200: orderSchema } } },
    (request) => orders.getOwned(userIdOf(request), request.params.id),
  );

  routes.post(
    `${ORDER_API.place}/:id/cancel`,
    {
      ...signedIn,
      schema: {
        params: orderIdParamsSchema,
        body: cancelOrderSchema,
        response: { 200: cancelledOrderSchema },
      },
    },
    async (request) => ({
      order: await cancelOrder(userIdOf(request), request.params.id, request.body.reason),
    }),
  );

  routes.post(
    `${ORDER_API.place}/:id/return`,
    {
      ...signedIn,
      schema: {
        params: orderIdParamsSchema,
        body: requestReturnSchema,
        response: { 201: returnedOrderSchema },
      },
    },
    async (request, reply) => {
      const returned = await requestReturn(userIdOf(request), request.params.id, request.body);
      return reply.status(201).send(returned);
    },
  );
}
