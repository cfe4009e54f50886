import { type ReactNode, useId } from 'react';

/** One titled card of the profile page. */
export function ProfileSection({
  title,
  children,
  tone = 'plain',
}: {
  title: string;
  children: ReactNode;
  tone?: 'plain' | 'danger';
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={`surface-card p-5 sm:p-6 ${tone === 'danger' ? 'border-red-200' : ''}`}
    >
      <h2
        id={id}
        className={`font-display text-xl font-semibold ${tone === 'danger' ? 'text-red-800' : 'text-stone-900'}`}
      >
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
