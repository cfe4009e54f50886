import { useSiteConfig } from '../../features/site-config/api/get-site-config';
import { TermsContent } from '../../features/static-pages/components/terms-content';
import { LEGAL_TEXTS } from '../../features/static-pages/texts';
import { usePageMeta } from '../../lib/use-page-meta';

export default function TermsPage() {
  usePageMeta(LEGAL_TEXTS.termsTitle, LEGAL_TEXTS.termsDescription);
  const { data } = useSiteConfig();
  return <TermsContent contacts={data} />;
}
