/** Every table, gathered from the modules that own them, for Drizzle's typed queries. */
export * from '../modules/analytics/analytics.schema';
export * from '../modules/catalog/catalog.schema';
