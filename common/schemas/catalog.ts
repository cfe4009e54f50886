import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, LABELLED_SUGGESTIONS, MAX_PAGE_SIZE, TOP_LEVEL_CATEGORIES } from '../constants';
import { singleLine } from './text';

export const genderSchema = z.enum(TOP_LEVEL_CATEGORIES);
export type Gender = z.infer<typeof genderSchema>;

export const variantSchema = z.object({
  color: z.string(),
  size: z.string(),
  countInStock: z.number().int().nonnegative(),
});
export type Variant = z.infer<typeof variantSchema>;

/** What every product list carries (DESIGN.md §5). */
export const productSummarySchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    brand: z.string(),
    gender: genderSchema,
    category: z.string(),
    subCategory: z.string(),
    type: z.string(),
    price: z.number(),
    mrp: z.number(),
    image: z.string(),
    rating: z.number(),
    numReviews: z.number().int(),
    countInStock: z.number().int(),
  })
  .meta({ id: 'ProductSummary' });
export type ProductSummary = z.infer<typeof productSummarySchema>;

/** The images of one colour of a product: those of its `images` that show that colour, in their order. */
export const colorImagesSchema = z.object({ color: z.string(), images: z.array(z.string()) });
export type ColorImages = z.infer<typeof colorImagesSchema>;

/**
 * `GET /api/products/{id}` (DESIGN.md §5). `colorImages` adds to the contract: one entry per colour
 * that has images of its own (common/color-images.ts chooses from it).
 */
export const productDetailSchema = productSummarySchema
  .omit({ image: true })
  .extend({
    description: z.string(),
    images: z.array(z.string()),
    colorImages: z.array(colorImagesSchema).meta({
      description:
        "One entry per colour that has images of its own, each a subset of `images` in their order. A colour without an entry shows the product's first image.",
    }),
    colors: z.array(z.string()),
    sizes: z.array(z.string()),
    variants: z.array(variantSchema),
    isRefundable: z.boolean(),
  })
  .meta({ id: 'ProductDetail' });
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productIdParamsSchema = z.object({ id: z.string() });

/**
 * `popular` is units sold, `discount` the share off the MRP, `rating` the average rating (more reviews
 * first among equals); ties go to the newest.
 */
export const productSortSchema = z.enum([
  'relevance',
  'popular',
  'newest',
  'price_asc',
  'price_desc',
  'discount',
  'rating',
]);
export type ProductSort = z.infer<typeof productSortSchema>;

/**
 * Query parameters arrive as strings; odd values (a page of "abc", a negative limit) fall back to the
 * defaults instead of failing, so a hand-edited URL still shows results.
 */
const pageParam = z.coerce.number().int().min(1).catch(1);
const limitParam = z.coerce
  .number()
  .int()
  .min(1)
  .catch(DEFAULT_PAGE_SIZE)
  .transform((n) => Math.min(n, MAX_PAGE_SIZE));
const optionalText = singleLine()
  .trim()
  .max(100)
  .optional()
  .catch(undefined)
  .transform((s) => (s ? s : undefined));
/** More values than this in one filter group is not a shopper ticking boxes. */
export const MAX_FILTER_VALUES = 20;
/**
 * A filter group that may take several values, any of which matches: repeated parameters
 * (`size=M&size=L`), or one value as before. Blank values are left out; an odd value drops the group,
 * as an odd single value does.
 */
const optionalValues = (group: string) =>
  z
    .union([singleLine().trim().max(100), z.array(singleLine().trim().max(100)).max(MAX_FILTER_VALUES)])
    .optional()
    .catch(undefined)
    .transform((value) => {
      const values = [...new Set([value ?? []].flat().filter(Boolean))];
      return values.length ? values : undefined;
    })
    .meta({
      description: `One ${group} or several, by repeating the parameter (at most ${MAX_FILTER_VALUES}); a product matching any of them is listed.`,
    });
const optionalPrice = z.coerce.number().nonnegative().optional().catch(undefined);

export const listProductsQuerySchema = z.object({
  page: pageParam,
  limit: limitParam,
  sort: productSortSchema.catch('newest'),
});
export type ListProductsQuery = z.infer<typeof listProductsQuerySchema>;

export const searchQuerySchema = z.object({
  gender: optionalText,
  brand: optionalValues('brand'),
  category: optionalText,
  subCategory: optionalText,
  type: optionalText,
  name: optionalText,
  size: optionalValues('size'),
  color: optionalValues('colour'),
  minPrice: optionalPrice,
  maxPrice: optionalPrice,
  sort: productSortSchema.optional().catch(undefined),
  page: pageParam,
  limit: limitParam,
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const facetValueSchema = z.object({ value: z.string(), count: z.number().int() });
export type FacetValue = z.infer<typeof facetValueSchema>;

export const searchFacetsSchema = z.object({
  gender: z.array(facetValueSchema),
  brand: z.array(facetValueSchema),
  category: z.array(facetValueSchema),
  subCategory: z.array(facetValueSchema),
  type: z.array(facetValueSchema),
  color: z.array(facetValueSchema),
  size: z.array(facetValueSchema),
  price: z.object({ min: z.number(), max: z.number() }),
});
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

export const productPageSchema = z.object({
  products: z.array(productSummarySchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

/** A node of the category tree as a link: a shopper's name for it and the search filters that list it. */
export const categoryLinkSchema = z
  .object({
    label: z.string().meta({ description: 'What to show: "Kurtas for Men", "Sarees by Kashi Weaves".' }),
    gender: genderSchema,
    brand: z.string().optional().meta({ description: 'Set for a node under the top level Brand.' }),
    category: z.string(),
    subCategory: z.string().optional(),
    type: z.string().optional(),
  })
  .meta({ id: 'CategoryLink' });
export type CategoryLink = z.infer<typeof categoryLinkSchema>;

/** The filters a text search read from its words ("red saree under 1000"), prices in rupees. */
export const understoodSearchSchema = z
  .object({
    name: z.string().optional().meta({
      description: 'The typed words still searched as text; absent when every word was read as a filter.',
    }),
    gender: genderSchema.optional(),
    brand: z.string().optional(),
    category: z.string().optional(),
    subCategory: z.string().optional(),
    type: z.string().optional(),
    color: z.string().optional(),
    size: z.string().optional(),
    minPrice: z.number().optional(),
    maxPrice: z.number().optional(),
  })
  .meta({
    id: 'UnderstoodSearch',
    description:
      'Present when filters were read from `name`: the same search as these filters plus `name`, which a client may put in its URL.',
  });
export type UnderstoodSearch = z.infer<typeof understoodSearchSchema>;

export const searchResultSchema = productPageSchema.extend({
  facets: searchFacetsSchema,
  understood: understoodSearchSchema.optional(),
  alternatives: z
    .object({
      categories: z.array(categoryLinkSchema),
      products: z.array(productSummarySchema),
    })
    .optional()
    .meta({
      description:
        'Present when nothing matched: the categories nearest to the words and filters, and popular products (from the nearest category when there is one).',
    }),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** `GET /api/products/home`: the home page's sections. */
export const homeSectionsSchema = z.object({
  newArrivals: z.array(productSummarySchema),
  bestSellers: z.array(productSummarySchema),
  deals: z.array(productSummarySchema),
  categories: z.array(
    z.object({ gender: genderSchema, category: z.string(), image: z.string(), count: z.number().int() }),
  ),
});
export type HomeSections = z.infer<typeof homeSectionsSchema>;

/** Nested object keyed by names; the deepest level (type) maps to `{}`. */
export type CategoryTree = { [name: string]: CategoryTree };
export const categoryTreeSchema: z.ZodType<CategoryTree> = z
  .record(
    z.string(),
    z.lazy(() => categoryTreeSchema),
  )
  // A recursive schema needs a name, so the OpenAPI document can refer to it from inside itself.
  .meta({ id: 'CategoryTree' });

export const autocompleteQuerySchema = z.object({ q: singleLine().optional().catch(undefined) });

export const autocompleteHeadersSchema = z.object({
  prefer: z
    .string()
    .optional()
    .catch(undefined)
    .meta({
      description: `\`${LABELLED_SUGGESTIONS}\`: every suggestion carries \`kind\` and \`label\`, and categories come as nodes of the category tree with the filters that list them ("Kurtas for Men"); the answer then says \`Preference-Applied: ${LABELLED_SUGGESTIONS}\`. Without it the answer keeps its original shape.`,
    }),
});

const labelled = { label: z.string().meta({ description: 'What to show for the suggestion.' }) };
export const productSuggestionSchema = z.object({
  kind: z.literal('product'),
  ...labelled,
  _id: z.string(),
  name: z.string(),
  image: z.string().nullable().meta({
    description: "The product's first picture, for a small one beside the suggestion; null without one.",
  }),
});
export const categorySuggestionSchema = categoryLinkSchema.extend({ kind: z.literal('category') });
export const brandSuggestionSchema = z.object({ kind: z.literal('brand'), ...labelled, brand: z.string() });

/**
 * A suggestion. The labelled shapes come first: zod keeps the first member that fits and drops the
 * keys it does not name, so the plain `{ _id, name }` listed first would strip `kind` and `label`.
 */
export const autocompleteItemSchema = z.union([
  productSuggestionSchema,
  categorySuggestionSchema,
  brandSuggestionSchema,
  z.object({ _id: z.string(), name: z.string() }),
  z.object({ category: z.string() }),
  z.object({ brand: z.string() }),
]);
export type AutocompleteItem = z.infer<typeof autocompleteItemSchema>;
/** `GET /api/products/autocomplete?q=`: at most 10 suggestions. */
export const autocompleteSchema = z.array(autocompleteItemSchema);
