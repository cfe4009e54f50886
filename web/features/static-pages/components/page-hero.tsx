import type { ReactNode } from 'react';

/** The warm banner at the top of a static page. */
export function PageHero({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="page-hero">
      <div className="mx-auto max-w-5xl px-4 py-12 sm:py-16 lg:px-6">
        {eyebrow && (
          <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">{eyebrow}</p>
        )}
        <h1 className="mt-2 font-display text-4xl font-semibold tracking-tight text-stone-900 sm:text-5xl">
          {title}
        </h1>
        {children}
      </div>
    </div>
  );
}
