import type { AdminCustomer } from '../../common/schemas/admin';
import { CUSTOMER_MESSAGES } from '../../common/schemas/admin';
import { NotFoundError } from '../errors';
import type { Actor } from '../modules/audit/audit.service';
import { customerOf } from '../modules/users/users.service';
import type { FlowContext } from '../services';

export interface BlockCustomerDeps extends Pick<FlowContext, 'transaction'> {
  now: () => Date;
}

/**
 * Staff block a customer, or lift the block: the account and its audit record change in one
 * transaction, and a block ends every session of the customer in it, so they are signed out at once
 * (sign-in then answers 403 ACCOUNT_BLOCKED).
 */
export function createBlockCustomerFlow({ transaction, now }: BlockCustomerDeps) {
  return async function setBlocked(actor: Actor, userId: string, blocked: boolean): Promise<AdminCustomer> {
    return transaction(async (tx) => {
      const changed = await tx.users.setBlocked(userId, blocked ? now() : null);
      if (!changed) throw new NotFoundError(CUSTOMER_MESSAGES.notFound);
      const before = customerOf(changed.before);
      const after = customerOf(changed.after);
      await tx.audit.record(actor, {
        action: blocked ? 'customer.block' : 'customer.unblock',
        entity: 'customer',
        entityId: after._id,
        before: { blocked: before.blocked },
        after: { blocked: after.blocked },
      });
      return after;
    });
  };
}

export type BlockCustomer = ReturnType<typeof createBlockCustomerFlow>;
