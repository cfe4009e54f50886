import { toRupees } from '../../../common/money';
import { CUSTOMER_MESSAGES } from '../../../common/schemas/admin';
import { type AdminCustomerDetail, CUSTOMER_PAGE_ITEMS } from '../../../common/schemas/admin-customers';
import { NotFoundError } from '../../errors';
import type { AddressService } from '../address/address.service';
import type { OrderService } from '../order/order.service';
import type { ReviewsService } from '../reviews/reviews.service';
import { customerOf, type UsersService } from './users.service';

export interface CustomerAdminDeps {
  users: Pick<UsersService, 'findCustomer'>;
  addresses: Pick<AddressService, 'list'>;
  orders: Pick<OrderService, 'ofUser' | 'lifetimePaise'>;
  reviews: Pick<ReviewsService, 'ofAuthor'>;
}

/** The back office's page of one customer, put together from the modules that hold each part. */
export function createCustomerAdminService({ users, addresses, orders, reviews }: CustomerAdminDeps) {
  return {
    /** The customer with addresses, latest orders and reviews, and lifetime value; 404 for anyone else. */
    async detail(userId: string): Promise<AdminCustomerDetail> {
      const row = await users.findCustomer(userId);
      if (!row) throw new NotFoundError(CUSTOMER_MESSAGES.notFound);
      const [book, placed, written, lifetime] = await Promise.all([
        addresses.list(row.id),
        orders.ofUser(row.id, CUSTOMER_PAGE_ITEMS),
        reviews.ofAuthor(row.id, CUSTOMER_PAGE_ITEMS),
        orders.lifetimePaise(row.id),
      ]);
      return {
        customer: customerOf(row),
        addresses: book.addresses,
        orders: placed,
        reviews: written.map((review) => ({
          _id: review.id,
          productId: review.productId,
          rating: review.rating,
          title: review.title,
          status: review.status,
          createdAt: review.createdAt.toISOString(),
        })),
        lifetimeValue: toRupees(lifetime),
      };
    },
  };
}

export type CustomerAdminService = ReturnType<typeof createCustomerAdminService>;
