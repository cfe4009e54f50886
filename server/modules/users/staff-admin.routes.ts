import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../common/api-paths';
import {
  type InviteStaffBody,
  inviteStaffSchema,
  type StaffMember,
  staffAnswerSchema,
  staffIdParamsSchema,
  staffListSchema,
  type UpdateStaffBody,
  updateStaffSchema,
} from '../../../common/schemas/admin-staff';
import { errorResponses } from '../../../common/schemas/errors';
import { signedInUser } from '../../plugins/auth';
import type { Actor } from '../audit/audit.service';
import type { StaffService } from './staff.service';

/** Opens an invitation with its audit entry and mails the link (a flow: users, audit, mail). */
export type InviteStaff = (actor: Actor & { name: string }, body: InviteStaffBody) => Promise<StaffMember>;
/** Changes a role or access with its audit entry (a flow: users and audit). */
export type UpdateStaff = (actor: Actor, id: string, changes: UpdateStaffBody) => Promise<StaffMember>;

/** Staff management (owner only), registered in the admin plugin (admin.routes.ts). */
export async function staffAdminRoutes(
  app: FastifyInstance,
  { staff, invite, update }: { staff: Pick<StaffService, 'list'>; invite: InviteStaff; update: UpdateStaff },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    API.admin.staff,
    {
      schema: {
        summary: 'List the staff',
        description:
          'Staff accounts, oldest first (`status` active or deactivated), then invitations not yet accepted (`status: "invited"`, `_id` the invitation\'s).',
        tags: ['staff'],
        response: { 200: staffListSchema, ...errorResponses(401, 403) },
      },
      config: { permission: 'staff:manage' },
    },
    () => staff.list(),
  );

  routes.post(
    API.admin.staff,
    {
      schema: {
        summary: 'Invite a staff member',
        description:
          'Mails a one-time link to `/admin/accept-invite?token=…`, valid 72 hours; a newer invitation to the same email voids it. An email with a shopper account becomes staff on acceptance and keeps its orders. 409 for an active staff member or a closed account. Audited as `staff.invite`.',
        tags: ['staff'],
        body: inviteStaffSchema,
        response: { 201: staffAnswerSchema, ...errorResponses(401, 403, 409, 422) },
      },
      config: { permission: 'staff:manage' },
    },
    async (request, reply) => {
      const invited = await invite(signedInUser(request), request.body);
      return reply.status(201).send({ staff: invited });
    },
  );

  routes.patch(
    API.admin.staffMember.pattern,
    {
      schema: {
        summary: "Change a staff member's role or access",
        description:
          "`active: false` deactivates: the person's sessions end at once and sign-in answers 403. A new role also ends their sessions. The last active owner cannot be demoted or deactivated (409 `LAST_OWNER`). Audited as `staff.update`.",
        tags: ['staff'],
        params: staffIdParamsSchema,
        body: updateStaffSchema,
        response: { 200: staffAnswerSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
      config: { permission: 'staff:manage' },
    },
    async (request) => ({ staff: await update(signedInUser(request), request.params.id, request.body) }),
  );
}
