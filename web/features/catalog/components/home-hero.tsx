import { Link } from 'react-router';
import { CATALOG_TEXT } from '../texts';

/** A mandala drawn in SVG: rings of petals and dots, no image request. */
function Mandala({ className }: { className: string }) {
  const petals = Array.from({ length: 16 }, (_, i) => i * 22.5);
  const dots = Array.from({ length: 24 }, (_, i) => i * 15);
  return (
    <svg viewBox="-100 -100 200 200" aria-hidden="true" focusable="false" className={className}>
      <g fill="none" stroke="currentColor" strokeWidth="1.2">
        <circle r="96" />
        <circle r="88" strokeDasharray="2 5" />
        {petals.map((angle) => (
          <path
            key={angle}
            d="M0 -30 C 14 -48, 14 -66, 0 -84 C -14 -66, -14 -48, 0 -30 Z"
            transform={`rotate(${angle})`}
          />
        ))}
        {petals.map((angle) => (
          <path
            key={`inner-${angle}`}
            d="M0 -14 C 7 -20, 7 -26, 0 -32 C -7 -26, -7 -20, 0 -14 Z"
            transform={`rotate(${angle + 11.25})`}
          />
        ))}
        <circle r="12" />
        <circle r="5" fill="currentColor" />
      </g>
      <g fill="currentColor">
        {dots.map((angle) => (
          <circle key={angle} r="2" cy="-92" transform={`rotate(${angle})`} />
        ))}
      </g>
    </svg>
  );
}

/** The home page's opening band: a warm gradient, mandalas and the two main ways in. */
export function HomeHero() {
  return (
    <section
      aria-labelledby="home-hero-title"
      className="relative isolate overflow-hidden bg-linear-to-br from-brand-800 via-brand-700 to-brand-950 text-white"
    >
      <Mandala className="absolute -top-24 -right-24 -z-10 size-[22rem] text-marigold-300/25 sm:size-[30rem] lg:-top-32 lg:right-8 lg:size-[34rem]" />
      <Mandala className="absolute -bottom-28 -left-20 -z-10 size-64 text-brand-300/20" />
      <div className="mx-auto max-w-7xl px-4 lg:px-6 py-12 sm:py-16 lg:py-24">
        <p className="text-sm font-semibold tracking-wide text-marigold-300">{CATALOG_TEXT.heroEyebrow}</p>
        <h1
          id="home-hero-title"
          className="mt-3 max-w-xl font-display text-4xl leading-tight font-semibold sm:text-5xl lg:text-6xl"
        >
          {CATALOG_TEXT.heroTitle}
        </h1>
        <p className="mt-4 max-w-lg text-lg text-brand-100">{CATALOG_TEXT.heroBody}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link
            to="/search?gender=Women"
            className="inline-flex min-h-11 items-center rounded-full bg-marigold-300 px-6 font-semibold text-brand-950 hover:bg-marigold-400"
          >
            {CATALOG_TEXT.heroShopWomen}
          </Link>
          <Link
            to="/search?gender=Men"
            className="inline-flex min-h-11 items-center rounded-full border border-white/60 px-6 font-semibold text-white hover:bg-white/10"
          >
            {CATALOG_TEXT.heroShopMen}
          </Link>
        </div>
      </div>
    </section>
  );
}
