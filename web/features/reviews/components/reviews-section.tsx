import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { REVIEW_FORM_ANCHOR } from '../../../../common/schemas/reviews';
import { useMyReview } from '../api/get-my-review';
import { REVIEW_TEXTS } from '../texts';
import { MyReviewPanel } from './my-review-panel';
import { ReviewList } from './review-list';

interface ReviewsSectionProps {
  productId: string;
  signedIn: boolean;
  authLoading: boolean;
  signInHref: string;
  /** Called after the shopper's review changed, so the page can refresh the product's rating. */
  onChanged: () => void;
}

/** The product page's reviews: the summary, what the shopper can do, and the published reviews. */
export function ReviewsSection({
  productId,
  signedIn,
  authLoading,
  signInHref,
  onChanged,
}: ReviewsSectionProps) {
  // "Review this product" in My Orders links to this anchor: scroll here and open the form.
  const { hash } = useLocation();
  const startWriting = hash === `#${REVIEW_FORM_ANCHOR}`;
  const anchor = useRef<HTMLDivElement>(null);
  // Shares the panel's query: the list needs to know which review is the viewer's own.
  const mine = useMyReview(productId, signedIn);

  useEffect(() => {
    if (startWriting && !authLoading) anchor.current?.scrollIntoView({ block: 'start' });
  }, [startWriting, authLoading]);

  return (
    <section aria-labelledby="product-reviews" className="mt-12 border-t border-brand-100 pt-8">
      <h2 id="product-reviews" className="font-display text-2xl font-semibold text-stone-900">
        {REVIEW_TEXTS.heading}
      </h2>
      <ReviewList
        key={productId}
        productId={productId}
        signedIn={signedIn}
        ownReviewId={mine.data?.review?._id ?? null}
        panel={
          <div ref={anchor} id={REVIEW_FORM_ANCHOR} className="scroll-mt-24">
            <MyReviewPanel
              key={productId}
              productId={productId}
              signedIn={signedIn}
              authLoading={authLoading}
              signInHref={signInHref}
              startWriting={startWriting}
              onChanged={onChanged}
            />
          </div>
        }
      />
    </section>
  );
}
