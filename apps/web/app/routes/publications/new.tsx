import '../../features/publication-form/styles';
import { isListingType } from '@eco/domain/catalog/listing-types';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PublicationEditor } from '../../features/publication-form/PublicationEditor';
import { SignInPrompt } from '../../features/publication-form/SignInPrompt';
import type { Account } from '../../features/account/account';
import { readApiResponse } from '../../lib/api-client';
import { getSession } from '../../lib/auth.server';
import { pageMeta } from '../../lib/meta';
import { newFormValues } from '../../features/publication-form/publication-form-values';
import { useSession } from '../../lib/session';
import { serverContext } from '../../server-context';
import type { Route } from './+types/new';

export const meta: Route.MetaFunction = () => pageMeta('Publicar un anuncio');

// Not guarded: a guest sees the invitation to sign in or sign up instead of a redirect.
export async function loader({ context }: Route.LoaderArgs) {
  const session = getSession(context);
  if (!session) return { profile: null };
  const { api } = context.get(serverContext);
  try {
    // The author's place prefills the publication's.
    const { user } = await readApiResponse<Account>(await api('/api/me'));
    return { profile: user };
  } catch {
    return { profile: session.user };
  }
}

export default function NewPublicationPage({ loaderData }: Route.ComponentProps) {
  const session = useSession();
  const [searchParams] = useSearchParams();
  // '?what=barter' (the assistant's "publish it" link, a category's "Publicar") opens the form on that type.
  const what = searchParams.get('what');
  const preset = isListingType(what) ? what : null;
  // Opened signed in, the form stays while a lost session shows its notice and leads to /auth.
  const [openedSignedIn] = useState(session !== null);

  if (!session && !openedSignedIn) {
    return <SignInPrompt redirectTo={preset ? `/publications/new?what=${preset}` : '/publications/new'} />;
  }
  return (
    <PublicationEditor
      mode="create"
      session={session}
      initialValues={newFormValues(loaderData.profile, session?.user.isSuperUser ?? false, preset)}
    />
  );
}
