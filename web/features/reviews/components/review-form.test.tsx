import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../../common/api-paths';
import { type MyReview, REVIEW_MESSAGES } from '../../../../common/schemas/reviews';
import { type Handler, type Reply, renderWithApp } from '../../../testing/render-with-app';
import { REVIEW_TEXTS } from '../texts';
import { ReviewForm } from './review-form';

const saved: MyReview = {
  _id: 'r1',
  productId: 'p1',
  author: 'Asha V.',
  rating: 5,
  title: 'Lovely kurta',
  comment: 'Soft cotton and true to size.',
  image: null,
  helpful: 0,
  votedHelpful: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  editedAt: null,
  status: 'approved',
  moderationNote: '',
};

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** The form for product p1, whose save answers `save`; answers the calls made, CSRF included. */
function renderForm(save: Handler) {
  const onDone = vi.fn();
  const { api } = renderWithApp(<ReviewForm productId="p1" onDone={onDone} onCancel={() => {}} />, {
    api: {
      [`GET ${API.users.csrf}`]: () => ({ status: 200, body: { csrfToken: 'token-1' } }),
      [`POST ${API.reviews.product('p1')}`]: save,
    },
  });
  return { onDone, calls: api.calls };
}

const consentBox = () => screen.getByRole('checkbox', { name: REVIEW_TEXTS.consent });
const photo = (type = 'image/jpeg', bytes = 2048) => new File([new Uint8Array(bytes)], 'kurta.jpg', { type });

async function fillText() {
  await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
  await userEvent.type(screen.getByLabelText(REVIEW_TEXTS.title), 'Lovely kurta');
  await userEvent.type(screen.getByLabelText(REVIEW_TEXTS.comment), 'Soft cotton and true to size.');
}

describe('ReviewForm', () => {
  it('makes the consent checkbox required once a photo is chosen, and will not send without it', async () => {
    const { calls, onDone } = renderForm(() => ({
      status: 201,
      body: { review: { ...saved, status: 'pending' } },
    }));
    expect(consentBox()).not.toBeRequired();

    await fillText();
    await userEvent.upload(screen.getByLabelText(REVIEW_TEXTS.photo), photo());
    expect(consentBox()).toBeRequired();
    expect(screen.getByRole('img', { name: REVIEW_TEXTS.photoPreview })).toHaveAttribute(
      'src',
      'blob:preview',
    );

    await userEvent.click(screen.getByRole('button', { name: REVIEW_TEXTS.submit }));
    expect(screen.getByText(REVIEW_MESSAGES.consentRequired)).toBeInTheDocument();
    expect(consentBox()).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);

    await userEvent.click(consentBox());
    await userEvent.click(screen.getByRole('button', { name: REVIEW_TEXTS.submit }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    const post = calls.find((call) => call.key === `POST ${API.reviews.product('p1')}`);
    expect(post?.headers.get('X-CSRF-Token')).toBe('token-1');
    const form = post?.body as FormData;
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'image'))).toEqual({
      rating: '4',
      title: 'Lovely kurta',
      comment: 'Soft cotton and true to size.',
      consent: 'true',
      removeImage: 'false',
    });
    expect((form.get('image') as File).name).toBe('kurta.jpg');
  });

  it('stops requiring consent when the photo is removed again', async () => {
    renderForm(() => ({ status: 201, body: { review: saved } }));
    await userEvent.upload(screen.getByLabelText(REVIEW_TEXTS.photo), photo());
    expect(consentBox()).toBeRequired();
    await userEvent.click(screen.getByRole('button', { name: REVIEW_TEXTS.removePhoto }));
    expect(consentBox()).not.toBeRequired();
    expect(screen.queryByRole('img', { name: REVIEW_TEXTS.photoPreview })).not.toBeInTheDocument();
  });

  it('refuses a file that is not a JPEG, PNG or WebP photo before uploading anything', async () => {
    const { calls } = renderForm(() => ({ status: 201, body: { review: saved } }));
    await userEvent.upload(screen.getByLabelText(REVIEW_TEXTS.photo), photo('image/svg+xml'), {
      applyAccept: false,
    });
    expect(screen.getByText(REVIEW_MESSAGES.unsupportedImage)).toBeInTheDocument();
    expect(consentBox()).not.toBeRequired();
    expect(calls).toEqual([]);
  });

  it('checks the rating, title and comment with the shared rules', async () => {
    const { calls } = renderForm(() => ({ status: 201, body: { review: saved } }));
    await userEvent.type(screen.getByLabelText(REVIEW_TEXTS.title), 'ok');
    await userEvent.click(screen.getByRole('button', { name: REVIEW_TEXTS.submit }));
    expect(screen.getByText(REVIEW_MESSAGES.rating)).toBeInTheDocument();
    expect(screen.getByText(REVIEW_MESSAGES.titleLength)).toBeInTheDocument();
    expect(screen.getByText(REVIEW_MESSAGES.commentLength)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal: already reviewed (409), a photo it could not accept (415)", async () => {
    const replies: Reply[] = [
      { status: 409, body: { message: REVIEW_MESSAGES.duplicate, code: 'ALREADY_REVIEWED' } },
      { status: 415, body: { message: REVIEW_MESSAGES.unsupportedImage, code: 'UNSUPPORTED_IMAGE' } },
    ];
    renderForm(() => replies.shift() as Reply);
    await fillText();
    await userEvent.click(screen.getByRole('button', { name: REVIEW_TEXTS.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REVIEW_MESSAGES.duplicate);

    await userEvent.upload(screen.getByLabelText(REVIEW_TEXTS.photo), photo());
    await userEvent.click(consentBox());
    await userEvent.click(screen.getByRole('button', { name: REVIEW_TEXTS.submit }));
    expect(await screen.findByText(REVIEW_MESSAGES.unsupportedImage)).toBeInTheDocument();
  });
});
