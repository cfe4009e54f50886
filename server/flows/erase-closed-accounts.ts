import { deleteReviewImage } from '../modules/reviews/review-images';
import type { StorageProvider } from '../providers';
import type { FlowContext } from '../services';

/** Accounts erased per batch; the job loops until none is due. */
const BATCH = 100;

export interface ErasureCounts {
  /** Accounts whose personal data was replaced. */
  erased: number;
  /** Published reviews now shown as by a former customer, without a photo. */
  reviewsAnonymised: number;
  /** Unpublished (pending or rejected) reviews deleted. */
  reviewsDeleted: number;
  /** Review photos whose files were removed from storage. */
  photosDeleted: number;
  /** Helpful votes whose link to the account was dropped (the counts stay). */
  votesUnlinked: number;
  /** Saved delivery addresses deleted (each order keeps the copy it was placed with). */
  addressesDeleted: number;
  /** Liked products forgotten. */
  likesDeleted: number;
}

/**
 * Erases accounts closed 90 days ago (SPEC.md §9, DESIGN.md §6): the users row's personal data, its
 * address book and wishlist, and what the account left in reviews
 * (docs/decisions/010-reviews-and-photos.md). The account row itself stays, anonymised, because its
 * orders are kept for the tax records and name it; so nothing cascades, and each module forgets its own
 * rows here. Each account goes in one
 * transaction that erases the users row only if it is still due (a reopened or already erased account
 * is skipped), then anonymises its reviews. The photo files are removed inside that transaction, before
 * it commits: if the transaction then fails, the rows still name the files and the next run removes
 * them again (missing files are fine), whereas removing them after the commit could leave a photo of
 * the person in storage that no row names. Running it twice changes nothing more.
 */
export function createEraseClosedAccountsFlow({
  services,
  transaction,
  storage,
}: FlowContext & { storage: StorageProvider }) {
  return async function eraseClosedAccounts(): Promise<ErasureCounts> {
    const counts: ErasureCounts = {
      erased: 0,
      reviewsAnonymised: 0,
      reviewsDeleted: 0,
      photosDeleted: 0,
      votesUnlinked: 0,
      addressesDeleted: 0,
      likesDeleted: 0,
    };
    for (;;) {
      const ids = await services.users.accountsDueForErasure(BATCH);
      let erasedNow = 0;
      for (const id of ids) {
        const erased = await transaction(async (tx) => {
          if (!(await tx.users.eraseAccount(id))) return null;
          const reviews = await tx.reviews.eraseAuthor(id);
          for (const stem of reviews.photos) await deleteReviewImage(storage, stem);
          const addresses = await tx.addresses.forgetAccount(id);
          const likes = await tx.likes.forgetAccount(id);
          return { reviews, addresses, likes };
        });
        if (!erased) continue;
        const { reviews } = erased;
        erasedNow += 1;
        counts.reviewsAnonymised += reviews.anonymised;
        counts.reviewsDeleted += reviews.deleted;
        counts.photosDeleted += reviews.photos.length;
        counts.votesUnlinked += reviews.votes;
        counts.addressesDeleted += erased.addresses;
        counts.likesDeleted += erased.likes;
      }
      counts.erased += erasedNow;
      // A short batch was the last; a full one where nothing could go (all reopened meanwhile) ends it too.
      if (ids.length < BATCH || erasedNow === 0) return counts;
    }
  };
}
