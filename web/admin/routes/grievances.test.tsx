import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../common/api-paths';
import type { AdminGrievance } from '../../../common/schemas/grievances';
import { renderScreen, staffMe } from '../testing/render-screen';
import GrievancePage, { GRIEVANCE_TEXTS } from './grievance';
import GrievancesPage, { GRIEVANCES_TEXTS } from './grievances';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TICKET = 'GRV-2612-7K3Q9A';
const GRIEVANCE: AdminGrievance = {
  ticketNumber: TICKET,
  name: 'Meera Iyer',
  email: 'meera@example.com',
  subject: 'Wrong size delivered',
  status: 'Open',
  acknowledgedAt: '2026-12-11T04:30:00.000Z',
  replyDueAt: '2027-01-04T04:30:00.000Z',
  dueFlag: 'due-soon',
  phone: '9876543210',
  orderNumber: 'PNV-2612-7K3Q9',
  description: 'I ordered a medium kurta and received a small one.',
  resolvedAt: null,
  resolutionNote: null,
  replies: [],
};

describe('Grievances list', () => {
  it('shows the open tickets with their due date, flags the ones close to it, and filters by status', async () => {
    const { calls } = renderScreen(<GrievancesPage />, {
      me: staffMe('support'),
      path: '/grievances',
      handlers: {
        [`GET ${API.admin.grievances}`]: () => ({
          status: 200,
          body: { grievances: [GRIEVANCE], page: 1, pages: 1, total: 1 },
        }),
      },
    });
    const link = await screen.findByText(TICKET);
    expect(link.closest('a')).toHaveAttribute('href', `/grievances/${TICKET}`);
    expect(screen.getByText(GRIEVANCES_TEXTS.flags['due-soon'])).toBeInTheDocument();
    expect(screen.getByText(GRIEVANCES_TEXTS.promise)).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('tab', { name: GRIEVANCES_TEXTS.tabs.Resolved }));
    await waitFor(() => expect(calls.some((call) => call.key === `GET ${API.admin.grievances}`)).toBe(true));
    expect(vi.mocked(fetch).mock.calls.map(([url]) => String(url))).toContain(
      `${API.admin.grievances}?status=Resolved&page=1`,
    );
  });
});

describe('One grievance', () => {
  const render = (role: 'support' | 'owner', handlers = {}) =>
    renderScreen(<GrievancePage />, {
      me: staffMe(role),
      path: `/grievances/${TICKET}`,
      route: '/grievances/:ticketNumber',
      handlers: {
        [`GET ${API.admin.grievance(TICKET)}`]: () => ({ status: 200, body: { grievance: GRIEVANCE } }),
        ...handlers,
      },
    });

  it('sends a reply and shows it', async () => {
    const answered: AdminGrievance = {
      ...GRIEVANCE,
      status: 'Answered',
      dueFlag: null,
      replies: [
        { message: 'Sending the medium today.', createdAt: '2026-12-14T06:00:00.000Z', author: 'Anjali' },
      ],
    };
    const { calls } = render('support', {
      [`POST ${API.admin.grievanceReply(TICKET)}`]: () => ({ status: 200, body: { grievance: answered } }),
    });
    expect(await screen.findByText(GRIEVANCE.description)).toBeInTheDocument();
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: GRIEVANCE_TEXTS.replyForm });
    await user.type(within(form).getByLabelText(GRIEVANCE_TEXTS.reply), 'Sending the medium today.');
    await user.click(within(form).getByRole('button', { name: GRIEVANCE_TEXTS.send }));

    expect(await screen.findByText('Sending the medium today.')).toBeInTheDocument();
    expect(calls.find((call) => call.key === `POST ${API.admin.grievanceReply(TICKET)}`)?.body).toEqual({
      message: 'Sending the medium today.',
    });
  });

  it('resolves with a note, and then offers no more answering', async () => {
    const resolved: AdminGrievance = {
      ...GRIEVANCE,
      status: 'Resolved',
      dueFlag: null,
      resolvedAt: '2026-12-15T06:00:00.000Z',
      resolutionNote: 'Refunded in full.',
    };
    const { calls } = render('owner', {
      [`POST ${API.admin.grievanceResolve(TICKET)}`]: () => ({ status: 200, body: { grievance: resolved } }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(GRIEVANCE_TEXTS.resolveNote), 'Refunded in full.');
    await user.click(screen.getByRole('button', { name: GRIEVANCE_TEXTS.resolveAction }));

    expect(await screen.findByText('Refunded in full.', { selector: 'p' })).toBeInTheDocument();
    expect(calls.find((call) => call.key === `POST ${API.admin.grievanceResolve(TICKET)}`)?.body).toEqual({
      note: 'Refunded in full.',
    });
    expect(screen.queryByRole('button', { name: GRIEVANCE_TEXTS.send })).not.toBeInTheDocument();
  });
});
