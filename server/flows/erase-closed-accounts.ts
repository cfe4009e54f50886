import type { Db } from '../db/client';
import { deleteReviewImage } from '../modules/reviews/review-images';
import { createReviewsService } from '../modules/reviews/reviews.service';
import { createUsersService } from '../modules/users/users.service';
import type { StorageProvider } from '../providers';

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
}

/**
 * Erases accounts closed 90 days ago (SPEC.md §9, DESIGN.md §6): the users row's personal data, and
 * what the account left in reviews (docs/decisions/010-reviews-and-photos.md). Each account goes in one
 * transaction that erases the users row only if it is still due (a reopened or already erased account
 * is skipped), then anonymises its reviews. The photo files are removed inside that transaction, before
 * it commits: if the transaction then fails, the rows still name the files and the next run removes
 * them again (missing files are fine), whereas removing them after the commit could leave a photo of
 * the person in storage that no row names. Running it twice changes nothing more.
 */
export function createEraseClosedAccountsFlow({
  db,
  storage,
  now,
}: {
  db: Db;
  storage: StorageProvider;
  now: () => Date;
}) {
  return async function eraseClosedAccounts(): Promise<ErasureCounts> {
    const counts: ErasureCounts = {
      erased: 0,
      reviewsAnonymised: 0,
      reviewsDeleted: 0,
      photosDeleted: 0,
      votesUnlinked: 0,
    };
    for (;;) {
      const ids = await createUsersService(db, { now }).accountsDueForErasure(BATCH);
      let erasedNow = 0;
      for (const id of ids) {
        const reviews = await db.transaction(async (tx) => {
          if (!(await createUsersService(tx, { now }).eraseAccount(id))) return null;
          const left = await createReviewsService(tx).eraseAuthor(id);
          for (const stem of left.photos) await deleteReviewImage(storage, stem);
          return left;
        });
        if (!reviews) continue;
        erasedNow += 1;
        counts.reviewsAnonymised += reviews.anonymised;
        counts.reviewsDeleted += reviews.deleted;
        counts.photosDeleted += reviews.photos.length;
        counts.votesUnlinked += reviews.votes;
      }
      counts.erased += erasedNow;
      // A short batch was the last; a full one where nothing could go (all reopened meanwhile) ends it too.
      if (ids.length < BATCH || erasedNow === 0) return counts;
    }
  };
}
