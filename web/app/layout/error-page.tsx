import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { usePageMeta } from '../../lib/use-page-meta';
import { ERROR_TEXTS, SHOP_NAME } from './texts';

/**
 * Shown for unknown paths (inside the layout) and as the router's errorElement (instead of the layout,
 * so it relies on nothing the layout provides and brings its own small header).
 */
export function ErrorPage() {
  // Null or undefined outside an error boundary, that is, for the catch-all route inside the layout.
  const error = useRouteError();
  const standalone = error !== null && error !== undefined;
  const notFound = !standalone || (isRouteErrorResponse(error) && error.status === 404);
  const title = notFound ? ERROR_TEXTS.notFoundTitle : ERROR_TEXTS.errorTitle;
  usePageMeta(title);

  return (
    <div className={standalone ? 'flex min-h-dvh flex-col' : ''}>
      {standalone && (
        <header className="site-header">
          <div className="textile-band" aria-hidden="true" />
          <div className="mx-auto flex max-w-7xl px-4 py-3 lg:px-6">
            <Link to="/" className="flex items-center gap-2.5 rounded-lg">
              <img src="/logo.svg" alt="" width={36} height={36} className="size-9" />
              <span className="font-display text-2xl font-semibold text-brand-800">{SHOP_NAME}</span>
            </Link>
          </div>
        </header>
      )}
      <section
        aria-labelledby="error-title"
        className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center px-4 py-16 text-center sm:py-24"
      >
        <p className="error-motif font-display text-7xl font-semibold text-brand-700" aria-hidden="true">
          {notFound ? '404' : 'Oops'}
        </p>
        <h1 id="error-title" className="mt-6 font-display text-3xl font-semibold text-stone-900">
          {title}
        </h1>
        <p className="mt-3 text-stone-700">{notFound ? ERROR_TEXTS.notFoundBody : ERROR_TEXTS.errorBody}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/" className="btn-primary">
            {ERROR_TEXTS.home}
          </Link>
          <Link to="/contact" className="btn-secondary">
            {ERROR_TEXTS.contact}
          </Link>
        </div>
      </section>
    </div>
  );
}
