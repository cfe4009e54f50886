import { Link, Navigate, useSearchParams } from 'react-router';
import { authPath, REDIRECT_PARAM, safeRedirectTarget } from '../lib/redirect';
import { useSession } from '../session';
import { AUTH_TEXTS } from '../texts';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';

export type AuthMode = 'login' | 'signup';

/** The mode in `?mode=`: signup only when asked for, sign in otherwise. */
export function authModeOf(params: URLSearchParams): AuthMode {
  return params.get('mode') === 'signup' ? 'signup' : 'login';
}

/**
 * /auth (SPEC.md §2): sign in or register, switched by `?mode=`; after success the shopper goes where a
 * guarded route was taking them (`?redirect=`, same-site paths only), else home.
 */
export function AuthPanel() {
  const [params] = useSearchParams();
  const mode = authModeOf(params);
  const target = safeRedirectTarget(params.get(REDIRECT_PARAM));
  const session = useSession();
  // Signed in, whether just now through a form below or earlier (a bookmark, the back button): the
  // shopper has nothing to do here. This is the only way out, so a tap elsewhere right after signing in
  // is never pulled back by a second navigation.
  if (session.isAuthenticated) return <Navigate to={target ?? '/'} replace />;

  const tabClass = (active: boolean) =>
    `flex min-h-11 flex-1 items-center justify-center rounded-full px-4 text-sm font-semibold transition-colors ${
      active ? 'bg-white text-brand-800 shadow-sm' : 'text-stone-600 hover:text-brand-800'
    }`;

  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <div className="surface-card p-5 sm:p-8">
        <nav aria-label="Sign in or register" className="mb-6 flex gap-1 rounded-full bg-brand-50 p-1">
          <Link
            to={authPath('login', target)}
            replace
            aria-current={mode === 'login' ? 'page' : undefined}
            className={tabClass(mode === 'login')}
          >
            {AUTH_TEXTS.loginTab}
          </Link>
          <Link
            to={authPath('signup', target)}
            replace
            aria-current={mode === 'signup' ? 'page' : undefined}
            className={tabClass(mode === 'signup')}
          >
            {AUTH_TEXTS.signupTab}
          </Link>
        </nav>
        <h1 className="font-display text-3xl font-semibold text-stone-900">
          {mode === 'login' ? AUTH_TEXTS.loginTitle : AUTH_TEXTS.signupTitle}
        </h1>
        <p className="mt-1 mb-6 text-stone-700">
          {mode === 'login' ? AUTH_TEXTS.loginIntro : AUTH_TEXTS.signupIntro}
        </p>
        {/* A key per mode: switching starts a fresh form. */}
        {mode === 'login' ? <LoginForm key="login" /> : <SignupForm key="signup" />}
        <p className="mt-6 text-center text-sm text-stone-700">
          {mode === 'login' ? AUTH_TEXTS.switchToSignup : AUTH_TEXTS.switchToLogin}{' '}
          <Link to={authPath(mode === 'login' ? 'signup' : 'login', target)} replace className="text-link">
            {mode === 'login' ? AUTH_TEXTS.switchToSignupLink : AUTH_TEXTS.switchToLoginLink}
          </Link>
        </p>
      </div>
    </div>
  );
}
