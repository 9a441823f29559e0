import '../../styles/publications';
import { getCategory } from '@eco/domain/catalog/categories';
import { Group, Stack, Text, Title } from '@mantine/core';
import { data, redirect } from 'react-router';
import { isCalendaredType } from '@eco/domain/catalog/listing-types';
import { AgendaFilters } from '../../features/explore/AgendaFilters';
import { SubscribeToCalendar } from '../../features/calendar/SubscribeToCalendar';
import { MonthView } from '../../features/calendar/MonthView';
import { AgendaLayout } from '../../features/calendar/AgendaLayout';
import { loadMonthDays } from '../../features/calendar/month-view.server';
import { EmptyResults } from '../../features/explore/EmptyResults';
import { LinkedPagination } from '../../components/LinkedPagination';
import { FilterChips } from '../../features/explore/FilterChips';
import { PublicationGrid } from '../../features/explore/PublicationGrid';
import { SearchBar } from '../../features/explore/SearchBar';
import { StatusFilter } from '../../features/explore/StatusFilter';
import { TipList } from '../../features/tips/TipList';
import { ExploreMap } from '../../features/places/ExploreMap';
import { loadMapFirstState } from '../../features/places/map-preview.server';
import { NearMeButton, OpenNowToggle, ViewSwitch } from '../../features/places/ExploreTools';
import { formatNumber } from '../../lib/format';
import { pageMeta } from '../../lib/meta';
import { isSuperUser } from '../../features/publications/publications';
import type { ExploreQuery } from '../../features/publications/publications-query';
import {
  apiListSearch,
  explorePath,
  exploreSearch,
  parseExploreQuery,
} from '../../features/publications/publications-query';
import { loadPublicationPage } from '../../features/publications/publications.server';
import { loadSavedAmong } from '../../features/favorites/favorite.server';
import { SaveSearchForm } from '../../features/saved-searches/SaveSearchForm';
import {
  FIELDS as SEARCH_FIELDS,
  isSavable,
  SAVE_INTENT,
} from '../../features/saved-searches/saved-searches';
import { saveSearch } from '../../features/saved-searches/saved-searches.server';
import { ActionNotice } from '../../lib/forms/ActionNotice';
import { readForm } from '../../lib/forms/form-action.server';
import { serverContext } from '../../server-context';
import { loadInterestedAmong } from '../../features/interests/interest.server';
import type { Route } from './+types/explore';

const EXPLORE_TITLE = 'Explorar';
const EXPLORE_DESCRIPTION =
  'Puntos de reciclaje, eventos, productos, materiales, consejos y cursos de la comunidad EcoAnuncios.';

function heading(query: ExploreQuery): { title: string; description: string } {
  if (!query.what) return { title: EXPLORE_TITLE, description: EXPLORE_DESCRIPTION };
  const category = getCategory(query.what);
  return { title: category.title, description: category.description };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const { title, description } = heading(loaderData?.query ?? { labels: [], page: 1 });
  return pageMeta(title, description);
};

export async function loader({ context, url }: Route.LoaderArgs) {
  const { session } = context.get(serverContext);
  const superUser = isSuperUser(session);
  const query = parseExploreQuery(url.searchParams);
  const result = await loadPublicationPage(context, apiListSearch(query, { isSuperUser: superUser }));
  // A page past the last one (the list shrank since the link was made): show the last page instead.
  if (result.page && result.page.publications.length === 0 && query.page > result.page.totalPages) {
    if (result.page.totalPages >= 1) throw redirect(explorePath({ ...query, page: result.page.totalPages }));
  }
  const shown = result.page?.publications ?? [];
  const [savedIds, interestedIds, monthDays, mapState] = await Promise.all([
    loadSavedAmong(
      context,
      shown.map((item) => item._id),
    ),
    loadInterestedAmong(
      context,
      shown.filter((item) => isCalendaredType(item.typed)).map((item) => item._id),
    ),
    isCalendaredType(query.what) ? loadMonthDays(context, query) : null,
    // The map view's first paint (decision 043): drawn by the server, no script needed.
    query.view === 'map' && query.what !== 'tips' ? loadMapFirstState(context, query, superUser) : null,
  ]);
  return { query, superUser, savedIds, interestedIds, monthDays, mapState, ...result };
}

/** "Guardar búsqueda" (decision 041): the page's only form that changes something. */
export async function action({ context, request, url }: Route.ActionArgs) {
  const formData = await readForm(request);
  if (formData === null || formData.get(SEARCH_FIELDS.intent) !== SAVE_INTENT) {
    return data(
      { notice: { kind: 'error' as const, message: 'El formulario llegó incompleto.' }, name: '' },
      {
        status: 400,
      },
    );
  }
  return saveSearch(context, formData, `${url.pathname}${url.search}`);
}

function resultsText(total: number, query: ExploreQuery): string {
  const [one, many] = query.what === 'tips' ? ['consejo', 'consejos'] : ['anuncio', 'anuncios'];
  const count = total === 1 ? `1 ${one}` : `${formatNumber(total)} ${many}`;
  return query.term ? `${count} para “${query.term}”` : count;
}

export default function ExplorePage({ loaderData, actionData }: Route.ComponentProps) {
  const { query, superUser, savedIds, interestedIds, monthDays, mapState, page, error } = loaderData;
  const { title, description } = heading(query);
  const tips = query.what === 'tips';

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      </Stack>
      <SearchBar query={query} />
      <FilterChips query={query} />
      {isCalendaredType(query.what) && <AgendaFilters query={query} />}
      <ActionNotice notice={actionData?.notice} />
      {isSavable(query) && (
        <SaveSearchForm key={exploreSearch({ ...query, page: 1 })} query={query} name={actionData?.name} />
      )}
      {!tips && (
        <Group gap="xs" justify="space-between">
          <ViewSwitch query={query} />
          <Group gap="xs">
            <OpenNowToggle query={query} />
            <NearMeButton query={query} />
          </Group>
        </Group>
      )}
      {!tips && mapState && <ExploreMap query={query} superUser={superUser} firstState={mapState} />}
      <AgendaLayout
        aside={
          isCalendaredType(query.what) && (
            <>
              {monthDays && <MonthView query={query} days={monthDays} />}
              <SubscribeToCalendar query={query} />
            </>
          )
        }
      >
        {(superUser || page) && (
          <Group justify="space-between" gap="xs">
            {page && (
              <Text size="sm" c="dimmed" role="status">
                {resultsText(page.total, query)}
              </Text>
            )}
            {superUser && <StatusFilter query={query} />}
          </Group>
        )}
        {error !== null && (
          <Text c="red.8" role="alert">
            No pudimos hacer esta búsqueda: {error}
          </Text>
        )}
        {page && page.publications.length === 0 && <EmptyResults />}
        {page && page.publications.length > 0 && tips && (
          // Keyed by the search: a new search starts again from its first page.
          <TipList
            key={exploreSearch({ ...query, page: 1 })}
            page={page}
            query={query}
            isSuperUser={superUser}
          />
        )}
        {page && page.publications.length > 0 && !tips && (
          <>
            <PublicationGrid
              publications={page.publications}
              savedIds={savedIds}
              interestedIds={interestedIds}
              asOf={page.asOf}
            />
            <LinkedPagination
              page={query.page}
              totalPages={page.totalPages}
              pathFor={(target) => explorePath({ ...query, page: target })}
            />
          </>
        )}
      </AgendaLayout>
    </Stack>
  );
}
