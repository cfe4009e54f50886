import { useState } from 'react';
import {
  browserSignalsDoNotTrack,
  isAnalyticsOptedOut,
  setAnalyticsOptOut,
} from '../../features/analytics/privacy';
import { useSiteConfig } from '../../features/site-config/api/get-site-config';
import { PrivacyPolicyContent } from '../../features/static-pages/components/privacy-policy-content';
import { LEGAL_TEXTS } from '../../features/static-pages/texts';
import { usePageMeta } from '../../lib/use-page-meta';

export default function PrivacyPolicyPage() {
  usePageMeta(LEGAL_TEXTS.privacyTitle, LEGAL_TEXTS.privacyDescription);
  const { data } = useSiteConfig();
  const [optedOut, setOptedOut] = useState(isAnalyticsOptedOut);
  const [doNotTrack] = useState(browserSignalsDoNotTrack);

  function choose(optOut: boolean) {
    setAnalyticsOptOut(optOut);
    setOptedOut(optOut);
  }

  return <PrivacyPolicyContent contacts={data} analytics={{ optedOut, doNotTrack, onChange: choose }} />;
}
