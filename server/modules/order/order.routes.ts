import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cancelledOrderSchema,
  cancelOrderSchema,
  myOrdersQuerySchema,
  myOrdersSchema,
  ORDER_API,
  orderIdParamsSchema,
  orderSchema,
  placedOrderSchema,
  placeOrderErrorSchema,
} from '../../../common/schemas/order';
import type { Config } from '../../config/config';
import type { Db } from '../../db/client';
import { UnauthorizedError } from '../../errors';
import { createCancelOrderFlow } from '../../flows/cancel-order';
import { createPlaceOrderFlow } from '../../flows/place-order';
import { requireUser } from '../../plugins/auth';
import type { AddressService } from '../address/address.service';
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
    now = () => new Date(),
  }: {
    db: Db;
    config: Config;
    addresses: Pick<AddressService, 'getOwnedAddress'>;
    now?: () => Date;
  },
) {
  const orders = createOrderService(db);
  const placeOrder = createPlaceOrderFlow({ db, addresses, pricing: pricingRulesOf(config), now });
  const cancelOrder = createCancelOrderFlow({ db, now });
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
    (request) => orders.myOrders(userIdOf(request), request.query.page),
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
}
