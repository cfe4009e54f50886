import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../common/api-paths';
import {
  addressIdParamsSchema,
  addressInputSchema,
  addressListSchema,
  addressResponseSchema,
} from '../../../common/schemas/address';
import { errorResponses } from '../../../common/schemas/errors';
import { messageSchema } from '../../../common/schemas/message';
import { requireUser, signedInUser } from '../../plugins/auth';
import type { AddressService } from './address.service';

/**
 * Addresses (SPEC.md §3, §5, §7; DESIGN.md §5). The guest check runs before validation, so a guest
 * gets 401 whatever the body; a shopper's invalid body answers 422 with a path per field.
 */
export async function addressRoutes(app: FastifyInstance, { addresses }: { addresses: AddressService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preValidation: requireUser };

  routes.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  routes.get(
    API.address.collection,
    {
      ...signedIn,
      schema: {
        summary: 'List my addresses',
        description: 'The default first, then the newest.',
        tags: ['addresses'],
        response: { 200: addressListSchema, ...errorResponses(401) },
      },
    },
    (request) => addresses.list(signedInUser(request).id),
  );

  routes.post(
    API.address.collection,
    {
      ...signedIn,
      schema: {
        summary: 'Add an address',
        tags: ['addresses'],
        body: addressInputSchema,
        response: { 201: addressResponseSchema, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ address: await addresses.add(signedInUser(request).id, request.body) }),
  );

  routes.put(
    API.address.one.pattern,
    {
      ...signedIn,
      schema: {
        summary: 'Replace one of my addresses',
        tags: ['addresses'],
        params: addressIdParamsSchema,
        body: addressInputSchema,
        response: { 200: addressResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => ({
      address: await addresses.update(signedInUser(request).id, request.params.id, request.body),
    }),
  );

  routes.patch(
    API.address.setDefault.pattern,
    {
      ...signedIn,
      schema: {
        summary: 'Make one of my addresses the default',
        tags: ['addresses'],
        params: addressIdParamsSchema,
        response: { 200: addressResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => ({ address: await addresses.setDefault(signedInUser(request).id, request.params.id) }),
  );

  routes.delete(
    API.address.one.pattern,
    {
      ...signedIn,
      schema: {
        summary: 'Delete one of my addresses',
        tags: ['addresses'],
        params: addressIdParamsSchema,
        response: { 200: messageSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      await addresses.remove(signedInUser(request).id, request.params.id);
      return { message: 'Address deleted.' };
    },
  );
}
