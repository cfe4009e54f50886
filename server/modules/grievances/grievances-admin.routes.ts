import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../common/api-paths';
import { errorResponses } from '../../../common/schemas/errors';
import {
  type AdminGrievance,
  adminGrievanceAnswerSchema,
  adminGrievancesQuerySchema,
  adminGrievancesSchema,
  grievanceReplySchema,
  grievanceResolveSchema,
  ticketParamsSchema,
} from '../../../common/schemas/grievances';
import { type AuthUser, signedInUser } from '../../plugins/auth';
import type { GrievancesService } from './grievances.service';

/** Answering and resolving write the audit log in their transaction and mail the person: flows. */
export interface GrievanceAnswering {
  reply(staff: AuthUser, ticketNumber: string, message: string): Promise<AdminGrievance>;
  resolve(staff: AuthUser, ticketNumber: string, note?: string): Promise<AdminGrievance>;
}

export interface GrievancesAdminRoutesOptions {
  grievances: Pick<GrievancesService, 'list' | 'forStaff'>;
  answer: GrievanceAnswering;
}

/** Grievances in the back office: every role reads; those who handle orders answer and resolve. */
export async function grievancesAdminRoutes(
  app: FastifyInstance,
  { grievances, answer }: GrievancesAdminRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    API.admin.grievances,
    {
      schema: {
        summary: 'List grievances',
        description:
          'The nearest reply due first. `dueFlag` is `due-soon` for an Open ticket within 3 business days of its 15, `overdue` past them.',
        tags: ['staff'],
        querystring: adminGrievancesQuerySchema,
        response: { 200: adminGrievancesSchema, ...errorResponses(401, 403, 422) },
      },
      config: { permission: 'shop:read' },
    },
    (request) => grievances.list(request.query),
  );

  routes.get(
    API.admin.grievance.pattern,
    {
      schema: {
        summary: 'Read a grievance',
        description: 'Everything the person wrote, the replies and who wrote them.',
        tags: ['staff'],
        params: ticketParamsSchema,
        response: { 200: adminGrievanceAnswerSchema, ...errorResponses(401, 403, 404, 422) },
      },
      config: { permission: 'shop:read' },
    },
    async (request) => ({ grievance: await grievances.forStaff(request.params.ticketNumber) }),
  );

  routes.post(
    API.admin.grievanceReply.pattern,
    {
      schema: {
        summary: 'Answer a grievance',
        description:
          'The reply is emailed to the person; an Open ticket becomes Answered. 409 `RESOLVED` once resolved. Audited as `grievance.reply`.',
        tags: ['staff'],
        params: ticketParamsSchema,
        body: grievanceReplySchema,
        response: { 200: adminGrievanceAnswerSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
      config: { permission: 'orders:handle' },
    },
    async (request) => ({
      grievance: await answer.reply(signedInUser(request), request.params.ticketNumber, request.body.message),
    }),
  );

  routes.post(
    API.admin.grievanceResolve.pattern,
    {
      schema: {
        summary: 'Resolve a grievance',
        description:
          'Closes the ticket; the person is emailed, with the note when there is one. 409 `RESOLVED` when it is already. Audited as `grievance.resolve`.',
        tags: ['staff'],
        params: ticketParamsSchema,
        body: grievanceResolveSchema,
        response: { 200: adminGrievanceAnswerSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
      config: { permission: 'orders:handle' },
    },
    async (request) => ({
      grievance: await answer.resolve(signedInUser(request), request.params.ticketNumber, request.body.note),
    }),
  );
}
