import '@mantine/core/styles/Alert.css';
import { Alert, Button, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBookmark, IconCompass } from '@tabler/icons-react';
import { Link, redirect } from 'react-router';
import { LinkedPagination } from '../../components/LinkedPagination';
import {
  FAVORITES_PAGE_SIZE,
  favoritesPagePath,
  type FavoritePage,
} from '../../features/favorites/favorites-page';
import { UnpublishedFavorite } from '../../features/favorites/UnpublishedFavorite';
import { PublicationCard } from '../../features/publications/PublicationCard';
import { parsePage } from '../../features/publications/publications-query';
import { readApiResponse } from '../../lib/api-client';
import { requireSession } from '../../lib/auth.server';
import { formatNumber } from '../../lib/format';
import { pageMeta } from '../../lib/meta';
import { serverContext } from '../../server-context';
import type { Route } from './+types/favorites';

export const meta: Route.MetaFunction = () => pageMeta('Guardados');

export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context, url);
  const page = parsePage(url.searchParams.get('page'));
  const { api } = context.get(serverContext);
  try {
    const list = await readApiResponse<FavoritePage>(
      await api(`/api/favorites?page=${page}&pageSize=${FAVORITES_PAGE_SIZE}`),
    );
    // Past the last page (an old link after unsaving): the last page there is.
    if (list.publications.length === 0 && list.totalPages > 0 && page > list.totalPages) {
      return redirect(favoritesPagePath(list.totalPages));
    }
    return { page, list };
  } catch {
    return { page, list: null };
  }
}

/** The publications the member saved, newest saved first; those no longer published say so, without content. */
export default function FavoritesPage({ loaderData }: Route.ComponentProps) {
  const { page, list } = loaderData;
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1}>Guardados</Title>
        {list && list.total > 0 && (
          <Text c="dark.6">
            {list.total === 1 ? '1 anuncio guardado' : `${formatNumber(list.total)} anuncios guardados`}
          </Text>
        )}
      </Stack>

      {!list && (
        <Alert color="red" variant="light" role="alert">
          No pudimos cargar tus anuncios guardados. Intenta de nuevo en un momento.
        </Alert>
      )}

      {list && list.publications.length === 0 && (
        <Stack align="center" ta="center" gap="md" py="xl">
          <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
            <IconBookmark size={34} stroke={1.6} />
          </ThemeIcon>
          <Title order={2} size="h3">
            Todavía no guardaste ningún anuncio
          </Title>
          <Text c="dimmed" maw={420}>
            Toca «Guardar» en un anuncio que te interese y lo encontrarás aquí.
          </Text>
          <Button component={Link} to="/publications" leftSection={<IconCompass size={18} aria-hidden />}>
            Explorar anuncios
          </Button>
        </Stack>
      )}

      {list && list.publications.length > 0 && (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing={{ base: 'sm', xs: 'md' }}>
            {list.publications.map((entry, index) =>
              entry.publication ? (
                <PublicationCard key={entry._id} publication={entry.publication} eager={index < 3} saved />
              ) : (
                <UnpublishedFavorite key={entry._id} entry={entry} />
              ),
            )}
          </SimpleGrid>
          <LinkedPagination page={page} totalPages={list.totalPages} pathFor={favoritesPagePath} />
        </>
      )}
    </Stack>
  );
}
