import { useQuery } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import type { GrievanceTicket } from '../../../../common/schemas/grievances';
import { api } from '../../../lib/api-client';

export interface TicketLookup {
  ticketNumber: string;
  email: string;
}

/** `GET /api/grievances/{ticketNumber}?email=`: 404 unless the email filed it. */
export async function getGrievance({ ticketNumber, email }: TicketLookup): Promise<GrievanceTicket> {
  const url = `${API.grievances.ticket(ticketNumber)}?${new URLSearchParams({ email })}`;
  return (await api.get<{ grievance: GrievanceTicket }>(url)).grievance;
}

/** The ticket once `lookup` is given; nothing is asked before. */
export function useGrievance(lookup: TicketLookup | null) {
  return useQuery({
    queryKey: ['grievance', lookup?.ticketNumber, lookup?.email],
    queryFn: () => getGrievance(lookup as TicketLookup),
    enabled: lookup !== null,
    retry: false,
  });
}
