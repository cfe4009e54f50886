import { SparkleIcon } from '../../../components/ui/icons';
import { ABOUT_TEXTS } from '../texts';
import { PageHero } from './page-hero';

/** The About page (SPEC.md §2). */
export function AboutContent() {
  return (
    <article>
      <PageHero title={ABOUT_TEXTS.title}>
        <p className="mt-3 font-display text-xl text-brand-700 italic sm:text-2xl">{ABOUT_TEXTS.tagline}</p>
      </PageHero>
      <div className="mx-auto grid max-w-5xl gap-12 px-4 py-12 lg:grid-cols-[3fr_2fr] lg:px-6">
        <div className="space-y-5 text-[17px] leading-relaxed text-stone-800">
          {ABOUT_TEXTS.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 24)}>{paragraph}</p>
          ))}
        </div>
        <section aria-labelledby="why-us" className="surface-card p-6">
          <h2 id="why-us" className="font-display text-2xl font-semibold text-stone-900">
            {ABOUT_TEXTS.whyHeading}
          </h2>
          <ul className="mt-5 space-y-4">
            {ABOUT_TEXTS.why.map((reason) => (
              <li key={reason.title} className="flex gap-3">
                <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-marigold-100 text-brand-700">
                  <SparkleIcon className="size-4" />
                </span>
                <div>
                  <h3 className="font-semibold text-stone-900">{reason.title}</h3>
                  <p className="mt-0.5 text-sm leading-relaxed text-stone-700">{reason.body}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </article>
  );
}
