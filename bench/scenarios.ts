import { API } from '../common/api-paths';

/** One measured call; `skipped` says why it could not be measured on this database. */
export type Scenario = { name: string; path: string; note?: string } | { name: string; skipped: string };

export const SCENARIO_NAMES = {
  productDetail: 'product detail',
  searchFilter: 'search with a filter',
  searchName: 'search by name',
  categoryTree: 'category tree',
} as const;

/** Searched for by name; the demo catalog is Indian fashion, so kurtas are always there. */
export const SEARCH_NAME = 'kurta';

type CategoryTree = Record<string, Record<string, unknown>>;

async function getJson(baseUrl: string, path: string): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return response.json();
}

function firstProductId(list: unknown): string {
  const products = (list as { products?: { _id?: unknown }[] } | null)?.products;
  const id = products?.[0]?._id;
  if (typeof id !== 'string')
    throw new Error(`GET ${API.catalog.products} listed no products; is the demo seed there?`);
  return id;
}

/** The first gender branch with a category in the seeded tree, so the filter matches real products. */
function firstGenderCategory(tree: unknown): { gender: string; category: string } {
  for (const [gender, categories] of Object.entries((tree ?? {}) as CategoryTree)) {
    if (gender === 'Brand' || gender === 'Others') continue;
    const [category] = Object.keys(categories ?? {});
    if (category) return { gender, category };
  }
  throw new Error(`GET ${API.catalog.categoryTree} has no gender with a category; is the demo seed there?`);
}

async function totalOf(baseUrl: string, path: string): Promise<string> {
  const body = (await getJson(baseUrl, path)) as { total?: unknown };
  if (typeof body.total !== 'number') throw new Error(`GET ${path} answered without a total`);
  if (body.total === 0)
    throw new Error(`GET ${path} found nothing; measuring an empty search would flatter it`);
  return `${body.total} results`;
}

/**
 * Picks real ids and filters from the seeded data. A scenario whose call does not work yet (the
 * catalog API or the seed not there) is reported as skipped instead of measuring a 404.
 */
export async function discoverScenarios(baseUrl: string): Promise<Scenario[]> {
  const attempt = async (name: string, build: () => Promise<{ path: string; note?: string }>) => {
    try {
      const scenario = await build();
      await getJson(baseUrl, scenario.path);
      return { name, ...scenario };
    } catch (error) {
      return { name, skipped: error instanceof Error ? error.message : String(error) };
    }
  };

  return Promise.all([
    attempt(SCENARIO_NAMES.productDetail, async () => {
      const id = firstProductId(await getJson(baseUrl, `${API.catalog.products}?limit=1`));
      return { path: API.catalog.product(id) };
    }),
    attempt(SCENARIO_NAMES.searchFilter, async () => {
      const { gender, category } = firstGenderCategory(await getJson(baseUrl, API.catalog.categoryTree));
      const path = `${API.catalog.search}?${new URLSearchParams({ gender, category })}`;
      return { path, note: await totalOf(baseUrl, path) };
    }),
    attempt(SCENARIO_NAMES.searchName, async () => {
      const path = `${API.catalog.search}?${new URLSearchParams({ name: SEARCH_NAME })}`;
      return { path, note: await totalOf(baseUrl, path) };
    }),
    attempt(SCENARIO_NAMES.categoryTree, async () => ({ path: API.catalog.categoryTree })),
  ]);
}
