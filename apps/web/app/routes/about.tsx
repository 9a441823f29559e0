import { StaticPage } from '../components/StaticPage';
import { AboutContent } from '../content/about';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/about';

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Nosotros',
    'Quiénes somos y qué buscamos con EcoAnuncios, la comunidad para vivir de forma más sustentable.',
  );

export default function AboutPage() {
  return (
    <StaticPage>
      <AboutContent />
    </StaticPage>
  );
}
