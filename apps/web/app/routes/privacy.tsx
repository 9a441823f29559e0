import { StaticPage } from '../components/StaticPage';
import { PrivacyContent } from '../content/privacy';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/privacy';

export const meta: Route.MetaFunction = () =>
  pageMeta('Políticas de Privacidad', 'Cómo EcoAnuncios trata y protege tus datos personales.');

export default function PrivacyPage() {
  return (
    <StaticPage>
      <PrivacyContent />
    </StaticPage>
  );
}
