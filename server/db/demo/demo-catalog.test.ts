import { describe, expect, it } from 'vitest';
import { groupImagesByColor } from '../../../common/color-images';
import { TOP_LEVEL_CATEGORIES } from '../../../common/constants';
import { hasImageSizes } from '../../../common/images';
import { buildDemoCatalog, DEMO_HISTORY_DAYS, demoImages, slugify } from './demo-catalog';
import { HOUSE_BRAND } from './demo-data';
import { motifFor } from './product-images';

const now = new Date('2025-06-01T10:00:00Z');
const catalog = buildDemoCatalog({ now });
const variants = catalog.flatMap((p) => p.variants);

describe('demo catalog', () => {
  it('has at least 300 products in all six top-level groups', () => {
    expect(catalog.length).toBeGreaterThanOrEqual(300);
    const groups = new Set(catalog.map((p) => p.gender));
    expect([...groups].sort()).toEqual([...TOP_LEVEL_CATEGORIES].sort());
    for (const group of TOP_LEVEL_CATEGORIES) {
      expect(catalog.filter((p) => p.gender === group).length).toBeGreaterThanOrEqual(30);
    }
  });

  it('covers clothing, gifts, home decor, accessories, toys and kitchenware', () => {
    const categories = new Set(catalog.map((p) => p.category));
    for (const kind of ['Clothing', 'Gifts', 'Home Decor', 'Accessories', 'Toys', 'Kitchenware']) {
      expect(categories, kind).toContain(kind);
    }
  });

  it('includes the hierarchies the shop is known for', () => {
    const paths = new Set(catalog.map((p) => [p.gender, p.category, p.subCategory, p.type].join(' > ')));
    for (const path of [
      'Men > Clothing > Ethnic Wear > Kurta',
      'Women > Clothing > Sarees > Banarasi',
      'Others > Home Decor > Lighting > Diya',
      'Others > Kitchenware > Cookware > Kadai',
      'Boy > Toys > Wooden Toys > Train',
      'Girl > Accessories > Hair > Clips',
    ]) {
      expect(paths, path).toContain(path);
    }
    const names = catalog.map((p) => p.name);
    expect(names).toContain('Chikankari Cotton Kurta');
    expect(names).toContain('Banarasi Silk Saree');
    expect(names).toContain('Brass Diya Set');
    expect(names).toContain('Jaipuri Block-Print Bedsheet');
    expect(names).toContain("Kids' Wooden Channapatna Train");
  });

  it('gives every product a valid price, stock and description', () => {
    for (const p of catalog) {
      expect(p.price, p.name).toBeGreaterThan(0);
      expect(p.mrp, p.name).toBeGreaterThanOrEqual(p.price);
      expect(Number.isInteger(p.price) && Number.isInteger(p.mrp), p.name).toBe(true);
      expect(p.variants.length, p.name).toBeGreaterThan(0);
      for (const v of p.variants) {
        expect(Number.isInteger(v.countInStock) && v.countInStock >= 0, p.name).toBe(true);
        expect(v.color.length * v.size.length, p.name).toBeGreaterThan(0);
      }
      const keys = p.variants.map((v) => `${v.color}/${v.size}`);
      expect(new Set(keys).size, p.name).toBe(keys.length);
      const sentences = p.description.split(/(?<=\.)\s+/);
      expect(sentences.length, p.description).toBeGreaterThanOrEqual(2);
      expect(sentences.length, p.description).toBeLessThanOrEqual(4);
      expect(p.description, p.name).not.toMatch(/\{|\}|\s{2}|\bA [AEIOU]/);
      expect(p.rating).toBe(0);
      expect(p.numReviews).toBe(0);
    }
  });

  it('has realistic rupee prices, some discounted and some at MRP', () => {
    const prices = catalog.map((p) => p.price);
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(99);
    expect(Math.max(...prices)).toBeLessThanOrEqual(8999);
    const atMrp = catalog.filter((p) => p.price === p.mrp).length;
    expect(atMrp).toBeGreaterThan(20);
    expect(catalog.length - atMrp).toBeGreaterThan(150);
  });

  it('sells own products under the house brand and vendor products under their own brands', () => {
    for (const p of catalog) {
      if (p.gender === 'Brand') expect(p.brand, p.name).not.toBe(HOUSE_BRAND);
      else expect(p.brand, p.name).toBe(HOUSE_BRAND);
    }
    const vendors = new Set(catalog.filter((p) => p.gender === 'Brand').map((p) => p.brand));
    expect(vendors.size).toBeGreaterThanOrEqual(5);
    expect(vendors).toContain('Rangrez Looms');
    expect(vendors).toContain('Kashi Weaves');
  });

  it('has refundable and non-refundable goods, with innerwear, personalised gifts, food and cookware not refundable', () => {
    expect(catalog.some((p) => p.isRefundable)).toBe(true);
    const nonRefundable = catalog.filter((p) => !p.isRefundable);
    expect(nonRefundable.length).toBeGreaterThan(20);
    const mustNot = catalog.filter(
      (p) =>
        p.subCategory === 'Innerwear' ||
        p.subCategory === 'Personalised' ||
        p.subCategory === 'Hampers' ||
        p.subCategory === 'Cookware',
    );
    expect(mustNot.length).toBeGreaterThan(10);
    for (const p of mustNot) expect(p.isRefundable, p.name).toBe(false);
  });

  it('has low-stock, sold-out and fully sold-out products', () => {
    expect(variants.filter((v) => v.countInStock >= 3 && v.countInStock <= 25).length).toBeGreaterThan(100);
    expect(variants.filter((v) => v.countInStock === 0).length).toBeGreaterThan(50);
    const soldOut = catalog.filter((p) => p.variants.every((v) => v.countInStock === 0));
    expect(soldOut.length).toBeGreaterThan(0);
    expect(soldOut.length).toBeLessThan(catalog.length * 0.08);
  });

  it('uses adult, kids and one-size sizes', () => {
    const sizes = new Set(variants.map((v) => v.size));
    for (const size of ['XS', 'M', 'XXL', '2-3Y', '8-9Y', 'Free Size']) expect(sizes, size).toContain(size);
    for (const p of catalog.filter((p) => p.gender === 'Boy' || p.gender === 'Girl')) {
      if (p.category !== 'Clothing') continue;
      for (const v of p.variants) expect(v.size, p.name).toMatch(/^\d+-\d+Y$/);
    }
  });

  it('spreads products over the last 120 days with varied sales', () => {
    const ages = catalog.map((p) => (now.getTime() - (p.createdAt as Date).getTime()) / 86_400_000);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeLessThanOrEqual(DEMO_HISTORY_DAYS);
    expect(ages.filter((a) => a < 14).length).toBeGreaterThan(10);
    const sold = catalog.map((p) => p.soldCount ?? 0);
    expect(new Set(sold).size).toBeGreaterThan(100);
    expect(Math.max(...sold)).toBeGreaterThan(400);
  });

  it('has unique names and unique image URLs following the naming rule', () => {
    expect(new Set(catalog.map((p) => p.name)).size).toBe(catalog.length);
    const urls = catalog.flatMap((p) => p.images);
    expect(new Set(urls).size).toBe(urls.length);
    for (const p of catalog) {
      const [first] = p.variants;
      expect(p.images[0]).toMatch(
        new RegExp(`^/images/products/${slugify(p.name)}-[0-9a-f]{6}-${slugify(first?.color ?? '')}\\.webp$`),
      );
      for (const url of p.images) expect(hasImageSizes(url), url).toBe(true);
    }
  });

  it('gives every colour images of its own, the first colour up to three views', () => {
    for (const p of catalog) {
      const colors = [...new Set(p.variants.map((v) => v.color))];
      expect(p.imageColors, p.name).toHaveLength(p.images.length);
      const byColor = groupImagesByColor(p.images, p.imageColors ?? []);
      expect(
        byColor.map((entry) => entry.color),
        p.name,
      ).toEqual(colors);
      const [first, ...others] = byColor;
      expect(first?.images.length, p.name).toBeGreaterThanOrEqual(1);
      expect(first?.images.length, p.name).toBeLessThanOrEqual(3);
      for (const other of others) expect(other.images, p.name).toHaveLength(1);
    }
    const multiColour = catalog.filter((p) => new Set(p.variants.map((v) => v.color)).size > 1);
    expect(multiColour.length).toBeGreaterThan(100);
    expect(
      catalog.filter((p) => (p.imageColors ?? []).filter((c) => c === p.imageColors?.[0]).length > 1).length,
    ).toBeGreaterThan(60);
  });

  it('draws each kind of product with a motif of its own', () => {
    const motifs = new Set(catalog.map((p) => motifFor(p)));
    expect(motifs.size).toBeGreaterThanOrEqual(40);
  });

  it('is the same on every build; only the dates follow the clock', () => {
    expect(buildDemoCatalog({ now })).toEqual(catalog);
    const later = buildDemoCatalog({ now: new Date(now.getTime() + 86_400_000) });
    expect(later.map(({ createdAt: _c, ...rest }) => rest)).toEqual(
      catalog.map(({ createdAt: _c, ...rest }) => rest),
    );
  });
});

describe('slugify and demoImages', () => {
  it('makes URL-safe slugs', () => {
    expect(slugify("Kids' Wooden Channapatna Train")).toBe('kids-wooden-channapatna-train');
    expect(slugify('Rose and Oud Soy Wax Candle')).toBe('rose-and-oud-soy-wax-candle');
  });

  it("names each image by its colour and numbers the first colour's extra views", () => {
    const { images, imageColors } = demoImages('key', 'Brass Diya Set', ['Brass', 'Rani Pink'], 3);
    const base = (images[0] as string).replace(/-brass\.webp$/, '');
    expect(base).toMatch(/^\/images\/products\/brass-diya-set-[0-9a-f]{6}$/);
    expect(images).toEqual([
      `${base}-brass.webp`,
      `${base}-brass-2.webp`,
      `${base}-brass-3.webp`,
      `${base}-rani-pink.webp`,
    ]);
    expect(imageColors).toEqual(['Brass', 'Brass', 'Brass', 'Rani Pink']);
  });
});
