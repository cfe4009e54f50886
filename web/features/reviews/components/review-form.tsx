import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  type MyReview,
  REVIEW_IMAGE_TYPES,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type ReviewFieldsInput,
  reviewSubmissionSchema,
} from '../../../../common/schemas/reviews';
import { FormMessage, TextField } from '../../../components/ui/form-fields';
import { toast } from '../../../components/ui/toast';
import { HttpError, NoResponseError } from '../../../lib/api-client';
import { useSaveReview } from '../api/save-review';
import { REVIEW_TEXTS } from '../texts';

type Field = 'rating' | 'title' | 'comment' | 'image' | 'consent';
type Errors = Partial<Record<Field, string>>;

const FIELDS: readonly Field[] = ['rating', 'title', 'comment', 'image', 'consent'];
const isField = (path: string): path is Field => (FIELDS as readonly string[]).includes(path);

/** The server's 422 `errors`, by field; anything it names that the form has not goes to the form. */
function errorsOf(data: unknown): { errors: Errors; rest: string[] } {
  const errors: Errors = {};
  const rest: string[] = [];
  const list = (data as { errors?: { path: string; msg: string }[] } | null)?.errors ?? [];
  for (const { path, msg } of list) {
    if (isField(path)) errors[path] ??= msg;
    else rest.push(msg);
  }
  return { errors, rest };
}

/** The photo as the browser describes it: a quick check before uploading (the server checks the content). */
function photoProblem(file: File): string | null {
  if (!(REVIEW_IMAGE_TYPES as readonly string[]).includes(file.type)) return REVIEW_MESSAGES.unsupportedImage;
  if (file.size > REVIEW_LIMITS.imageMaxBytes) return REVIEW_MESSAGES.imageTooLarge;
  return null;
}

/** A local URL for the chosen photo's preview, released when the photo changes or the form closes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

interface ReviewFormProps {
  productId: string;
  /** The shopper's review when editing; absent when writing a new one. */
  review?: MyReview;
  onDone: (review: MyReview) => void;
  onCancel: () => void;
}

/**
 * Write or edit a review: star rating, title, comment and an optional photo with a preview.
 * Choosing a photo makes the consent checkbox required (SPEC.md §1). The form checks with the same
 * schema as the server and shows the server's answers (403, 409, 413, 415, 422, 429) where they belong.
 */
export function ReviewForm({ productId, review, onDone, onCancel }: ReviewFormProps) {
  const save = useSaveReview(productId, review?._id ?? null);
  const [rating, setRating] = useState(review?.rating ?? 0);
  const [title, setTitle] = useState(review?.title ?? '');
  const [comment, setComment] = useState(review?.comment ?? '');
  const [photo, setPhoto] = useState<File | null>(null);
  const [consent, setConsent] = useState(false);
  const [removeImage, setRemoveImage] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const preview = usePreview(photo);
  const ids = {
    comment: useId(),
    commentHint: useId(),
    commentError: useId(),
    photo: useId(),
    photoHint: useId(),
    photoError: useId(),
    consent: useId(),
    consentError: useId(),
    ratingError: useId(),
  };
  const keptImage = review?.image && !removeImage && !photo ? review.image : null;

  const choosePhoto = (file: File | undefined) => {
    const problem = file ? photoProblem(file) : null;
    setErrors((e) => ({ ...e, image: problem ?? undefined }));
    if (!file || problem) {
      setPhoto(null);
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setPhoto(file);
  };

  const clearPhoto = () => {
    setPhoto(null);
    setConsent(false);
    if (fileInput.current) fileInput.current.value = '';
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const fields: ReviewFieldsInput = {
      rating: rating === 0 ? '' : String(rating),
      title,
      comment,
      consent: consent ? 'true' : 'false',
      removeImage: removeImage ? 'true' : 'false',
    };
    const checked = reviewSubmissionSchema.safeParse({ ...fields, hasImage: photo !== null });
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const path = String(issue.path[0]);
        if (isField(path)) found[path] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(
      { fields, photo },
      {
        onSuccess: (saved) => {
          toast.success(saved.status === 'approved' ? REVIEW_TEXTS.published : REVIEW_TEXTS.waiting);
          onDone(saved);
        },
        onError: (error) => {
          if (error instanceof HttpError && error.status === 422) {
            const { errors: byField, rest } = errorsOf(error.data);
            setErrors(byField);
            if (rest.length > 0 || Object.keys(byField).length === 0) setFormError(rest[0] ?? error.message);
          } else if (error instanceof HttpError && (error.status === 413 || error.status === 415)) {
            setErrors({ image: error.message });
          } else if (error instanceof NoResponseError) {
            setFormError(REVIEW_TEXTS.noResponse);
          } else {
            setFormError(error instanceof HttpError ? error.message : REVIEW_TEXTS.saveFailed);
          }
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="surface-card space-y-5 p-4 sm:p-6">
      <h3 className="font-display text-xl font-semibold text-stone-900">
        {review ? REVIEW_TEXTS.editTitle : REVIEW_TEXTS.formTitle}
      </h3>

      <fieldset aria-describedby={errors.rating ? ids.ratingError : undefined}>
        <legend className="mb-1 text-sm font-medium text-stone-800">{REVIEW_TEXTS.ratingLegend}</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer">
              <input
                type="radio"
                name="rating"
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                aria-label={REVIEW_TEXTS.ratingOption(n)}
                className="peer sr-only"
              />
              <span
                aria-hidden="true"
                className={`inline-flex size-11 items-center justify-center rounded-lg text-3xl peer-focus-visible:outline-2 peer-focus-visible:outline-brand-500 ${
                  n <= rating ? 'text-amber-500' : 'text-stone-300 hover:text-amber-300'
                }`}
              >
                ★
              </span>
            </label>
          ))}
        </div>
        {errors.rating && (
          <p id={ids.ratingError} className="mt-1 text-sm font-medium text-red-700">
            {errors.rating}
          </p>
        )}
      </fieldset>

      <TextField
        label={REVIEW_TEXTS.title}
        value={title}
        maxLength={REVIEW_LIMITS.titleMax}
        onChange={(event) => setTitle(event.target.value)}
        hint={REVIEW_TEXTS.titleHint}
        error={errors.title}
      />

      <div>
        <label htmlFor={ids.comment} className="mb-1 block text-sm font-medium text-stone-800">
          {REVIEW_TEXTS.comment}
        </label>
        <textarea
          id={ids.comment}
          value={comment}
          rows={5}
          maxLength={REVIEW_LIMITS.commentMax}
          onChange={(event) => setComment(event.target.value)}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={[ids.commentHint, errors.comment ? ids.commentError : null]
            .filter(Boolean)
            .join(' ')}
          className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 focus:border-brand-500 focus:outline-2 focus:outline-brand-200 aria-[invalid=true]:border-red-600"
        />
        <p id={ids.commentHint} className="mt-1 text-sm text-stone-600">
          {REVIEW_TEXTS.commentHint}
        </p>
        {errors.comment && (
          <p id={ids.commentError} className="mt-1 text-sm font-medium text-red-700">
            {errors.comment}
          </p>
        )}
      </div>

      <div>
        <label htmlFor={ids.photo} className="mb-1 block text-sm font-medium text-stone-800">
          {REVIEW_TEXTS.photo}
        </label>
        <input
          ref={fileInput}
          id={ids.photo}
          type="file"
          accept={REVIEW_IMAGE_TYPES.join(',')}
          onChange={(event) => choosePhoto(event.target.files?.[0])}
          aria-invalid={errors.image ? true : undefined}
          aria-describedby={[ids.photoHint, errors.image ? ids.photoError : null].filter(Boolean).join(' ')}
          className="block w-full text-sm text-stone-700 file:mr-3 file:min-h-11 file:rounded-full file:border file:border-brand-300 file:bg-white file:px-4 file:font-semibold file:text-brand-800 hover:file:bg-brand-50"
        />
        <p id={ids.photoHint} className="mt-1 text-sm text-stone-600">
          {REVIEW_TEXTS.photoHint}
        </p>
        {errors.image && (
          <p id={ids.photoError} className="mt-1 text-sm font-medium text-red-700">
            {errors.image}
          </p>
        )}
        {preview && (
          <div className="mt-3 flex items-end gap-3">
            <img
              src={preview}
              alt={REVIEW_TEXTS.photoPreview}
              className="size-28 rounded-lg border border-stone-200 object-cover"
            />
            <button type="button" className="btn-secondary whitespace-nowrap" onClick={clearPhoto}>
              {REVIEW_TEXTS.removePhoto}
            </button>
          </div>
        )}
        {keptImage && (
          <div className="mt-3 flex items-end gap-3">
            <img
              src={keptImage.sm}
              width={keptImage.width}
              height={keptImage.height}
              alt={REVIEW_TEXTS.currentPhoto}
              className="size-28 rounded-lg border border-stone-200 object-cover"
            />
            <button
              type="button"
              className="btn-secondary whitespace-nowrap"
              onClick={() => setRemoveImage(true)}
            >
              {REVIEW_TEXTS.removePhoto}
            </button>
          </div>
        )}
        {review?.image && removeImage && !photo && (
          <button type="button" className="btn-secondary mt-3" onClick={() => setRemoveImage(false)}>
            {REVIEW_TEXTS.keepPhoto}
          </button>
        )}
      </div>

      <div>
        <label htmlFor={ids.consent} className="flex items-start gap-3 text-sm text-stone-800">
          <input
            id={ids.consent}
            type="checkbox"
            checked={consent}
            required={photo !== null}
            onChange={(event) => setConsent(event.target.checked)}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? ids.consentError : undefined}
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
          />
          <span>{REVIEW_TEXTS.consent}</span>
        </label>
        {errors.consent && (
          <p id={ids.consentError} className="mt-1 text-sm font-medium text-red-700">
            {errors.consent}
          </p>
        )}
      </div>

      {formError && <FormMessage tone="error">{formError}</FormMessage>}

      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? REVIEW_TEXTS.saving : review ? REVIEW_TEXTS.save : REVIEW_TEXTS.submit}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {REVIEW_TEXTS.cancel}
        </button>
      </div>
    </form>
  );
}
