import { useState } from 'react';
import type { ReviewImage } from '../../../../common/schemas/reviews';
import { Modal } from '../../../components/ui/modal';
import { REVIEW_TEXTS } from '../texts';

/**
 * A review photo as a small lazy-loaded thumbnail (or `variant="tile"`, a 4:5 tile of the photo wall)
 * that opens whole and larger in the modal.
 */
export function ReviewPhoto({
  image,
  author,
  variant = 'thumb',
}: {
  image: ReviewImage;
  author: string;
  variant?: 'thumb' | 'tile';
}) {
  const [open, setOpen] = useState(false);
  const tile = variant === 'tile';
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={REVIEW_TEXTS.openPhoto(author)}
        className={`group block overflow-hidden bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${
          tile ? 'aspect-[4/5] w-full rounded-t-2xl' : 'size-24 shrink-0 rounded-lg sm:size-28'
        }`}
      >
        <img
          src={tile ? image.md : image.sm}
          srcSet={`${image.sm} 320w, ${image.md} 720w`}
          sizes={tile ? '(min-width: 1024px) 22rem, (min-width: 640px) 45vw, 92vw' : '7rem'}
          width={image.width}
          height={image.height}
          loading="lazy"
          decoding="async"
          alt={REVIEW_TEXTS.photoOf(author)}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
      </button>
      <Modal open={open} title={REVIEW_TEXTS.photoTitle(author)} onClose={() => setOpen(false)}>
        <img
          src={image.lg}
          srcSet={`${image.md} 720w, ${image.lg} 1600w`}
          sizes="26rem"
          width={image.width}
          height={image.height}
          decoding="async"
          alt={REVIEW_TEXTS.photoOf(author)}
          className="h-auto max-h-[70vh] w-full rounded-lg object-contain"
        />
      </Modal>
    </>
  );
}
