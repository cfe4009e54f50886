import type { CategoryLink, Gender } from '../../../common/schemas/catalog';
import { stemmedKey } from './search-vocabulary';

/** One node of the category tree below the top level, as the repository finds it among products. */
export interface CategoryNodeRow {
  level: 'category' | 'subCategory' | 'type';
  gender: string;
  /** The brand of a Brand node; '' under the other top levels. */
  brand: string;
  category: string;
  /** '' for a category-level node. */
  subCategory: string;
  /** '' above the type level. */
  type: string;
  /** The last word most of its products' names end with ("saree" for the Banarasi sarees). */
  noun: string;
}

const AUDIENCE: Partial<Record<string, string>> = {
  Men: 'for Men',
  Women: 'for Women',
  Boy: 'for Boys',
  Girl: 'for Girls',
};

/** "Kurta" → "Kurtas", "Dress" → "Dresses", "Teddy" → "Teddies"; a plural and other scripts stay. */
export function plural(name: string): string {
  const last = name.split(' ').at(-1) ?? '';
  if (!/^[A-Za-z-]+$/.test(last)) return name;
  if (/(ss|sh|ch|x|z)$/i.test(last)) return `${name}es`;
  if (/s$/i.test(last)) return name;
  if (/[^aeiou]y$/i.test(last)) return `${name.slice(0, -1)}ies`;
  return `${name}s`;
}

/**
 * What a node is called: a category or sub-category by its name ("Sarees"), a type by its plural,
 * or with its sub-category when that names what its products are and the type alone does not
 * ("Banarasi" sarees are "Banarasi Sarees", "Potli" bags "Potli Bags", but "Frock" stays "Frocks").
 */
function kindName(node: CategoryNodeRow): string {
  if (node.level === 'category') return node.category;
  if (node.level === 'subCategory') return node.subCategory;
  const parent = stemmedKey(node.subCategory);
  const namesParent =
    !node.type.includes(' ') &&
    !node.subCategory.includes(' ') &&
    /s$/i.test(node.subCategory) &&
    stemmedKey(node.noun) === parent &&
    !stemmedKey(node.type).includes(parent);
  return namesParent ? `${node.type} ${node.subCategory}` : plural(node.type);
}

/** A shopper's name for the node: "Kurtas for Men", "Banarasi Sarees by Kashi Weaves", "Diyas". */
export function categoryLabel(node: CategoryNodeRow): string {
  const audience = node.gender === 'Brand' ? `by ${node.brand}` : AUDIENCE[node.gender];
  return audience ? `${kindName(node)} ${audience}` : kindName(node);
}

/** The node as a link: its label and the search filters that list its products. */
export function categoryLink(node: CategoryNodeRow): CategoryLink {
  return {
    label: categoryLabel(node),
    // The column holds one of the top-level names; every writer goes through genderSchema.
    gender: node.gender as Gender,
    ...(node.gender === 'Brand' ? { brand: node.brand } : {}),
    category: node.category,
    ...(node.level === 'category' ? {} : { subCategory: node.subCategory }),
    ...(node.level === 'type' ? { type: node.type } : {}),
  };
}
