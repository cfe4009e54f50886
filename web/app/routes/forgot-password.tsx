import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { FORGOT_TEXTS } from '../../features/auth/texts';
import { siteConfigQuery, useSiteConfig } from '../../features/site-config/api/get-site-config';
import { usePageMeta } from '../../lib/use-page-meta';

export default function ForgotPasswordPage() {
  usePageMeta(FORGOT_TEXTS.pageTitle);
  const queryClient = useQueryClient();
  const config = useSiteConfig();
  // The captcha site key comes from the shop's settings (null when no captcha provider is configured).
  const resolveCaptchaSiteKey = useCallback(
    () => queryClient.fetchQuery(siteConfigQuery).then((settings) => settings.captchaSiteKey ?? null),
    [queryClient],
  );
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <ForgotPasswordForm
        captchaSiteKey={config.isSuccess ? (config.data.captchaSiteKey ?? null) : undefined}
        resolveCaptchaSiteKey={resolveCaptchaSiteKey}
      />
    </div>
  );
}
