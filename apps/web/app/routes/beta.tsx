import { StaticPage } from '../components/StaticPage';
import { BetaContent } from '../content/beta';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/beta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Beta', 'EcoAnuncios está en versión beta: qué significa y cómo puedes ayudarnos.');

export default function BetaPage() {
  return (
    <StaticPage>
      <BetaContent />
    </StaticPage>
  );
}
