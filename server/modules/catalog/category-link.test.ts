import { describe, expect, it } from 'vitest';
import { type CategoryNodeRow, categoryLabel, categoryLink, plural } from './category-link';

const node = (overrides: Partial<CategoryNodeRow>): CategoryNodeRow => ({
  level: 'type',
  gender: 'Men',
  brand: '',
  category: 'Clothing',
  subCategory: 'Ethnic Wear',
  type: 'Kurta',
  noun: 'kurta',
  ...overrides,
});

describe('plural', () => {
  it('makes English plurals and leaves plurals and other scripts alone', () => {
    expect(plural('Kurta')).toBe('Kurtas');
    expect(plural('Dress')).toBe('Dresses');
    expect(plural('Gift Box')).toBe('Gift Boxes');
    expect(plural('Teddy')).toBe('Teddies');
    expect(plural('Juttis')).toBe('Juttis');
    expect(plural('T-Shirt')).toBe('T-Shirts');
    expect(plural('कुर्ता')).toBe('कुर्ता');
  });
});

describe('categoryLabel', () => {
  it('names a type with whom it is for', () => {
    expect(categoryLabel(node({}))).toBe('Kurtas for Men');
    expect(categoryLabel(node({ gender: 'Girl', type: 'Lehenga Choli', noun: 'choli' }))).toBe(
      'Lehenga Cholis for Girls',
    );
    expect(categoryLabel(node({ gender: 'Boy', type: 'Kurta Pyjama Set', noun: 'set' }))).toBe(
      'Kurta Pyjama Sets for Boys',
    );
    expect(categoryLabel(node({ gender: 'Others', category: 'Home Decor', type: 'Diya', noun: 'set' }))).toBe(
      'Diyas',
    );
  });

  it('names a Brand node by its brand', () => {
    expect(
      categoryLabel(
        node({ gender: 'Brand', brand: 'Neelgar Indigo', subCategory: 'Kurtas', level: 'subCategory' }),
      ),
    ).toBe('Kurtas by Neelgar Indigo');
  });

  it('adds the sub-category when it, not the type, says what the products are', () => {
    const saree = node({ gender: 'Women', subCategory: 'Sarees', type: 'Banarasi', noun: 'saree' });
    expect(categoryLabel(saree)).toBe('Banarasi Sarees for Women');
    expect(categoryLabel(node({ gender: 'Women', subCategory: 'Bags', type: 'Potli', noun: 'bag' }))).toBe(
      'Potli Bags for Women',
    );
    expect(
      categoryLabel(node({ gender: 'Girl', subCategory: 'Dresses', type: 'Frock', noun: 'frock' })),
    ).toBe('Frocks for Girls');
    expect(categoryLabel(node({ gender: 'Men', subCategory: 'Shirts', type: 'Shirt', noun: 'shirt' }))).toBe(
      'Shirts for Men',
    );
  });

  it('names category and sub-category nodes as the tree does', () => {
    expect(
      categoryLabel(node({ level: 'subCategory', gender: 'Women', subCategory: 'Sarees', type: '' })),
    ).toBe('Sarees for Women');
    expect(
      categoryLabel(node({ level: 'category', gender: 'Boy', category: 'Toys', subCategory: '', type: '' })),
    ).toBe('Toys for Boys');
  });
});

describe('categoryLink', () => {
  it('carries exactly the filters that list the node', () => {
    expect(categoryLink(node({}))).toEqual({
      label: 'Kurtas for Men',
      gender: 'Men',
      category: 'Clothing',
      subCategory: 'Ethnic Wear',
      type: 'Kurta',
    });
    expect(
      categoryLink(
        node({ level: 'subCategory', gender: 'Brand', brand: 'Kashi Weaves', subCategory: 'Sarees' }),
      ),
    ).toEqual({
      label: 'Sarees by Kashi Weaves',
      gender: 'Brand',
      brand: 'Kashi Weaves',
      category: 'Clothing',
      subCategory: 'Sarees',
    });
  });
});
