import '../../features/publication-form/styles';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { data } from 'react-router';
import { PublicationEditor } from '../../features/publication-form/PublicationEditor';
import { requireSession } from '../../lib/auth.server';
import { pageMeta } from '../../lib/meta';
import { editFormValues } from '../../features/publication-form/publication-form-values';
import { canManage } from '../../features/publications/publications';
import { loadPublication } from '../../features/publications/publications.server';
import { useSession } from '../../lib/session';
import type { Route } from './+types/publication-edit';

const FORBIDDEN_MESSAGE = 'No tienes permiso para modificar este anuncio';

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(loaderData ? `Editando ${loaderData.publication.title}` : 'Editar anuncio');

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const session = requireSession(context, url);
  const publication = await loadPublication(context, params.id);
  // A published publication reaches everybody: only its author and super users may edit it.
  if (!canManage(session, publication)) throw data(FORBIDDEN_MESSAGE, { status: 403 });
  return { publication };
}

// Reloading this page's data in place (another tab signed out) would send the user to /auth at once: the form
// instead notices the lost session and shows why before leaving. Navigations and submissions reload as usual.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.href === nextUrl.href) return false;
  return defaultShouldRevalidate;
}

export default function EditPublicationPage({ loaderData: { publication } }: Route.ComponentProps) {
  const session = useSession();
  return (
    <PublicationEditor
      key={`${publication._id}|${publication.updatedAt}`}
      mode="edit"
      publicationId={publication._id}
      publicationTitle={publication.title}
      session={session}
      initialValues={editFormValues(publication, session?.user.isSuperUser ?? false)}
    />
  );
}
