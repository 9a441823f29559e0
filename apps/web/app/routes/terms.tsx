import { StaticPage } from '../components/StaticPage';
import { TermsContent } from '../content/terms';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/terms';

export const meta: Route.MetaFunction = () =>
  pageMeta('Términos de Uso', 'Condiciones de uso de EcoAnuncios.');

export default function TermsPage() {
  return (
    <StaticPage>
      <TermsContent />
    </StaticPage>
  );
}
