import { AboutContent } from '../../features/static-pages/components/about-content';
import { ABOUT_TEXTS } from '../../features/static-pages/texts';
import { usePageMeta } from '../../lib/use-page-meta';

export default function AboutPage() {
  usePageMeta(ABOUT_TEXTS.title, ABOUT_TEXTS.metaDescription);
  return <AboutContent />;
}
