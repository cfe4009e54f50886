import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { GRIEVANCE_CAPTCHA_ACTION } from '../../../common/schemas/grievances';
import { recaptchaToken } from '../../features/auth/lib/recaptcha';
import { GrievanceForm } from '../../features/grievances/components/grievance-form';
import { siteConfigQuery, useSiteConfig } from '../../features/site-config/api/get-site-config';
import { ContactContent } from '../../features/static-pages/components/contact-content';
import { CONTACT_TEXTS } from '../../features/static-pages/texts';
import { usePageMeta } from '../../lib/use-page-meta';

export default function ContactPage() {
  usePageMeta(CONTACT_TEXTS.title, CONTACT_TEXTS.metaDescription);
  const queryClient = useQueryClient();
  const config = useSiteConfig();
  // The captcha site key comes from the shop's settings (null when no captcha provider is configured).
  const captchaToken = useCallback(async () => {
    const { captchaSiteKey } = await queryClient.fetchQuery(siteConfigQuery);
    return captchaSiteKey ? recaptchaToken(captchaSiteKey, GRIEVANCE_CAPTCHA_ACTION) : undefined;
  }, [queryClient]);
  return (
    <ContactContent
      contacts={config.data}
      loading={config.isPending}
      failed={config.isError}
      onRetry={() => void config.refetch()}
      grievanceForm={<GrievanceForm captchaToken={captchaToken} />}
    />
  );
}
