import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../common/api-paths';
import type { ShopSettingsView } from '../../../common/schemas/admin-staff';
import { toast } from '../../components/ui/toast';
import { type Handler, renderScreen, staffMe } from '../testing/render-screen';
import SettingsPage, { TEXTS } from './settings';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SETTINGS: ShopSettingsView = {
  shopName: 'Pehnava',
  supportEmail: 'help@pehnava.test',
  supportPhone: '+91 98765 43210',
  whatsappNumber: '919876543210',
  shippingFee: 99,
  freeShippingFrom: 1499,
  require2fa: false,
  grievanceOfficerName: 'Asha Menon',
  grievanceOfficerDesignation: 'Grievance Officer',
  grievanceOfficerEmail: 'grievances@pehnava.in',
  grievanceOfficerPhone: '+91 98765 43211',
};

function renderSettings(patch: Handler) {
  return renderScreen(<SettingsPage />, {
    me: staffMe('owner'),
    handlers: {
      [`GET ${API.admin.settings}`]: () => ({ status: 200, body: { settings: SETTINGS } }),
      [`PATCH ${API.admin.settings}`]: patch,
    },
  });
}

describe('the settings screen', () => {
  it('saves every setting, money in rupees, and says so', async () => {
    const success = vi.spyOn(toast, 'success');
    const { calls } = renderSettings((body) => ({
      status: 200,
      body: { settings: { ...SETTINGS, ...(body as object) } },
    }));
    const user = userEvent.setup();
    const fee = await screen.findByLabelText(TEXTS.fields.shippingFee);
    await user.clear(fee);
    await user.type(fee, '79.50');
    await user.click(screen.getByRole('checkbox', { name: TEXTS.fields.require2fa }));
    await user.click(screen.getByRole('button', { name: TEXTS.save }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Settings saved.'));
    expect(calls.find((call) => call.key === `PATCH ${API.admin.settings}`)?.body).toEqual({
      ...SETTINGS,
      shippingFee: 79.5,
      require2fa: true,
    });
  });

  it('shows the server’s field errors beside their fields', async () => {
    const message = 'Enter digits with the country code, such as 919876543210.';
    renderSettings(() => ({
      status: 422,
      body: { message: 'Validation failed', errors: [{ path: 'whatsappNumber', msg: message }] },
    }));
    const user = userEvent.setup();
    const whatsapp = await screen.findByLabelText(TEXTS.fields.whatsappNumber);
    await user.clear(whatsapp);
    await user.type(whatsapp, '+91 98765');
    await user.click(screen.getByRole('button', { name: TEXTS.save }));
    await waitFor(() => expect(whatsapp).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(whatsapp).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Check the fields marked in red.');
    expect(screen.getByLabelText(TEXTS.fields.shopName)).not.toHaveAttribute('aria-invalid');
  });
});
