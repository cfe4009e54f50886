import { describe, expect, it } from 'vitest';
import { SUBMENU_FLIP_THRESHOLD_PX } from '../../../../common/constants';
import { categorySearchPath, childNames, isSearchable, shouldOpenSubmenuLeft } from './category-tree';

describe('shouldOpenSubmenuLeft', () => {
  it('opens left when less than 250 px remain at the right edge', () => {
    expect(SUBMENU_FLIP_THRESHOLD_PX).toBe(250);
    expect(shouldOpenSubmenuLeft(1031, 1280)).toBe(true); // 249 px left
    expect(shouldOpenSubmenuLeft(1280, 1280)).toBe(true);
  });

  it('opens right when 250 px or more remain', () => {
    expect(shouldOpenSubmenuLeft(1030, 1280)).toBe(false); // exactly 250 px
    expect(shouldOpenSubmenuLeft(300, 1280)).toBe(false);
  });
});

describe('categorySearchPath', () => {
  it('maps a gender branch to gender, category, subCategory, type', () => {
    expect(categorySearchPath(['Men', 'Clothing', 'Topwear', 'Shirts'])).toBe(
      '/search?gender=Men&category=Clothing&subCategory=Topwear&type=Shirts',
    );
  });

  it('maps the Brand branch to brand, category, subCategory, type, without a gender', () => {
    expect(categorySearchPath(['Brand', 'Biba', 'Clothing'])).toBe('/search?brand=Biba&category=Clothing');
  });

  it('sends only the levels that have a value', () => {
    expect(categorySearchPath(['Women'])).toBe('/search?gender=Women');
    expect(categorySearchPath(['Men', '', 'Topwear'])).toBe('/search?gender=Men&subCategory=Topwear');
  });

  it('treats the bare Brand heading as a branch, not a search', () => {
    expect(isSearchable(['Brand'])).toBe(false);
    expect(isSearchable(['Brand', 'Biba'])).toBe(true);
    expect(isSearchable(['Men'])).toBe(true);
  });
});

describe('childNames', () => {
  const tree = {
    Others: {},
    Brand: { Zara: {}, biba: {}, Anouk: {} },
    Girl: {},
    Men: { Kurtas: {}, Accessories: {}, Shirts: {} },
    Women: {},
  };

  it('orders the top level Men, Women, Boy, Girl, Brand, Others, showing only those present', () => {
    expect(childNames(tree, [])).toEqual(['Men', 'Women', 'Girl', 'Brand', 'Others']);
  });

  it('sorts deeper levels alphabetically', () => {
    expect(childNames(tree, ['Men'])).toEqual(['Accessories', 'Kurtas', 'Shirts']);
    expect(childNames(tree, ['Brand'])).toEqual(['Anouk', 'biba', 'Zara']);
  });

  it('answers no children for a leaf or an unknown path', () => {
    expect(childNames(tree, ['Women'])).toEqual([]);
    expect(childNames(tree, ['Boy', 'Shirts'])).toEqual([]);
  });
});
