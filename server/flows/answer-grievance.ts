import type { AdminGrievance } from '../../common/schemas/grievances';
import type { Actor } from '../modules/audit/audit.service';
import { replyMail, resolvedMail } from '../modules/grievances/grievance-mail';
import type { GrievanceChange } from '../modules/grievances/grievances.service';
import type { MailMessage } from '../providers';
import type { FlowContext } from '../services';

export interface AnswerGrievanceDeps extends FlowContext {
  /** Sends without making the request wait (background-mail.ts). */
  mailer: { send(message: MailMessage): void };
  siteUrl: string;
}

/** The staff member who answers: the audit log's actor, and the name the ticket shows. */
export type GrievanceStaff = Actor & { name: string };

/**
 * Staff answer a grievance and close it: the ticket and its audit entry change in one transaction,
 * and the person is mailed after the commit (no outside call inside a transaction).
 */
export function createAnswerGrievanceFlows({ services, transaction, mailer, siteUrl }: AnswerGrievanceDeps) {
  const mailShop = async () => {
    const shop = await services.settings.current();
    return { name: shop.shopName, grievanceOfficer: shop.grievanceOfficer, siteUrl };
  };
  const audited = (
    staff: GrievanceStaff,
    action: 'grievance.reply' | 'grievance.resolve',
    change: (tx: FlowContext['services']) => Promise<GrievanceChange>,
  ) =>
    transaction(async (tx) => {
      const { before, after } = await change(tx);
      await tx.audit.record(staff, {
        action,
        entity: 'grievance',
        entityId: after.ticketNumber,
        before: { status: before.status, replies: before.replies.length },
        after: { status: after.status, replies: after.replies.length, note: after.resolutionNote },
      });
      return after;
    });

  return {
    async reply(staff: GrievanceStaff, ticketNumber: string, message: string): Promise<AdminGrievance> {
      const after = await audited(staff, 'grievance.reply', (tx) =>
        tx.grievances.reply(ticketNumber, staff, message),
      );
      mailer.send(replyMail(await mailShop(), after, message));
      return after;
    },

    async resolve(staff: GrievanceStaff, ticketNumber: string, note?: string): Promise<AdminGrievance> {
      const after = await audited(staff, 'grievance.resolve', (tx) =>
        tx.grievances.resolve(ticketNumber, note),
      );
      mailer.send(resolvedMail(await mailShop(), after, after.resolutionNote));
      return after;
    },
  };
}
