import { toRupees } from '../../../common/money';
import type { Gender } from '../../../common/schemas/catalog';
import { products } from './catalog.schema';

/** The columns `productBasics` reads, for a select that feeds it. */
export const productBasicsColumns = {
  id: products.id,
  name: products.name,
  brand: products.brand,
  gender: products.gender,
  category: products.category,
  subCategory: products.subCategory,
  type: products.type,
  pricePaise: products.pricePaise,
  mrpPaise: products.mrpPaise,
};

/** What every view of a product starts from: the shop's list and page, the staff list and form. */
export type ProductBasicsRow = Pick<typeof products.$inferSelect, keyof typeof productBasicsColumns>;

/** A product's name, place in the catalog and prices, as every answer about it writes them. */
export function productBasics(row: ProductBasicsRow) {
  return {
    _id: row.id,
    name: row.name,
    brand: row.brand,
    // The column holds one of the top-level names; every writer goes through genderSchema.
    gender: row.gender as Gender,
    category: row.category,
    subCategory: row.subCategory,
    type: row.type,
    price: toRupees(row.pricePaise),
    mrp: toRupees(row.mrpPaise),
  };
}
