import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../common/api-paths';
import { STAFF_MESSAGES } from '../../../common/schemas/admin-staff';
import { renderScreen, staffMe } from '../testing/render-screen';
import AcceptInvitePage, { TEXTS } from './accept-invite';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'a'.repeat(43);
const PASSWORD = 'Kurta#Silk2026';

function renderAccept(
  accept: () => { status: number; body: unknown },
  path = `/accept-invite?token=${TOKEN}`,
) {
  return renderScreen(<AcceptInvitePage />, {
    me: staffMe('support'),
    path,
    handlers: { [`POST ${API.users.acceptInvite}`]: accept },
  });
}

describe('the invitation page', () => {
  it('shows the password rules as the password is typed, and signs the colleague in to the back office', async () => {
    const { calls, router } = renderAccept(() => ({ status: 200, body: { user: staffMe('support').user } }));
    const user = userEvent.setup();
    const password = await screen.findByLabelText(TEXTS.password);
    await user.type(password, 'kurta');
    expect(screen.getByText('Your password needs')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, PASSWORD);
    await user.click(screen.getByRole('button', { name: TEXTS.submit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((call) => call.key === `POST ${API.users.acceptInvite}`)?.body).toEqual({
      token: TOKEN,
      password: PASSWORD,
    });
  });

  it('says plainly that a used or expired link is gone, and offers no form', async () => {
    renderAccept(() => ({ status: 410, body: { message: STAFF_MESSAGES.inviteGone, code: 'INVITE_GONE' } }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(TEXTS.password), PASSWORD);
    await user.click(screen.getByRole('button', { name: TEXTS.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(STAFF_MESSAGES.inviteGone);
    expect(screen.queryByLabelText(TEXTS.password)).toBeNull();
  });

  it('shows the server’s password rule beside the field', async () => {
    const msg = 'Use at least 8 characters.';
    renderAccept(() => ({ status: 422, body: { message: msg, errors: [{ path: 'password', msg }] } }));
    const user = userEvent.setup();
    const password = await screen.findByLabelText(TEXTS.password);
    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: TEXTS.submit }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(msg));
  });

  it('explains a link without its token', async () => {
    renderAccept(() => ({ status: 200, body: {} }), '/accept-invite');
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.noToken);
  });
});
