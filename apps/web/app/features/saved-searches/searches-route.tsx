import '@mantine/core/styles/Alert.css';
import { Alert, Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBellSearch, IconCompass } from '@tabler/icons-react';
import { Link } from 'react-router';
import { requireSession } from '../../lib/auth.server';
import { ActionNotice } from '../../lib/forms/ActionNotice';
import { readForm } from '../../lib/forms/form-action.server';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/searches-route';
import { SEARCHES_TITLE } from './saved-searches';
import { changeSearch, loadSearches } from './saved-searches.server';
import { SavedSearchCard } from './SavedSearchCard';

export const meta: Route.MetaFunction = () => pageMeta(SEARCHES_TITLE);

export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context, url);
  return { searches: await loadSearches(context) };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  requireSession(context, url);
  const formData = await readForm(request);
  if (formData === null) return changeSearch(context, new FormData());
  return changeSearch(context, formData);
}

/** "Búsquedas guardadas": the member's searches, each opened on explore, renamed, switched or deleted. */
export default function SearchesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { searches } = loaderData;
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1}>{SEARCHES_TITLE}</Title>
        <Text c="dark.6">
          Te avisamos con una notificación cuando se publica un anuncio que coincide, y una vez al día por
          e-mail si lo elegís.
        </Text>
      </Stack>
      <ActionNotice notice={actionData?.notice} />
      {!searches && (
        <Alert color="red" variant="light" role="alert">
          No pudimos cargar tus búsquedas guardadas. Intenta de nuevo en un momento.
        </Alert>
      )}
      {searches && searches.length === 0 && (
        <Stack align="center" ta="center" gap="md" py="xl">
          <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
            <IconBellSearch size={34} stroke={1.6} />
          </ThemeIcon>
          <Title order={2} size="h3">
            Todavía no guardaste ninguna búsqueda
          </Title>
          <Text c="dark.6" maw={420}>
            Busca en Explorar y toca «Guardar búsqueda» para enterarte de lo nuevo.
          </Text>
          <Button component={Link} to="/publications" leftSection={<IconCompass size={18} aria-hidden />}>
            Explorar anuncios
          </Button>
        </Stack>
      )}
      {searches && searches.length > 0 && (
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
          {searches.map((search) => (
            <SavedSearchCard key={search._id} search={search} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
