import { PRODUCT_IMAGE_PREFIX } from '../../../common/images';
import { buildProduct, type ProductInput } from '../factories/product.factory';
import { CLOSERS, HOUSE_BRAND, MATERIALS, type ProductTemplate, TEMPLATES } from './demo-data';
import { createRng, hashString, type Rng } from './random';

const DAY_MS = 24 * 60 * 60 * 1000;
/** New arrivals are spread over this many days before the seed runs. */
export const DEMO_HISTORY_DAYS = 120;

/** `Banarasi Katan Silk Saree` → `banarasi-katan-silk-saree`. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The images of a demo product and the colour each shows: every colour has a picture of its own, and
 * the first colour (whose picture the lists show) has `firstColorViews` views (main, close-up, on a
 * deep backdrop); one picture for each other colour keeps the drawing short. URLs name the colour:
 * `/images/products/<slug>-<shortid>-<colour>[-n].webp`.
 */
export function demoImages(
  key: string,
  name: string,
  colors: readonly string[],
  firstColorViews: number,
): { images: string[]; imageColors: string[] } {
  const shortId = hashString(key).toString(16).padStart(8, '0').slice(0, 6);
  const base = `${PRODUCT_IMAGE_PREFIX}${slugify(name)}-${shortId}`;
  const images: string[] = [];
  const imageColors: string[] = [];
  colors.forEach((color, c) => {
    const views = c === 0 ? Math.max(1, firstColorViews) : 1;
    for (let view = 0; view < views; view += 1) {
      images.push(`${base}-${slugify(color)}${view === 0 ? '' : `-${view + 1}`}.webp`);
      imageColors.push(color);
    }
  });
  return { images, imageColors };
}

const tidy = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/\s([,.;])/g, '$1')
    // Styles are filled in after "A": "A Embroidered …" must read "An Embroidered …".
    .replace(/\b([Aa]) (?=[AEIOU])/g, '$1n ')
    .trim();

function fill(sentence: string, values: Record<string, string>): string {
  return tidy(sentence.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? ''));
}

/** A rupee price that ends the way shop prices do: …49 or …99. */
function shopPrice(rupees: number): number {
  return Math.max(99, Math.round(rupees / 50) * 50 - 1);
}

function pickPrice(rng: Rng, [min, max]: [number, number]): { price: number; mrp: number } {
  const price = Math.min(max, shopPrice(min + rng.next() ** 1.4 * (max - min)));
  if (rng.chance(0.22)) return { price, mrp: price };
  const discount = rng.pick([0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6]);
  const mrp = Math.ceil(price / (1 - discount) / 100) * 100 - 1;
  return { price, mrp: Math.max(mrp, price) };
}

function pickSizes(rng: Rng, template: ProductTemplate): string[] {
  const all = [...template.sizes];
  if (!template.sizeRun || all.length <= 3) return all;
  const length = rng.int(Math.min(4, all.length), all.length);
  const start = rng.int(0, all.length - length);
  return all.slice(start, start + length);
}

/**
 * Stock per variant: mostly healthy, some low (3–25 units, so "only a few left" shows), some sold out;
 * about one product in thirty is sold out in every variant.
 */
function pickVariants(rng: Rng, colors: string[], sizes: string[]): ProductInput['variants'] {
  const soldOut = rng.chance(0.035);
  const variants = colors.flatMap((color) =>
    sizes.map((size) => {
      const roll = rng.next();
      const countInStock = soldOut ? 0 : roll < 0.08 ? 0 : roll < 0.3 ? rng.int(3, 25) : rng.int(26, 150);
      return { color, size, countInStock };
    }),
  );
  const first = variants[0];
  if (!soldOut && first && variants.every((v) => v.countInStock === 0)) first.countInStock = rng.int(3, 25);
  return variants;
}

function writeDescription(
  rng: Rng,
  template: ProductTemplate,
  values: Record<string, string>,
  materialKey: keyof typeof MATERIALS,
) {
  const material = MATERIALS[materialKey];
  const closers = CLOSERS[template.category] ?? [];
  const leads = template.about.filter((s) => /\{(style|name)\}/.test(s));
  const lead = leads.length > 0 ? rng.pick(leads) : (template.about[0] ?? '');
  const rest = template.about.filter((s) => s !== lead);
  const sentences = [fill(lead, values)];
  // Templates of non-refundable goods say so in their other sentence, and that must reach the shopper.
  if (rest.length > 0 && (!template.refundable || rng.chance(0.65)))
    sentences.push(fill(rng.pick(rest), values));
  if (sentences.length < 2 && rng.chance(0.6)) sentences.push(rng.pick(material.feel));
  sentences.push(rng.pick(material.care));
  if (sentences.length < 4 && closers.length > 0 && rng.chance(0.45)) sentences.push(rng.pick(closers));
  return sentences.join(' ');
}

/** The template's first style and material make its signature product; the rest come in a seeded order. */
function combinations(template: ProductTemplate, rng: Rng) {
  const pairs = template.styles.flatMap((style) =>
    template.materials.map((material) => ({ style, material })),
  );
  const [signature, ...rest] = pairs;
  return signature ? [signature, ...rng.shuffle(rest)] : [];
}

/**
 * The demo catalog: the same products, names, prices, stock and image URLs on every run. Only the
 * dates move with `now`, so new arrivals always look new.
 */
export function buildDemoCatalog(options: { now?: Date } = {}): ProductInput[] {
  const now = (options.now ?? new Date()).getTime();
  const names = new Set<string>();
  const products: ProductInput[] = [];

  for (const template of TEMPLATES) {
    const brand = template.brand ?? HOUSE_BRAND;
    const templateKey = `${template.gender}|${brand}|${template.category}|${template.subCategory}|${template.type}`;
    const rng = createRng(templateKey);
    let made = 0;
    for (const { style, material } of combinations(template, rng)) {
      if (made === template.count) break;
      const [materialKey, materialWord] = material;
      const name = tidy(template.name.replace('{style}', style).replace('{material}', materialWord));
      if (names.has(name)) continue;
      names.add(name);
      made += 1;

      const item = createRng(`${templateKey}|${name}`);
      const colorCount = Math.min(template.colors.length, item.pick([1, 1, 2, 2, 3]));
      const colors = item.shuffle(template.colors).slice(0, colorCount);
      const sizes = pickSizes(item, template);
      const { price, mrp } = pickPrice(item, template.price);
      const ageDays = item.next() * DEMO_HISTORY_DAYS;
      // Older products have had longer to sell; a few are runaway best sellers.
      const soldCount =
        Math.floor(item.next() ** 2.5 * 400 * (0.25 + ageDays / DEMO_HISTORY_DAYS)) +
        (item.chance(0.05) ? item.int(400, 1500) : 0);
      const values = {
        name,
        style,
        material: (materialWord || materialKey.replace('-', ' ')).toLowerCase(),
        color: (colors[0] ?? '').toLowerCase(),
      };

      products.push(
        buildProduct({
          name,
          description: writeDescription(item, template, values, materialKey),
          brand,
          gender: template.gender,
          category: template.category,
          subCategory: template.subCategory,
          type: template.type,
          price,
          mrp,
          isRefundable: template.refundable,
          ...demoImages(templateKey + name, name, colors, item.pick([1, 1, 1, 1, 2, 3])),
          variants: pickVariants(item, colors, sizes),
          rating: 0,
          numReviews: 0,
          soldCount,
          createdAt: new Date(Math.floor((now - ageDays * DAY_MS) / 60_000) * 60_000),
        }),
      );
    }
    if (made < template.count) {
      throw new Error(`Demo template ${templateKey} yields ${made} unique names, wants ${template.count}`);
    }
  }
  return products;
}
