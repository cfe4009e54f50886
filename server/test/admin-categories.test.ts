import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { CATEGORY_MESSAGES, type CategoryNode } from '../../common/schemas/admin-categories';
import { type StaffMember, signedInStaff } from './staff-kit';
import { createClient, createTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let manager: StaffMember;
let support: StaffMember;
let shop: TestClient;

// The shop's answers are cached as in production, so a test of "the next answer" tests the cache drop.
beforeAll(async () => {
  t = await createTestApp({ CATALOG_CACHE_SECONDS: '300' });
  manager = await signedInStaff(t, 'manager');
  support = await signedInStaff(t, 'support');
  shop = createClient(t.app, { remoteAddress: '10.7.1.1' });
});
afterAll(() => t.close());

let made = 0;

/** An active product under Men › `category` › `subCategory` › `type`, its SKUs no other test uses. */
async function product(category: string, subCategory: string, type: string, brand = 'Pehnava') {
  made += 1;
  const res = await manager.client.request({
    method: 'POST',
    url: API.admin.products,
    payload: {
      name: `Test piece ${made}`,
      description: '',
      brand,
      gender: 'Men',
      category,
      subCategory,
      type,
      price: 999,
      mrp: 999,
      status: 'active',
      variants: [{ sku: `CAT-${made}`, color: 'Blue', size: 'M', countInStock: 3 }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product as { _id: string; version: number };
}

const tree = async () => (await manager.client.request({ method: 'GET', url: API.admin.categories })).json();

/** The node at `path` of the staff tree, if any. */
function nodeAt(nodes: CategoryNode[], path: string[]): CategoryNode | undefined {
  const [first, ...rest] = path;
  const node = nodes.find((n) => n.name === first);
  return node && rest.length > 0 ? nodeAt(node.children, rest) : node;
}

const change = (payload: object, member = manager) =>
  member.client.request({ method: 'PATCH', url: API.admin.categories, payload });
const add = (payload: object, member = manager) =>
  member.client.request({ method: 'POST', url: API.admin.categories, payload });

const shopTree = async () => (await shop.request({ method: 'GET', url: API.catalog.categoryTree })).json();
const shopProduct = async (id: string) =>
  (await shop.request({ method: 'GET', url: API.catalog.product(id) })).json();

describe('the staff category tree', () => {
  it('lists every gender, then the levels with their product counts, and the brands', async () => {
    await product('Footwear', 'Sandals', 'Kolhapuri', 'Chappal Co');
    await product('Footwear', 'Sandals', 'Kolhapuri', 'Chappal Co');
    const body = await tree();
    expect(body.tree.map((node: CategoryNode) => node.name)).toEqual([
      'Men',
      'Women',
      'Boy',
      'Girl',
      'Brand',
      'Others',
    ]);
    expect(nodeAt(body.tree, ['Men', 'Footwear', 'Sandals', 'Kolhapuri'])).toEqual({
      name: 'Kolhapuri',
      products: 2,
      children: [],
    });
    expect(body.brands).toContainEqual({ name: 'Chappal Co', products: 2 });
  });

  it('is read by support too, and changed only by a role with catalog:write', async () => {
    expect((await support.client.request({ method: 'GET', url: API.admin.categories })).statusCode).toBe(200);
    const refused = await add({ parent: ['Men'], name: 'Nope' }, support);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('adding', () => {
  it('adds a category and a type below it before any product uses them, once', async () => {
    expect((await add({ parent: ['Women'], name: 'Jewellery' })).statusCode).toBe(201);
    expect((await add({ parent: ['Women', 'Jewellery'], name: 'Earrings' })).statusCode).toBe(201);
    expect(nodeAt((await tree()).tree, ['Women', 'Jewellery', 'Earrings'])).toEqual({
      name: 'Earrings',
      products: 0,
      children: [],
    });
    const again = await add({ parent: ['Women'], name: 'Jewellery' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: CATEGORY_MESSAGES.exists('Jewellery'), code: 'EXISTS' });
  });

  it('answers 404 under a parent that does not exist and 422 for a bad path', async () => {
    const missing = await add({ parent: ['Men', 'No Such'], name: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(CATEGORY_MESSAGES.notFound);
    expect((await add({ parent: ['Martians'], name: 'X' })).statusCode).toBe(422);
    expect((await add({ parent: ['Men', 'a', 'b', 'c'], name: 'X' })).statusCode).toBe(422);
    expect((await add({ parent: ['Men'], name: '   ' })).statusCode).toBe(422);
    expect((await change({ path: ['Men'], name: 'Gents' })).statusCode).toBe(422);
    expect((await change({ path: ['Men', 'Footwear'] })).statusCode).toBe(422);
    expect((await change({ path: ['Men', 'Footwear'], parent: ['Women', 'X'] })).statusCode).toBe(422);
  });

  it('adds a brand once', async () => {
    const res = await manager.client.request({
      method: 'POST',
      url: API.admin.brands,
      payload: { name: 'Nila Looms' },
    });
    expect(res.statusCode).toBe(201);
    expect((await tree()).brands).toContainEqual({ name: 'Nila Looms', products: 0 });
    const again = await manager.client.request({
      method: 'POST',
      url: API.admin.brands,
      payload: { name: 'Nila Looms' },
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('renaming and moving', () => {
  it('renames a sub-category: its products follow, the shop shows it in its next answer, the audit log has it', async () => {
    const kurta = await product('Clothing', 'Ethnik Wear', 'Kurta');
    expect(Object.keys((await shopTree()).Men.Clothing)).toContain('Ethnik Wear');
    const res = await change({ path: ['Men', 'Clothing', 'Ethnik Wear'], name: 'Ethnic Wear' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ products: 1 });

    const menu = (await shopTree()).Men.Clothing;
    expect(Object.keys(menu)).toContain('Ethnic Wear');
    expect(Object.keys(menu)).not.toContain('Ethnik Wear');
    expect(await shopProduct(kurta._id)).toMatchObject({ subCategory: 'Ethnic Wear', type: 'Kurta' });

    const audit = (
      await manager.client.request({
        method: 'GET',
        url: `${API.admin.audit}?entity=category&entityId=${encodeURIComponent('Men › Clothing › Ethnik Wear')}`,
      })
    ).json();
    expect(audit.entries[0]).toMatchObject({
      action: 'category.rename',
      actor: { email: manager.email, role: 'manager' },
      before: { path: ['Men', 'Clothing', 'Ethnik Wear'] },
      after: { path: ['Men', 'Clothing', 'Ethnic Wear'], products: 1 },
    });
  });

  it('counts a new version of each product it moved, so an edit opened before is refused', async () => {
    const shirt = await product('Tops', 'Casual', 'Shirt');
    await change({ path: ['Men', 'Tops'], name: 'Topwear' });
    const stale = await manager.client.request({
      method: 'PATCH',
      url: API.admin.product(shirt._id),
      payload: { version: shirt.version, category: 'Tops' },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('moves a category with everything below it to another gender', async () => {
    const hat = await product('Headwear', 'Caps', 'Baseball');
    await add({ parent: ['Men', 'Headwear', 'Caps'], name: 'Beanie' });
    const res = await change({ path: ['Men', 'Headwear'], parent: ['Boy'] });
    expect(res.json()).toEqual({ products: 1 });
    const body = await tree();
    expect(nodeAt(body.tree, ['Men', 'Headwear'])).toBeUndefined();
    expect(nodeAt(body.tree, ['Boy', 'Headwear', 'Caps'])?.children.map((n) => n.name)).toEqual([
      'Baseball',
      'Beanie',
    ]);
    expect(await shopProduct(hat._id)).toMatchObject({ gender: 'Boy', category: 'Headwear' });
  });

  it('joins a type into one that already has the name', async () => {
    await product('Bottoms', 'Denim', 'Jeans');
    await product('Bottoms', 'Denim', 'jeans');
    await change({ path: ['Men', 'Bottoms', 'Denim', 'jeans'], name: 'Jeans' });
    expect(nodeAt((await tree()).tree, ['Men', 'Bottoms', 'Denim'])?.children).toEqual([
      { name: 'Jeans', products: 2, children: [] },
    ]);
  });

  it('answers 404 for a node that does not exist, changing nothing', async () => {
    const res = await change({ path: ['Men', 'Nothing Here'], name: 'Something' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: CATEGORY_MESSAGES.notFound });
  });

  it('renames a brand on its products', async () => {
    const piece = await product('Bags', 'Totes', 'Canvas', 'Jhola');
    const res = await manager.client.request({
      method: 'PATCH',
      url: API.admin.brands,
      payload: { from: 'Jhola', name: 'Jhola & Co' },
    });
    expect(res.json()).toEqual({ products: 1 });
    expect(await shopProduct(piece._id)).toMatchObject({ brand: 'Jhola & Co' });
    const missing = await manager.client.request({
      method: 'PATCH',
      url: API.admin.brands,
      payload: { from: 'Jhola', name: 'X' },
    });
    expect(missing.statusCode).toBe(404);
  });
});
