import { describe, expect, it } from 'vitest';
import { pageWindow } from '../components/pagination';
import {
  activeFilters,
  categorySearch,
  clearedSearch,
  currentPage,
  currentSort,
  describeSearch,
  readSearchParams,
  sortOptions,
  understoodSearch,
  withChanges,
  withoutFilter,
  withToggled,
} from './search-params';

describe('search params', () => {
  it('reads only known, non-empty, trimmed parameters', () => {
    expect(readSearchParams(new URLSearchParams('name=%20kurta%20&brand=&foo=bar&page=2'))).toEqual({
      name: 'kurta',
      page: '2',
    });
  });

  it('describes a text search, a category path, or all products', () => {
    expect(describeSearch({ name: 'kurta', gender: 'Men' })).toBe("Results for 'kurta'");
    expect(describeSearch({ gender: 'Women', category: 'Ethnic Wear', subCategory: 'Kurtas' })).toBe(
      'Women › Ethnic Wear › Kurtas',
    );
    expect(describeSearch({})).toBe('All products');
  });

  it('offers Relevance only with a text search and defaults to it there', () => {
    expect(sortOptions({})).toEqual(['popular', 'newest', 'price_asc', 'price_desc', 'discount', 'rating']);
    expect(sortOptions({ name: 'saree' })[0]).toBe('relevance');
    expect(currentSort({ name: 'saree' })).toBe('relevance');
    expect(currentSort({})).toBe('newest');
    expect(currentSort({ sort: 'relevance' })).toBe('newest');
    expect(currentSort({ sort: 'price_desc' })).toBe('price_desc');
    expect(currentSort({ sort: 'discount' })).toBe('discount');
  });

  it('resets the page on any change but a page change, and drops empty values', () => {
    const current = new URLSearchParams('name=kurta&page=4&color=Red');
    expect(withChanges(current, { color: null }).toString()).toBe('name=kurta');
    expect(withChanges(current, { size: 'M' }).toString()).toBe('name=kurta&color=Red&size=M');
    expect(withChanges(current, { page: '5' }).toString()).toBe('name=kurta&page=5&color=Red');
    expect(withChanges(current, { page: '1' }).toString()).toBe('name=kurta&color=Red');
  });

  it('reads several values of brand, colour and size, each once', () => {
    expect(
      readSearchParams(new URLSearchParams('size=M&size=%20L&size=M&size=&gender=Men&gender=Women')),
    ).toEqual({ size: ['M', 'L'], gender: 'Men' });
  });

  it('ticks and unticks one value, keeping the others of a group that takes several', () => {
    const current = new URLSearchParams('gender=Men&size=M&page=3');
    expect(withToggled(current, 'size', 'L').toString()).toBe('gender=Men&size=M&size=L');
    expect(withToggled(new URLSearchParams('size=M&size=L'), 'size', 'M').toString()).toBe('size=L');
    // A single-valued group: the new value replaces the old, the same one clears it.
    expect(withToggled(current, 'gender', 'Women').toString()).toBe('gender=Women&size=M');
    expect(withToggled(current, 'gender', 'Men').toString()).toBe('size=M');
    const [m] = activeFilters({ size: ['M', 'L'] });
    expect(m && withoutFilter(new URLSearchParams('size=M&size=L&maxPrice=900'), m).toString()).toBe(
      'maxPrice=900&size=L',
    );
  });

  it('reads the page number defensively', () => {
    expect(currentPage({ page: '3' })).toBe(3);
    expect(currentPage({ page: 'x' })).toBe(1);
    expect(currentPage({ page: '-2' })).toBe(1);
    expect(currentPage({})).toBe(1);
  });

  it('lists active filters and where clearing them leads', () => {
    expect(activeFilters({ name: 'kurta', color: ['Red'], minPrice: '500', sort: 'newest' })).toEqual([
      { key: 'color', value: 'Red', label: 'Colour: Red' },
      { key: 'minPrice', value: '500', label: 'Min Rs 500' },
    ]);
    expect(activeFilters({ size: ['M', 'L'] }).map((f) => f.label)).toEqual(['Size: M', 'Size: L']);
    expect(clearedSearch({ name: 'silk saree', color: ['Red'] })).toBe('/search?name=silk+saree');
    expect(clearedSearch({ gender: 'Men' })).toBe('/search');
  });

  it('windows page numbers around the current page', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(10, 10)).toEqual([1, null, 9, 10]);
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('moves the filters read from the words into the URL, keeping only the words still searched', () => {
    const current = new URLSearchParams('name=red+saree+under+1000&sort=price_asc&page=3');
    expect(
      understoodSearch(current, { color: 'Red', subCategory: 'Sarees', maxPrice: 1000 }).toString(),
    ).toBe('sort=price_asc&color=Red&subCategory=Sarees&maxPrice=1000');
    expect(understoodSearch(current, { name: 'silk', gender: 'Women', minPrice: 500 }).toString()).toBe(
      'name=silk&sort=price_asc&gender=Women&minPrice=500',
    );
  });

  it('links a category node to the search of its filters', () => {
    expect(
      categorySearch({
        label: 'Kurtas for Men',
        gender: 'Men',
        category: 'Clothing',
        subCategory: 'Ethnic Wear',
        type: 'Kurta',
      }),
    ).toBe('/search?gender=Men&category=Clothing&subCategory=Ethnic+Wear&type=Kurta');
  });
});
