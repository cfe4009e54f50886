import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../common/api-paths';
import { HOUR, MINUTE } from '../../../common/constants';
import { errorResponses } from '../../../common/schemas/errors';
import {
  type FileGrievanceBody,
  fileGrievanceSchema,
  GRIEVANCE_MESSAGES,
  type GrievanceFiled,
  grievanceFiledSchema,
  grievanceTicketAnswerSchema,
  ticketLookupQuerySchema,
  ticketParamsSchema,
} from '../../../common/schemas/grievances';
import { TooManyRequestsError } from '../../errors';
import type { GrievancesService } from './grievances.service';

/** Filing is a flow (captcha, ticket, acknowledgement mail); the route is handed it. */
export type FileGrievance = (input: FileGrievanceBody, client: { ip: string }) => Promise<GrievanceFiled>;

/**
 * Grievances per client address: a person with a real complaint files one or two, so 5 an hour
 * leaves room for a family behind one address and still stops a flood of tickets and mails.
 */
export const FILE_GRIEVANCE_PER_ADDRESS = { max: 5, timeWindow: HOUR } as const;
/** Lookups per client address: enough to refresh a page, too few to guess ticket numbers and emails. */
export const LOOKUP_GRIEVANCE_PER_ADDRESS = { max: 30, timeWindow: 15 * MINUTE } as const;

const tooMany = (what: string) => (_request: unknown, context: { ttl: number }) =>
  new TooManyRequestsError(what, context.ttl);

/** The public side of grievances: file one, and its filer looks it up. */
export async function grievancesRoutes(
  app: FastifyInstance,
  { grievances, file }: { grievances: Pick<GrievancesService, 'forFiler'>; file: FileGrievance },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  routes.post(
    API.grievances.file,
    {
      schema: {
        summary: 'File a grievance',
        description:
          'Guest or signed in. The acknowledgement, with the ticket number, is emailed at once; a reply is due within 15 business days. `token` is the captcha answer when the shop has a captcha.',
        tags: ['grievances'],
        body: fileGrievanceSchema,
        response: { 201: grievanceFiledSchema, ...errorResponses(400, 403, 422, 429) },
      },
      config: {
        rateLimit: {
          ...FILE_GRIEVANCE_PER_ADDRESS,
          errorResponseBuilder: tooMany(GRIEVANCE_MESSAGES.tooMany),
        },
      },
    },
    async (request, reply) => {
      const filed = await file(request.body, { ip: request.ip });
      return reply.status(201).send(filed);
    },
  );

  routes.get(
    API.grievances.ticket.pattern,
    {
      schema: {
        summary: 'Look up my grievance',
        description:
          'Its status, the date the reply is due and the replies, for the email that filed it; 404 for any other email and for an unknown ticket.',
        tags: ['grievances'],
        params: ticketParamsSchema,
        querystring: ticketLookupQuerySchema,
        response: { 200: grievanceTicketAnswerSchema, ...errorResponses(404, 422, 429) },
      },
      config: {
        rateLimit: {
          ...LOOKUP_GRIEVANCE_PER_ADDRESS,
          errorResponseBuilder: tooMany('Too many ticket lookups from this network.'),
        },
      },
    },
    async (request) => ({
      grievance: await grievances.forFiler(request.params.ticketNumber, request.query.email),
    }),
  );
}
