import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupImagesByColor, imageForColor, imagesForColor } from './color-images';

const rust = '/images/products/kurta-a1b2c3-rust.webp';
const rustBack = '/images/products/kurta-a1b2c3-rust-2.webp';
const peach = '/images/products/kurta-a1b2c3-peach.webp';
const group = '/images/products/kurta-a1b2c3-group.webp';

/** A kurta in Rust (two images) and Peach (one), with a group picture of no one colour. */
const kurta = {
  images: [rust, rustBack, peach, group],
  colorImages: [
    { color: 'Rust', images: [rust, rustBack] },
    { color: 'Peach', images: [peach] },
  ],
};

describe('groupImagesByColor', () => {
  it('lists each colour with its own images, in the order of its first image', () => {
    expect(groupImagesByColor(kurta.images, ['Rust', 'Rust', 'Peach', ''])).toEqual(kurta.colorImages);
    expect(groupImagesByColor([peach, rust, rustBack], ['Peach', 'Rust', 'Peach'])).toEqual([
      { color: 'Peach', images: [peach, rustBack] },
      { color: 'Rust', images: [rust] },
    ]);
  });

  it('leaves out images of no one colour, also when their entries are missing', () => {
    expect(groupImagesByColor([rust, peach, group], ['Rust'])).toEqual([{ color: 'Rust', images: [rust] }]);
    expect(groupImagesByColor([rust, peach], [])).toEqual([]);
    expect(groupImagesByColor([], [])).toEqual([]);
  });
});

describe('imagesForColor', () => {
  it("puts the chosen colour's images first and keeps the rest in the product's order", () => {
    expect(imagesForColor(kurta, 'Peach')).toEqual([peach, rust, rustBack, group]);
    expect(imagesForColor(kurta, 'Rust')).toEqual([rust, rustBack, peach, group]);
  });

  it("keeps the product's order without a colour or for a colour without images of its own", () => {
    expect(imagesForColor(kurta, null)).toEqual(kurta.images);
    expect(imagesForColor(kurta, 'Mint')).toEqual(kurta.images);
    expect(imagesForColor({ images: [rust, peach], colorImages: [] }, 'Peach')).toEqual([rust, peach]);
  });

  it('shows every image exactly once, whatever the colour', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(rust, rustBack, peach, group), { maxLength: 4 }),
        fc.array(fc.constantFrom('Rust', 'Peach', ''), { maxLength: 4 }),
        fc.constantFrom('Rust', 'Peach', 'Mint', null),
        (images, imageColors, color) => {
          const product = { images, colorImages: groupImagesByColor(images, imageColors) };
          const shown = imagesForColor(product, color);
          expect([...shown].sort()).toEqual([...images].sort());
          expect(shown[0] ?? '').toBe(imageForColor(product, color));
        },
      ),
    );
  });
});

describe('imageForColor', () => {
  it("gives the chosen colour's first own image", () => {
    expect(imageForColor(kurta, 'Peach')).toBe(peach);
    expect(imageForColor(kurta, 'Rust')).toBe(rust);
  });

  it("falls back to the product's first image for a colour without its own", () => {
    expect(imageForColor(kurta, 'Mint')).toBe(rust);
    expect(imageForColor(kurta, null)).toBe(rust);
    expect(imageForColor({ images: [group, peach], colorImages: [] }, 'Peach')).toBe(group);
  });

  it("is '' for a product without images", () => {
    expect(imageForColor({ images: [], colorImages: [] }, 'Peach')).toBe('');
  });
});
