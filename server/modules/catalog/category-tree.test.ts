import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TOP_LEVEL_CATEGORIES } from '../../../common/constants';
import type { CategoryTree } from '../../../common/schemas/catalog';
import { buildCategoryTree, type CategoryPath, compareNames } from './category-tree';

const row = (gender: string, category: string, subCategory: string, type: string, brand = 'Pehnava') => ({
  gender,
  brand,
  category,
  subCategory,
  type,
});

describe('buildCategoryTree', () => {
  it('nests gender → category → subCategory → type, and Brand → brand → category → subCategory → type', () => {
    const tree = buildCategoryTree([
      row('Others', 'Home', 'Decor', 'Candles'),
      row('Brand', 'Kitchen', 'Cookware', 'Tawa', 'Zebu'),
      row('Women', 'Clothing', 'Ethnic Wear', 'Saree'),
      row('Men', 'Clothing', 'Ethnic Wear', 'Kurta'),
      row('Brand', 'Clothing', 'Western Wear', 'Jeans', 'Aarong'),
      row('Men', 'Accessories', 'Bags', 'Wallet'),
      row('Men', 'Clothing', 'Ethnic Wear', 'Kurta'),
      row('Men', 'Clothing', 'Ethnic Wear', 'Bandhgala'),
    ]);
    expect(tree).toEqual({
      Men: {
        Accessories: { Bags: { Wallet: {} } },
        Clothing: { 'Ethnic Wear': { Bandhgala: {}, Kurta: {} } },
      },
      Women: { Clothing: { 'Ethnic Wear': { Saree: {} } } },
      Brand: {
        Aarong: { Clothing: { 'Western Wear': { Jeans: {} } } },
        Zebu: { Kitchen: { Cookware: { Tawa: {} } } },
      },
      Others: { Home: { Decor: { Candles: {} } } },
    });
    expect(Object.keys(tree)).toEqual(['Men', 'Women', 'Brand', 'Others']);
    expect(Object.keys(tree.Men as CategoryTree)).toEqual(['Accessories', 'Clothing']);
    expect(Object.keys(tree.Brand as CategoryTree)).toEqual(['Aarong', 'Zebu']);
  });

  it('answers an empty object for no products', () => {
    expect(buildCategoryTree([])).toEqual({});
  });

  it('leaves out unknown top levels and ends a path at its first blank level', () => {
    const tree = buildCategoryTree([
      row('Aliens', 'Clothing', 'Space Wear', 'Suit'),
      row('Girl', 'Toys', ' ', 'Doll'),
      row('Boy', '', 'Tops', 'T-Shirt'),
    ]);
    expect(tree).toEqual({ Boy: {}, Girl: { Toys: {} } });
  });

  it('keeps awkward names such as __proto__ as ordinary keys', () => {
    const tree = buildCategoryTree([row('Men', '__proto__', 'constructor', 'toString')]);
    expect(JSON.stringify(tree)).toBe('{"Men":{"__proto__":{"constructor":{"toString":{}}}}}');
  });
});

// Integer-like names are excluded: JavaScript objects always list them first (see the builder's doc).
const isArrayIndexLike = (s: string) => /^(0|[1-9]\d*)$/.test(s);
const name = fc
  .oneof(
    fc.constantFrom(
      'Clothing',
      'clothing',
      'Ethnic Wear',
      'Kurta',
      'Äpfel',
      'Size 2',
      'Size 10',
      '__proto__',
      '',
    ),
    fc.string({ maxLength: 6 }),
  )
  .filter((s) => !isArrayIndexLike(s));
const pathArb: fc.Arbitrary<CategoryPath> = fc.record({
  gender: fc.constantFrom(...TOP_LEVEL_CATEGORIES, 'Unknown'),
  brand: name,
  category: name,
  subCategory: name,
  type: name,
});

function levels(p: CategoryPath): string[] {
  const all =
    p.gender === 'Brand'
      ? [p.gender, p.brand, p.category, p.subCategory, p.type]
      : [p.gender, p.category, p.subCategory, p.type];
  const blank = all.findIndex((s) => s.trim() === '');
  return blank === -1 ? all : all.slice(0, blank);
}

function child(tree: CategoryTree, key: string): CategoryTree | undefined {
  return Object.hasOwn(tree, key) ? (tree[key] as CategoryTree) : undefined;
}

/** Every path from the root to a leaf. */
function leafPaths(tree: CategoryTree, prefix: string[] = []): string[][] {
  const keys = Object.keys(tree);
  if (keys.length === 0) return prefix.length > 0 ? [prefix] : [];
  return keys.flatMap((k) => leafPaths(child(tree, k) as CategoryTree, [...prefix, k]));
}

function everyNode(tree: CategoryTree, depth: number, visit: (keys: string[], depth: number) => void): void {
  visit(Object.keys(tree), depth);
  for (const k of Object.keys(tree)) everyNode(child(tree, k) as CategoryTree, depth + 1, visit);
}

describe('buildCategoryTree properties', () => {
  it('holds every known path, invents none, orders the top level by the shop order and sorts the rest', () => {
    fc.assert(
      fc.property(fc.array(pathArb, { maxLength: 40 }), (rows) => {
        const tree = buildCategoryTree(rows);
        const known = rows.filter((r) => r.gender !== 'Unknown');

        for (const r of known) {
          let node: CategoryTree | undefined = tree;
          for (const key of levels(r)) {
            node = node && child(node, key);
            expect(node).toBeDefined();
          }
        }

        const inputPaths = new Set(known.map((r) => JSON.stringify(levels(r))));
        for (const leaf of leafPaths(tree)) {
          // A leaf is a whole path of some row (a row may also stop early, at a blank level).
          expect(inputPaths.has(JSON.stringify(leaf))).toBe(true);
        }

        const presentTop = TOP_LEVEL_CATEGORIES.filter((g) => known.some((r) => r.gender === g));
        expect(Object.keys(tree)).toEqual(presentTop);

        everyNode(tree, 0, (keys, depth) => {
          if (depth === 0) return;
          for (let i = 1; i < keys.length; i++) {
            expect(compareNames(keys[i - 1] as string, keys[i] as string)).toBeLessThanOrEqual(0);
          }
        });
      }),
    );
  });

  it('does not depend on the order of the rows', () => {
    fc.assert(
      fc.property(
        fc
          .array(pathArb, { maxLength: 30 })
          .chain((rows) =>
            fc.tuple(
              fc.constant(rows),
              fc.shuffledSubarray(rows, { minLength: rows.length, maxLength: rows.length }),
            ),
          ),
        ([rows, shuffled]) => {
          expect(JSON.stringify(buildCategoryTree(shuffled))).toBe(JSON.stringify(buildCategoryTree(rows)));
        },
      ),
    );
  });
});
