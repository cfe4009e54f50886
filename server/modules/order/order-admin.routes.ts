import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../common/api-paths';
import {
  type AdminOrder,
  adminOrderAnswerSchema,
  adminOrdersQuerySchema,
  adminOrdersSchema,
  adminReturnsQuerySchema,
  adminReturnsSchema,
  cancelOrderBodySchema,
  type OrderStatusBody,
  orderIdParamsSchema,
  orderNoteBodySchema,
  orderStatusBodySchema,
  type RefundOrderBody,
  refundOrderBodySchema,
  rejectReturnBodySchema,
} from '../../../common/schemas/admin-orders';
import { errorResponses } from '../../../common/schemas/errors';
import { signedInUser } from '../../plugins/auth';
import type { Actor } from '../audit/audit.service';
import type { OrderAdminService } from './order-admin.service';

/**
 * Staff changes to orders: flows, because each also moves stock, money or the courier and writes the
 * audit log in its transaction (server/flows/handle-order.ts).
 */
export interface OrderHandling {
  addNote(actor: Actor, orderId: string, text: string): Promise<AdminOrder>;
  step(actor: Actor, orderId: string, body: OrderStatusBody): Promise<AdminOrder>;
  cancel(actor: Actor, orderId: string, reason: string): Promise<AdminOrder>;
  refund(actor: Actor, orderId: string, body: RefundOrderBody): Promise<AdminOrder>;
  approveReturn(actor: Actor, orderId: string): Promise<AdminOrder>;
  rejectReturn(actor: Actor, orderId: string, note: string): Promise<AdminOrder>;
  received(actor: Actor, orderId: string): Promise<AdminOrder>;
}

export interface OrderAdminRoutesOptions {
  orderAdmin: Pick<OrderAdminService, 'list' | 'detail' | 'returns'>;
  handle: OrderHandling;
}

const read = { permission: 'shop:read' } as const;
const handle = { permission: 'orders:handle' } as const;
const money = { permission: 'orders:money' } as const;
const tags = ['staff'];

/**
 * The staff API for orders and returns, under /api/admin (registered in admin.routes.ts, whose guard
 * answers 401, 403 and the role check first). Every role reads, keeps notes, moves the delivery and
 * handles returns (`orders:handle`); cancels and refunds move money (`orders:money`: owner, manager).
 */
export async function orderAdminRoutes(
  app: FastifyInstance,
  { orderAdmin, handle: flows }: OrderAdminRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const answer = async (order: Promise<AdminOrder>) => ({ order: await order });

  routes.get(
    API.admin.orders,
    {
      schema: {
        summary: 'List orders',
        description:
          "Newest first. `q` matches an order number, or the start of the customer's email, or their phone; `from` is inclusive, `to` exclusive.",
        tags,
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrdersSchema, ...errorResponses(401, 403, 422) },
      },
      config: read,
    },
    (request) => orderAdmin.list(request.query),
  );

  routes.get(
    API.admin.order.pattern,
    {
      schema: {
        summary: 'Read an order',
        description:
          'With the customer, staff notes, history, payment and shipment, the refunds made and what is still `refundable` (rupees).',
        tags,
        params: orderIdParamsSchema,
        response: { 200: adminOrderAnswerSchema, ...errorResponses(401, 403, 404) },
      },
      config: read,
    },
    (request) => answer(orderAdmin.detail(request.params.id)),
  );

  routes.post(
    API.admin.orderStatus.pattern,
    {
      schema: {
        summary: 'Move an order one step along its delivery',
        description:
          'Processing → Shipped (books the courier, 503 `COURIER_UNAVAILABLE` when it cannot now) → Out for Delivery → Delivered (a cash order becomes Paid); Shipped or Out for Delivery → Failed is a return to origin (RTO): the items go back in stock and an online payment is refunded. Any other step answers 409 `STEP_NOT_ALLOWED`. Audited as `order.status`.',
        tags,
        params: orderIdParamsSchema,
        body: orderStatusBodySchema,
        response: { 200: adminOrderAnswerSchema, ...errorResponses(401, 403, 404, 409, 422, 503) },
      },
      config: handle,
    },
    (request) => answer(flows.step(signedInUser(request), request.params.id, request.body)),
  );

  routes.post(
    API.admin.orderNotes.pattern,
    {
      schema: {
        summary: 'Add a staff note to an order',
        description: 'Only staff read it. Audited as `order.note`.',
        tags,
        params: orderIdParamsSchema,
        body: orderNoteBodySchema,
        response: { 200: adminOrderAnswerSchema, ...errorResponses(401, 403, 404, 422) },
      },
      config: handle,
    },
    (request) => answer(flows.addNote(signedInUser(request), request.params.id, request.body.text)),
  );

  routes.post(
    API.admin.orderCancel.pattern,
    {
      schema: {
        summary: 'Cancel an order',
        description:
          'Before it leaves the shop (Pending or Processing, else 409 `CANCEL_NOT_ALLOWED`): the items go back in stock, what was paid is refunded and a booked courier is cancelled. Audited as `order.cancel`.',
        tags,
        params: orderIdParamsSchema,
        body: cancelOrderBodySchema,
        response: { 200: adminOrderAnswerSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
      config: money,
    },
    (request) => answer(flows.cancel(signedInUser(request), request.params.id, request.body.reason)),
  );

  routes.post(
    API.admin.orderRefund.pattern,
    {
      schema: {
        summary: 'Refund part or all of an order',
        description:
          'At most what was paid less the refunds so far (409 `REFUND_TOO_LARGE`, or `NOTHING_TO_REFUND`); each refund is kept. Online payments are refunded through the provider, cash ones by hand. Audited as `order.refund`.',
        tags,
        params: orderIdParamsSchema,
        body: refundOrderBodySchema,
        response: { 200: adminOrderAnswerSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
      config: money,
    },
    (request) => answer(flows.refund(signedInUser(request), request.params.id, request.body)),
  );

  routes.post(
    API.admin.returnApprove.pattern,
    {
      schema: {
        summary: 'Approve a return request',
        description:
          'A Requested return becomes Approved (else 409); its refund is due within 5 business days. Audited as `return.approve`.',
        tags,
        params: orderIdParamsSchema,
        response: { 200: adminOrderAnswerSchema, ...errorResponses(401, 403, 404, 409) },
      },
      config: handle,
    },
    (request) => answer(flows.approveReturn(signedInUser(request), request.params.id)),
  );

  routes.post(
    API.admin.returnReject.pattern,
    {
      schema: {
        summary: 'Reject a return request',
        description:
          'A Requested return becomes Rejected (else 409), with a note the shopper reads. Audited as `return.reject`.',
        tags,
        params: orderIdParamsSchema,
        body: rejectReturnBodySchema,
        response: { 200: adminOrderAnswerSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
      config: handle,
    },
    (request) => answer(flows.rejectReturn(signedInUser(request), request.params.id, request.body.note)),
  );

  routes.post(
    API.admin.returnReceived.pattern,
    {
      schema: {
        summary: 'Receive the returned items',
        description:
          'An Approved return becomes Returned (else 409): its lines go back in stock and are refunded, as far as anything is left to refund. Audited as `return.received`.',
        tags,
        params: orderIdParamsSchema,
        response: { 200: adminOrderAnswerSchema, ...errorResponses(401, 403, 404, 409) },
      },
      config: handle,
    },
    (request) => answer(flows.received(signedInUser(request), request.params.id)),
  );

  routes.get(
    API.admin.returns,
    {
      schema: {
        summary: 'List return requests',
        description:
          'The longest waiting first. An Approved one carries `refundDueBy`, 5 business days after approval, and `overdue` once that has passed.',
        tags,
        querystring: adminReturnsQuerySchema,
        response: { 200: adminReturnsSchema, ...errorResponses(401, 403, 422) },
      },
      config: read,
    },
    (request) => orderAdmin.returns(request.query),
  );
}
