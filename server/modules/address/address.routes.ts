import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADDRESS_API,
  addressIdParamsSchema,
  addressInputSchema,
  addressListSchema,
  addressResponseSchema,
} from '../../../common/schemas/address';
import type { Db } from '../../db/client';
import { UnauthorizedError } from '../../errors';
import { requireUser } from '../../plugins/auth';
import { createAddressRepository } from './address.repository';
import { createAddressService } from './address.service';

const ONE = `${ADDRESS_API.collection}/:id`;
const DEFAULT = `${ADDRESS_API.collection}/:id/default`;

/** The signed-in shopper's id; requireUser has already answered 401 to a guest. */
function userIdOf(request: FastifyRequest): string {
  if (!request.user) throw new UnauthorizedError();
  return request.user.id;
}

/**
 * Addresses (SPEC.md §3, §5, §7; DESIGN.md §5). The guest check runs before validation, so a guest
 * gets 401 whatever the body; a shopper's invalid body answers 422 with a path per field.
 */
export async function addressRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const addresses = createAddressService(createAddressRepository(db));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preValidation: requireUser };

  routes.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  routes.get(
    ADDRESS_API.collection,
    { ...signedIn, schema: { response: { 200: addressListSchema } } },
    (request) => addresses.list(userIdOf(request)),
  );

  routes.post(
    ADDRESS_API.collection,
    { ...signedIn, schema: { body: addressInputSchema, response: { 201: addressResponseSchema } } },
    async (request, reply) =>
      reply.status(201).send({ address: await addresses.add(userIdOf(request), request.body) }),
  );

  routes.put(
    ONE,
    {
      ...signedIn,
      schema: {
        params: addressIdParamsSchema,
        body: addressInputSchema,
        response: { 200: addressResponseSchema },
      },
    },
    async (request) => ({
      address: await addresses.update(userIdOf(request), request.params.id, request.body),
    }),
  );

  routes.patch(
    DEFAULT,
    { ...signedIn, schema: { params: addressIdParamsSchema, response: { 200: addressResponseSchema } } },
    async (request) => ({ address: await addresses.setDefault(userIdOf(request), request.params.id) }),
  );

  routes.delete(ONE, { ...signedIn, schema: { params: addressIdParamsSchema } }, async (request) => {
    await addresses.remove(userIdOf(request), request.params.id);
    return { message: 'Address deleted.' };
  });
}
