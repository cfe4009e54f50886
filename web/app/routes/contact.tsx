import { useSiteConfig } from '../../features/site-config/api/get-site-config';
import { ContactContent } from '../../features/static-pages/components/contact-content';
import { CONTACT_TEXTS } from '../../features/static-pages/texts';
import { usePageMeta } from '../../lib/use-page-meta';

export default function ContactPage() {
  usePageMeta(CONTACT_TEXTS.title, CONTACT_TEXTS.metaDescription);
  const config = useSiteConfig();
  return (
    <ContactContent
      contacts={config.data}
      loading={config.isPending}
      failed={config.isError}
      onRetry={() => void config.refetch()}
    />
  );
}
