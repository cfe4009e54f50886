import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../../common/api-paths';
import { GRIEVANCE_MESSAGES } from '../../../../common/schemas/grievances';
import { renderWithApp } from '../../../testing/render-with-app';
import { GRIEVANCE_TEXTS } from '../texts';
import { GrievanceLookup } from './grievance-lookup';

afterEach(() => vi.unstubAllGlobals());

const TICKET = 'GRV-2612-7K3Q9A';

describe('GrievanceLookup', () => {
  it('shows the status, the due date and the replies for the ticket and email', async () => {
    const { api } = renderWithApp(<GrievanceLookup initialTicket={TICKET} />, {
      api: {
        [`GET ${API.grievances.ticket(TICKET)}`]: () => ({
          status: 200,
          body: {
            grievance: {
              ticketNumber: TICKET,
              subject: 'Wrong size',
              status: 'Answered',
              acknowledgedAt: '2026-12-11T04:30:00.000Z',
              replyDueAt: '2027-01-04T04:30:00.000Z',
              resolvedAt: null,
              replies: [
                { message: 'We are sending the medium today.', createdAt: '2026-12-14T06:00:00.000Z' },
              ],
            },
          },
        }),
      },
    });
    const user = userEvent.setup();
    expect(screen.getByLabelText(GRIEVANCE_TEXTS.ticketNumber)).toHaveValue(TICKET);
    await user.type(screen.getByLabelText(GRIEVANCE_TEXTS.fields.email), 'meera@example.com');
    await user.click(screen.getByRole('button', { name: GRIEVANCE_TEXTS.lookupSubmit }));

    expect(await screen.findByText(`${TICKET}: Wrong size`)).toBeInTheDocument();
    expect(screen.getByText('Answered')).toBeInTheDocument();
    expect(screen.getByText('4 Jan 2027')).toBeInTheDocument();
    expect(screen.getByText('We are sending the medium today.')).toBeInTheDocument();
    expect(api.fetchMock).toHaveBeenCalledWith(
      `${API.grievances.ticket(TICKET)}?email=meera%40example.com`,
      expect.anything(),
    );
  });

  it('says so when the ticket and email do not match', async () => {
    renderWithApp(<GrievanceLookup />, {
      api: {
        [`GET ${API.grievances.ticket(TICKET)}`]: () => ({
          status: 404,
          body: { message: GRIEVANCE_MESSAGES.notFound },
        }),
      },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(GRIEVANCE_TEXTS.ticketNumber), TICKET);
    await user.type(screen.getByLabelText(GRIEVANCE_TEXTS.fields.email), 'other@example.com');
    await user.click(screen.getByRole('button', { name: GRIEVANCE_TEXTS.lookupSubmit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(GRIEVANCE_MESSAGES.notFound);
  });
});
