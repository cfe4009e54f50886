import { type KeyboardEvent, useRef, useState } from 'react';
import { PRODUCT_IMAGE_SIZES, productImageUrl } from '../../../../common/images';
import { CATALOG_TEXT } from '../texts';

const { lg, sm } = PRODUCT_IMAGE_SIZES;

interface ProductGalleryProps {
  images: string[];
  name: string;
  /** The colour the first `colourImages` images show, named in their text alternative. */
  colour?: string;
  colourImages?: number;
}

/**
 * The main image with a row of thumbnails. Thumbnails are buttons (Tab reaches them, Enter or Space
 * shows one), and the arrow keys, Home and End move between them.
 */
export function ProductGallery({ images, name, colour, colourImages = 0 }: ProductGalleryProps) {
  const [index, setIndex] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = images[Math.min(index, images.length - 1)];

  if (!current) {
    return <div className="aspect-[4/5] w-full rounded-2xl bg-brand-100" />;
  }

  const select = (next: number) => {
    const wrapped = (next + images.length) % images.length;
    setIndex(wrapped);
    thumbs.current[wrapped]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: images.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-hidden rounded-2xl bg-brand-50">
        <img
          src={productImageUrl(current, 'lg')}
          width={lg.width}
          height={lg.height}
          alt={CATALOG_TEXT.imageAlt(name, index + 1, index < colourImages ? colour : undefined)}
          fetchPriority={index === 0 ? 'high' : 'auto'}
          decoding="async"
          className="aspect-[4/5] w-full object-cover"
        />
      </div>
      {images.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto p-1" onKeyDown={onKeyDown}>
          {images.map((image, i) => (
            <li key={image} className="shrink-0">
              <button
                ref={(node) => {
                  thumbs.current[i] = node;
                }}
                type="button"
                onClick={() => setIndex(i)}
                aria-label={CATALOG_TEXT.showImage(i + 1, images.length)}
                aria-pressed={i === index}
                className={`block overflow-hidden rounded-lg border-2 ${i === index ? 'border-brand-700' : 'border-transparent hover:border-brand-300'}`}
              >
                <img
                  src={productImageUrl(image, 'sm')}
                  width={sm.width}
                  height={sm.height}
                  loading="lazy"
                  decoding="async"
                  alt=""
                  className="h-20 w-16 object-cover sm:h-24 sm:w-20"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
