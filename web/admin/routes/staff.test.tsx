import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../common/api-paths';
import { STAFF_MESSAGES, type StaffMember } from '../../../common/schemas/admin-staff';
import { toast } from '../../components/ui/toast';
import { type Handler, renderScreen, staffMe } from '../testing/render-screen';
import StaffPage, { TEXTS } from './staff';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const member = (overrides: Partial<StaffMember>): StaffMember => ({
  _id: 'u-owner',
  name: 'Anjali Mehta',
  email: 'owner@pehnava.test',
  role: 'owner',
  status: 'active',
  twoFactorEnabled: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  inviteExpiresAt: null,
  ...overrides,
});

const OWNER = member({});
const KAVYA = member({ _id: 'u-kavya', name: 'Kavya Nair', email: 'kavya@pehnava.test', role: 'support' });
const INVITED = member({
  _id: 'i-1',
  name: 'Rohan Das',
  email: 'rohan@pehnava.test',
  role: 'manager',
  status: 'invited',
  inviteExpiresAt: '2026-11-28T10:00:00.000Z',
});

function renderStaff(handlers: Record<string, Handler> = {}) {
  return renderScreen(<StaffPage />, {
    me: staffMe('owner'),
    handlers: {
      [`GET ${API.admin.staff}`]: () => ({ status: 200, body: { staff: [OWNER, KAVYA, INVITED] } }),
      ...handlers,
    },
  });
}

describe('the staff screen', () => {
  it('lists the staff and open invitations with their role, state and the link’s expiry', async () => {
    renderStaff();
    const kavya = (await screen.findByText('Kavya Nair')).closest('tr') as HTMLElement;
    expect(within(kavya).getByRole('combobox', { name: 'Role of Kavya Nair' })).toHaveValue('support');
    expect(within(kavya).getByText('Active')).toBeInTheDocument();
    const rohan = screen.getByText('Rohan Das').closest('tr') as HTMLElement;
    expect(within(rohan).getByText('Manager')).toBeInTheDocument();
    expect(within(rohan).getByText(/^Invited, link valid until 28 Nov 2026/)).toBeInTheDocument();
    expect(within(rohan).queryByRole('button')).toBeNull();
  });

  it('invites a colleague with name, email and role, and says the mail went', async () => {
    const success = vi.spyOn(toast, 'success');
    const { calls } = renderStaff({
      [`POST ${API.admin.staff}`]: () => ({ status: 201, body: { staff: INVITED } }),
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: TEXTS.invite.title });
    await user.type(within(form).getByLabelText('Name'), 'Rohan Das');
    await user.type(within(form).getByLabelText('Email'), 'rohan@pehnava.test');
    await user.selectOptions(within(form).getByLabelText('Role'), 'manager');
    await user.click(within(form).getByRole('button', { name: TEXTS.invite.submit }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Invitation sent to rohan@pehnava.test.'));
    expect(calls.find((call) => call.key === `POST ${API.admin.staff}`)?.body).toEqual({
      name: 'Rohan Das',
      email: 'rohan@pehnava.test',
      role: 'manager',
    });
  });

  it('shows the server’s refusal of an invitation in the form', async () => {
    renderStaff({
      [`POST ${API.admin.staff}`]: () => ({
        status: 409,
        body: { message: STAFF_MESSAGES.alreadyStaff, code: 'ALREADY_STAFF' },
      }),
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: TEXTS.invite.title });
    await user.type(within(form).getByLabelText('Name'), 'Kavya Nair');
    await user.type(within(form).getByLabelText('Email'), 'kavya@pehnava.test');
    await user.click(within(form).getByRole('button', { name: TEXTS.invite.submit }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(STAFF_MESSAGES.alreadyStaff);
  });

  it('asks before deactivating, saying what it will do, and only then sends it', async () => {
    const { calls } = renderStaff({
      [`PATCH ${API.admin.staffMember('u-kavya')}`]: () => ({
        status: 200,
        body: { staff: { ...KAVYA, status: 'deactivated' } },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Kavya Nair' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate Kavya Nair?' });
    expect(dialog).toHaveTextContent('Their sessions end at once and they can no longer sign in.');
    expect(calls.some((call) => call.key.startsWith('PATCH'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key.startsWith('PATCH'))?.body).toEqual({ active: false }),
    );
  });

  it('changes nothing when the confirmation is cancelled', async () => {
    const { calls } = renderStaff();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of Kavya Nair' }), 'manager');
    const dialog = screen.getByRole('dialog', { name: 'Change Kavya Nair’s role to Manager?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Role of Kavya Nair' })).toHaveValue('support');
    expect(calls.some((call) => call.key.startsWith('PATCH'))).toBe(false);
  });

  it('shows the last-owner refusal as the server says it', async () => {
    // jsdom lays nothing out, so it has no scrollIntoView.
    Element.prototype.scrollIntoView = vi.fn();
    renderStaff({
      [`PATCH ${API.admin.staffMember('u-owner')}`]: () => ({
        status: 409,
        body: { message: STAFF_MESSAGES.lastOwner, code: 'LAST_OWNER' },
      }),
    });
    const user = userEvent.setup();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Role of Anjali Mehta' }),
      'support',
    );
    await user.click(
      within(screen.getByRole('dialog', { name: 'Change Anjali Mehta’s role to Support?' })).getByRole(
        'button',
        {
          name: 'Change role',
        },
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(STAFF_MESSAGES.lastOwner);
  });
});
