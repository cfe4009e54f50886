import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../common/api-paths';
import { STAFF_MESSAGES } from '../../../common/schemas/admin-staff';
import { toast } from '../../components/ui/toast';
import { renderScreen, staffMe } from '../testing/render-screen';
import { ADMIN_TEXTS } from '../texts';
import AccountPage, { TEXTS } from './account';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Pehnava:support%40pehnava.test?secret=JBSWY3DPEHPK3PXP&issuer=Pehnava',
  qr: 'data:image/png;base64,iVBORw0KGgo=',
};

describe('my account', () => {
  it('sets up an authenticator app: shows the QR code and the key, then turns it on with a code', async () => {
    const success = vi.spyOn(toast, 'success');
    const { calls } = renderScreen(<AccountPage />, {
      me: staffMe('support'),
      handlers: {
        [`POST ${API.admin.totp}`]: () => ({ status: 200, body: SETUP }),
        [`POST ${API.admin.totpVerify}`]: () => ({ status: 200, body: { twoFactorEnabled: true } }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: TEXTS.start }));
    expect(await screen.findByRole('img', { name: TEXTS.qr })).toHaveAttribute('src', SETUP.qr);
    expect(screen.getByText(SETUP.secret)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: TEXTS.confirm });
    await user.type(within(form).getByLabelText(TEXTS.code), '123 456');
    await user.click(within(form).getByRole('button', { name: TEXTS.confirm }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(TEXTS.turnedOn));
    expect(calls.find((call) => call.key === `POST ${API.admin.totpVerify}`)?.body).toEqual({
      code: '123 456',
    });
  });

  it('says so when the code is wrong, and stays off', async () => {
    renderScreen(<AccountPage />, {
      me: staffMe('support'),
      handlers: {
        [`POST ${API.admin.totp}`]: () => ({ status: 200, body: SETUP }),
        [`POST ${API.admin.totpVerify}`]: () => ({
          status: 422,
          body: {
            message: STAFF_MESSAGES.wrongCode,
            errors: [{ path: 'code', msg: STAFF_MESSAGES.wrongCode }],
          },
        }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: TEXTS.start }));
    const form = await screen.findByRole('form', { name: TEXTS.confirm });
    const code = within(form).getByLabelText(TEXTS.code);
    await user.type(code, '000000');
    await user.click(within(form).getByRole('button', { name: TEXTS.confirm }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(STAFF_MESSAGES.wrongCode));
    expect(screen.getByRole('img', { name: TEXTS.qr })).toBeInTheDocument();
  });

  it('tells a member the owner requires it', async () => {
    renderScreen(<AccountPage />, { me: staffMe('support', { twoFactorSetupRequired: true }) });
    expect(await screen.findByText(ADMIN_TEXTS.twoFactorSetupRequired)).toBeInTheDocument();
  });

  it('turns it off with a code, or shows why it cannot be', async () => {
    renderScreen(<AccountPage />, {
      me: staffMe('support', { twoFactorEnabled: true }),
      handlers: {
        [`DELETE ${API.admin.totp}`]: () => ({
          status: 409,
          body: { message: STAFF_MESSAGES.twoFactorKept, code: 'TWO_FACTOR_REQUIRED' },
        }),
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText(TEXTS.on)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: TEXTS.turnOffTitle });
    await user.type(within(form).getByLabelText(TEXTS.code), '654321');
    await user.click(within(form).getByRole('button', { name: TEXTS.turnOff }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(STAFF_MESSAGES.twoFactorKept);
  });
});
