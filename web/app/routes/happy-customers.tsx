import { HappyCustomersContent } from '../../features/static-pages/components/happy-customers-content';
import { HAPPY_CUSTOMERS_TEXTS } from '../../features/static-pages/texts';
import { usePageMeta } from '../../lib/use-page-meta';

export default function HappyCustomersPage() {
  usePageMeta(HAPPY_CUSTOMERS_TEXTS.title, HAPPY_CUSTOMERS_TEXTS.metaDescription);
  return <HappyCustomersContent />;
}
