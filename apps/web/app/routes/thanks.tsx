import { StaticPage } from '../components/StaticPage';
import { ThanksContent } from '../content/thanks';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/thanks';

export const meta: Route.MetaFunction = () => pageMeta('Gracias', 'Gracias a quienes apoyan EcoAnuncios.');

export default function ThanksPage() {
  return (
    <StaticPage>
      <ThanksContent />
    </StaticPage>
  );
}
