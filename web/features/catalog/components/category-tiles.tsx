import { Link } from 'react-router';
import { PRODUCT_IMAGE_SIZES, productImageUrl } from '../../../../common/images';
import type { HomeSections } from '../../../../common/schemas/catalog';

const { width, height } = PRODUCT_IMAGE_SIZES.sm;

/** Category tiles from the home sections, each opening that gender and category. */
export function CategoryTiles({ categories }: { categories: HomeSections['categories'] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {categories.map((tile) => (
        <li key={`${tile.gender}/${tile.category}`}>
          <Link
            to={`/search?${new URLSearchParams({ gender: tile.gender, category: tile.category })}`}
            className="group relative block overflow-hidden rounded-2xl bg-brand-100"
          >
            <img
              src={productImageUrl(tile.image, 'sm')}
              width={width}
              height={height}
              loading="lazy"
              decoding="async"
              alt=""
              className="aspect-[4/5] w-full object-cover transition-transform duration-300 group-hover:scale-[1.04]"
            />
            <span className="absolute inset-x-0 bottom-0 bg-linear-to-t from-brand-950/85 to-transparent px-3 pt-10 pb-3 text-white">
              <span className="block text-xs text-brand-100">{tile.gender}</span>
              <span className="block font-semibold">{tile.category}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
