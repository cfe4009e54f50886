import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../common/api-paths';
import { GRIEVANCE_TEXTS } from '../../features/grievances/texts';
import { renderWithApp } from '../../testing/render-with-app';
import ContactPage from './contact';

afterEach(() => vi.unstubAllGlobals());

const CONFIG = {
  shopName: 'Pehnava',
  supportEmail: 'help@example.in',
  supportPhone: '+91 90000 00001',
  whatsappNumber: '919000000001',
  grievanceOfficer: {
    name: 'Asha Menon',
    designation: 'Grievance Officer',
    email: 'grievances@example.in',
    phone: '+91 90000 00002',
  },
  captchaSiteKey: null,
  paymentKeyId: null,
};

const FILED = { ticketNumber: 'GRV-2612-7K3Q9A', status: 'Open', acknowledgedAt: '2026-12-11T04:30:00Z' };
const API_ANSWERS = {
  [`GET ${API.system.config}`]: () => ({ status: 200, body: CONFIG }),
  [`POST ${API.grievances.file}`]: () => ({ status: 201, body: FILED }),
};

describe('Contact route', () => {
  it('shows the support contacts and the Grievance Officer from GET /api/config and sets the page title', async () => {
    const { api } = renderWithApp(<ContactPage />, { api: API_ANSWERS });

    expect(screen.getByRole('status')).toHaveTextContent('Loading contact details');
    expect(await screen.findByText('help@example.in')).toHaveAttribute('href', 'mailto:help@example.in');
    expect(screen.getByText('Chat on WhatsApp').closest('a')).toHaveAttribute(
      'href',
      'https://wa.me/919000000001',
    );
    expect(screen.getByText('grievances@example.in')).toHaveAttribute('href', 'mailto:grievances@example.in');
    expect(api.keys()).toContain(`GET ${API.system.config}`);
    expect(document.title).toBe('Contact Us | Pehnava');
  });

  it('files a grievance and shows its ticket number', async () => {
    const { api } = renderWithApp(<ContactPage />, { api: API_ANSWERS });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(GRIEVANCE_TEXTS.fields.name), 'Meera Iyer');
    await user.type(screen.getByLabelText(GRIEVANCE_TEXTS.fields.email), 'meera@example.com');
    await user.type(screen.getByLabelText(GRIEVANCE_TEXTS.fields.subject), 'Wrong size');
    await user.type(
      screen.getByLabelText(GRIEVANCE_TEXTS.fields.description),
      'I ordered a medium and got a small.',
    );
    await user.click(screen.getByRole('button', { name: GRIEVANCE_TEXTS.submit }));

    expect(await screen.findByTestId('ticket-number')).toHaveTextContent('GRV-2612-7K3Q9A');
    expect(api.calls.find((call) => call.key === `POST ${API.grievances.file}`)?.body).toEqual({
      name: 'Meera Iyer',
      email: 'meera@example.com',
      subject: 'Wrong size',
      description: 'I ordered a medium and got a small.',
    });
    expect(screen.getByText(GRIEVANCE_TEXTS.trackLink).closest('a')).toHaveAttribute(
      'href',
      '/grievance-status?ticket=GRV-2612-7K3Q9A',
    );
  });

  it('names the fields to correct before sending anything', async () => {
    const { api } = renderWithApp(<ContactPage />, { api: API_ANSWERS });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(GRIEVANCE_TEXTS.fields.email), 'not-an-email');
    await user.click(screen.getByRole('button', { name: GRIEVANCE_TEXTS.submit }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Describe the grievance in at least 10 characters.')).toBeInTheDocument();
    expect(api.keys()).not.toContain(`POST ${API.grievances.file}`);
  });
});
