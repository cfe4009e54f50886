import { toRupees } from '../../../common/money';
import type { Dashboard, DashboardRange } from '../../../common/schemas/admin-staff';
import type { AnalyticsService } from '../analytics/analytics.service';
import type { CatalogService } from '../catalog/catalog.service';
import type { InventoryService } from '../catalog/inventory.service';
import type { OrderService } from '../order/order.service';
import type { ReviewsService } from '../reviews/reviews.service';
import { dashboardWindow, INDIA_TIME_ZONE } from './dashboard-window';

/** A variant with this many units or fewer is low on stock. */
export const LOW_STOCK_AT = 5;
const LOW_STOCK_ROWS = 20;
const TOP_PRODUCTS = 5;
const TOP_SEARCHES = 10;
/** Searched terms checked against the catalog for searches with no results. */
const SEARCHES_CHECKED = 30;

export interface DashboardDeps {
  orders: Pick<OrderService, 'salesBetween' | 'countInDeliveryStatus' | 'countReturnsInStatus'>;
  inventory: Pick<InventoryService, 'lowStock'>;
  reviews: Pick<ReviewsService, 'countPending'>;
  analytics: Pick<AnalyticsService, 'visitors' | 'topSearches'>;
  catalog: Pick<CatalogService, 'textsWithoutResults'>;
  now: () => Date;
}

/**
 * How the shop is doing (docs/decisions/072), read from each module through its service: sales from
 * orders, stock from the catalog, reviews waiting, and visitors and searches from analytics. Days are
 * India's; money is in rupees.
 */
export function createDashboardService({
  orders,
  inventory,
  reviews,
  analytics,
  catalog,
  now,
}: DashboardDeps) {
  return {
    async read(range: DashboardRange): Promise<Dashboard> {
      const { from, to, dates } = dashboardWindow(range, now());
      const [sales, toShip, returnsWaiting, reviewsWaiting, lowStock, visitors, searched] = await Promise.all(
        [
          orders.salesBetween(from, to, { timeZone: INDIA_TIME_ZONE, top: TOP_PRODUCTS }),
          orders.countInDeliveryStatus('Processing'),
          orders.countReturnsInStatus('Requested'),
          reviews.countPending(),
          inventory.lowStock(LOW_STOCK_AT, LOW_STOCK_ROWS),
          analytics.visitors(from, to),
          analytics.topSearches(from, to, SEARCHES_CHECKED),
        ],
      );
      const unmatched = new Set(await catalog.textsWithoutResults(searched.map((search) => search.term)));

      const byDate = new Map(sales.days.map((day) => [day.date, day]));
      let grossPaise = 0;
      let refundedPaise = 0;
      let orderCount = 0;
      const series = dates.map((date) => {
        const day = byDate.get(date);
        grossPaise += day?.grossPaise ?? 0;
        refundedPaise += day?.refundedPaise ?? 0;
        orderCount += day?.orders ?? 0;
        return {
          date,
          revenue: toRupees((day?.grossPaise ?? 0) - (day?.refundedPaise ?? 0)),
          orders: day?.orders ?? 0,
        };
      });

      return {
        range,
        from: dates[0] ?? '',
        to: dates.at(-1) ?? '',
        revenue: toRupees(grossPaise - refundedPaise),
        orders: orderCount,
        // What an order came to when placed, before any refund.
        averageOrderValue: orderCount === 0 ? 0 : toRupees(Math.round(grossPaise / orderCount)),
        unitsSold: sales.unitsSold,
        series,
        topProducts: sales.topProducts.map((product) => ({
          productId: product.productId,
          name: product.name,
          unitsSold: product.units,
          revenue: toRupees(product.revenuePaise),
        })),
        // Variants carry no SKU yet; the screen names them by product, colour and size.
        lowStock,
        toShip,
        returnsWaiting,
        reviewsWaiting,
        visitors,
        topSearches: searched.slice(0, TOP_SEARCHES),
        searchesWithNoResults: searched.filter((search) => unmatched.has(search.term)).slice(0, TOP_SEARCHES),
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
