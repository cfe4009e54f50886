/** Every table, gathered from the modules that own them, for Drizzle's typed queries. */
export * from '../modules/address/address.schema';
export * from '../modules/analytics/analytics.schema';
export * from '../modules/audit/audit.schema';
export * from '../modules/catalog/catalog.schema';
export * from '../modules/grievances/grievances.schema';
export * from '../modules/likes/likes.schema';
export * from '../modules/order/order.schema';
export * from '../modules/password-reset/password-reset.schema';
export * from '../modules/payments/payments.schema';
export * from '../modules/phone/phone.schema';
export * from '../modules/reviews/reviews.schema';
export * from '../modules/settings/settings.schema';
export * from '../modules/shipping/shipping.schema';
export * from '../modules/users/users.schema';
