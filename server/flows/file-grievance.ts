import {
  type FileGrievanceBody,
  GRIEVANCE_CAPTCHA_ACTION,
  type GrievanceFiled,
} from '../../common/schemas/grievances';
import { CaptchaFailedError } from '../errors';
import { acknowledgementMail } from '../modules/grievances/grievance-mail';
import type { CaptchaProvider, MailMessage } from '../providers';
import type { Services } from '../services';

export interface FileGrievanceDeps {
  services: Pick<Services, 'grievances' | 'settings'>;
  captcha: CaptchaProvider;
  /** Sends without making the request wait (background-mail.ts). */
  mailer: { send(message: MailMessage): void };
  siteUrl: string;
}

/**
 * A guest or a shopper files a grievance: after the bot check the ticket is written, and its
 * acknowledgement, with the ticket number and the date the reply is due, goes out at once (the rules
 * ask within 48 hours), after the write, so no mail names a ticket that does not exist.
 */
export function createFileGrievanceFlow({ services, captcha, mailer, siteUrl }: FileGrievanceDeps) {
  return async function fileGrievance(
    { token, ...fields }: FileGrievanceBody,
    client: { ip: string },
  ): Promise<GrievanceFiled> {
    const verdict = await captcha.verify(token, GRIEVANCE_CAPTCHA_ACTION, client.ip);
    if (!verdict.ok) throw new CaptchaFailedError();
    const { replyDueAt, ...filed } = await services.grievances.file(fields);
    const shop = await services.settings.current();
    mailer.send(
      acknowledgementMail(
        { name: shop.shopName, grievanceOfficer: shop.grievanceOfficer, siteUrl },
        { ...fields, ticketNumber: filed.ticketNumber },
        replyDueAt,
      ),
    );
    return filed;
  };
}
