import { useSearchParams } from 'react-router';
import { AuthPanel, authModeOf } from '../../features/auth/components/auth-panel';
import { AUTH_TEXTS } from '../../features/auth/texts';
import { usePageMeta } from '../../lib/use-page-meta';

export default function AuthPage() {
  const [params] = useSearchParams();
  const signup = authModeOf(params) === 'signup';
  usePageMeta(signup ? AUTH_TEXTS.signupTitle : AUTH_TEXTS.loginTitle);
  return <AuthPanel />;
}
