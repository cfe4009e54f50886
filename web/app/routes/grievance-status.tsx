import { useSearchParams } from 'react-router';
import { GrievanceLookup } from '../../features/grievances/components/grievance-lookup';
import { GRIEVANCE_TEXTS } from '../../features/grievances/texts';
import { usePageMeta } from '../../lib/use-page-meta';

/** The page the acknowledgement mail links to (`?ticket=` fills the ticket number). */
export default function GrievanceStatusPage() {
  usePageMeta(GRIEVANCE_TEXTS.lookupTitle, GRIEVANCE_TEXTS.lookupMeta);
  const [params] = useSearchParams();
  return <GrievanceLookup initialTicket={params.get('ticket') ?? ''} />;
}
