/** The query parameter that carries where a guest was going when a guarded route sent them to /auth. */
export const REDIRECT_PARAM = 'redirect';

const BASE = 'http://same-site.invalid';

/**
 * The redirect target if it is a path on this site, else null: absolute URLs, protocol-relative ones
 * ("//evil.example", "/\\evil.example") and anything that normalises to another origin are refused, so
 * the parameter cannot send a shopper to another site after they sign in.
 */
export function safeRedirectTarget(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // Never loop back to the sign-in pages themselves.
  if (target.startsWith('//') || url.pathname === '/auth' || url.pathname === '/forgotpwd') return null;
  return target;
}

/** `/auth?mode=…` keeping a safe redirect target. */
export function authPath(mode: 'login' | 'signup', target?: string | null): string {
  const search = new URLSearchParams({ mode });
  const safe = safeRedirectTarget(target);
  if (safe && safe !== '/') search.set(REDIRECT_PARAM, safe);
  return `/auth?${search.toString()}`;
}
