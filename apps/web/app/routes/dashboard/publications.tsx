import '@mantine/core/styles/Alert.css';
import '../../features/publication-form/styles';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconClipboardCheck, IconPlus } from '@tabler/icons-react';
import { Link, redirect, useNavigate, useRevalidator } from 'react-router';
import { MyPublicationRow } from '../../features/my-publications/MyPublicationRow';
import { MyPublicationsEmpty } from '../../features/my-publications/MyPublicationsEmpty';
import { MyPublicationsFilters } from '../../features/my-publications/MyPublicationsFilters';
import { LinkedPagination } from '../../components/LinkedPagination';
import { ApiError, readApiResponse } from '../../lib/api-client';
import { requireSession } from '../../lib/auth.server';
import { pageMeta } from '../../lib/meta';
import {
  myPublicationsApiPath,
  myPublicationsPath,
  readMyPublicationsQuery,
} from '../../features/my-publications/my-publications-query';
import type { PublicationListPage } from '../../features/publications/publications';
import { routeError } from '../../features/publications/publications.server';
import { serverContext } from '../../server-context';
import type { Route } from './+types/publications';

export const meta: Route.MetaFunction = () => pageMeta('Mis anuncios');

export async function loader({ context, url }: Route.LoaderArgs) {
  const session = requireSession(context, url);
  const query = readMyPublicationsQuery(url.searchParams);
  const { api } = context.get(serverContext);
  try {
    const page = await readApiResponse<PublicationListPage>(await api(myPublicationsApiPath(query)));
    // Past the last page (say, an old link after deletions): the last page there is.
    if (page.publications.length === 0 && page.totalPages > 0 && query.page > page.totalPages) {
      return redirect(myPublicationsPath({ ...query, page: page.totalPages }));
    }
    return { query, page, error: null, isSuperUser: session.user.isSuperUser };
  } catch (error) {
    // A criterion the API refuses is shown on the page; anything else is a route error.
    if (error instanceof ApiError && error.statusCode === 400) {
      return { query, page: null, error: error.message, isSuperUser: session.user.isSuperUser };
    }
    return routeError(error);
  }
}

export default function MyPublicationsPage({ loaderData }: Route.ComponentProps) {
  const { query, page, error, isSuperUser } = loaderData;
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const filtered = query.term !== '' || query.what !== null;

  function afterDelete() {
    // The last one of a later page is gone: show the page before it.
    if (page && page.publications.length === 1 && query.page > 1) {
      void navigate(myPublicationsPath({ ...query, page: query.page - 1 }));
    } else void revalidate();
  }

  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2}>
          <Title order={1}>Mis anuncios</Title>
          {page && (
            <Text c="dimmed" size="sm" aria-live="polite">
              {page.total === 1 ? '1 anuncio' : `${page.total} anuncios`}
            </Text>
          )}
        </Stack>
        <Button component={Link} to="/publications/new" leftSection={<IconPlus size={18} aria-hidden />}>
          Publicar
        </Button>
      </Group>

      {isSuperUser && (
        <Alert variant="light" color="yellow" icon={<IconClipboardCheck size={20} aria-hidden />}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">Los anuncios de los usuarios esperan tu revisión antes de publicarse.</Text>
            <Button component={Link} to="/publications?status=pending" size="xs" variant="white" color="dark">
              Revisar anuncios pendientes
            </Button>
          </Group>
        </Alert>
      )}

      <MyPublicationsFilters query={query} withTips={isSuperUser} />

      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}

      {page && page.publications.length === 0 && <MyPublicationsEmpty filtered={filtered} />}

      {page && page.publications.length > 0 && (
        <>
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Mis anuncios">
            {page.publications.map((publication) => (
              <li key={publication._id}>
                <MyPublicationRow publication={publication} onDeleted={afterDelete} />
              </li>
            ))}
          </Stack>
          <LinkedPagination
            page={query.page}
            totalPages={page.totalPages}
            pathFor={(target) => myPublicationsPath({ ...query, page: target })}
          />
        </>
      )}
    </Stack>
  );
}
