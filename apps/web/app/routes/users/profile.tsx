import '../../features/ratings/styles';
import '../../styles/publications';
import { Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconLogin, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ReportButton } from '../../features/reports/ReportButton';
import { UserAvatar } from '../../features/users/UserAvatar';
import { loadSavedAmong } from '../../features/favorites/favorite.server';
import { PublicationGrid } from '../../features/explore/PublicationGrid';
import { LinkedPagination } from '../../components/LinkedPagination';
import { RatingForm } from '../../features/ratings/RatingForm';
import { RatingList } from '../../features/ratings/RatingList';
import { RatingSummary } from '../../features/ratings/RatingSummary';
import { loadMyQualification, loadQualificationPage } from '../../features/ratings/ratings.server';
import { getSession, requireSession } from '../../lib/auth.server';
import { brokenForm, readForm } from '../../lib/forms/form-action.server';
import { rate } from '../../features/ratings/rate.server';
import { RATE_INTENT } from '../../features/ratings/rating-intent';
import { pageMeta } from '../../lib/meta';
import { placeNames } from '../../features/publications/publications';
import { loadPublicationPage, loadPublicUser } from '../../features/publications/publications.server';
import { parsePage } from '../../features/publications/publications-query';
import { signInPath } from '../../lib/redirect-to';
import { isCalendaredType } from '@eco/domain/catalog/listing-types';
import { loadInterestedAmong } from '../../features/interests/interest.server';
import type { Route } from './+types/profile';

type ProfilePages = { ratings: number; publications: number };

/** The profile's address with its two page numbers; the hash brings the reader back to the section they paged. */
function profilePath(userId: string, pages: ProfilePages, section: 'calificaciones' | 'anuncios'): string {
  const params = new URLSearchParams();
  if (pages.ratings > 1) params.set('ratings', String(pages.ratings));
  if (pages.publications > 1) params.set('page', String(pages.publications));
  const query = params.toString();
  return `/users/${encodeURIComponent(userId)}${query ? `?${query}` : ''}#${section}`;
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const session = getSession(context);
  const pages: ProfilePages = {
    ratings: parsePage(url.searchParams.get('ratings')),
    publications: parsePage(url.searchParams.get('page')),
  };
  const publicationsSearch = new URLSearchParams({
    author: params.id,
    page: String(pages.publications),
    pageSize: '6',
  }).toString();
  // Their events and courses still to come, soonest first (past=0: the agenda of every dated category).
  const agendaSearch = new URLSearchParams({ author: params.id, past: '0', pageSize: '3' }).toString();
  const isSelf = session?.userId === params.id;
  const [profile, ratings, publications, mine, agenda] = await Promise.all([
    loadPublicUser(context, params.id),
    loadQualificationPage(context, params.id, pages.ratings),
    loadPublicationPage(context, publicationsSearch),
    session && !isSelf ? loadMyQualification(context, params.id) : Promise.resolve(null),
    loadPublicationPage(context, agendaSearch),
  ]);
  const shown = [...(publications.page?.publications ?? []), ...(agenda.page?.publications ?? [])];
  const ids = [...new Set(shown.map((item) => item._id))];
  const dated = [...new Set(shown.filter((item) => isCalendaredType(item.typed)).map((item) => item._id))];
  const [savedIds, interestedIds] = await Promise.all([
    loadSavedAmong(context, ids),
    loadInterestedAmong(context, dated),
  ]);
  return {
    ...profile,
    pages,
    ratings,
    publications: publications.page,
    agenda: agenda.page,
    savedIds,
    interestedIds,
    mine,
    viewer: session ? (isSelf ? 'self' : 'member') : 'guest',
  } as const;
}

export async function action({ context, params, request, url }: Route.ActionArgs) {
  requireSession(context, request);
  const formData = await readForm(request);
  if (!formData || formData.get('intent') !== RATE_INTENT) return brokenForm();
  return rate(context, params.id, formData, `${url.pathname}${url.search}#calificaciones`);
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? pageMeta(loaderData.user.name, `Perfil de ${loaderData.user.name} en EcoAnuncios.`) : [];

/** A member's public profile: who they are, how others rated them, their publications. Never the e-mail. */
export default function UserProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    user,
    userRatingData,
    pages,
    ratings,
    publications,
    agenda,
    savedIds,
    interestedIds,
    mine,
    viewer,
  } = loaderData;
  const place = placeNames(user);
  const here = profilePath(user._id, pages, 'calificaciones');

  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap">
          <UserAvatar name={user.name} pictureUrl={user.pictureUrl} size={88} />
          <Stack gap={4} miw={0}>
            <Title order={1} size="h2">
              {user.name}
            </Title>
            {place.length > 0 && (
              <Group gap={4} wrap="nowrap" c="dark.6">
                <IconMapPin size={16} aria-hidden />
                <Text size="sm">{place.join(', ')}</Text>
              </Group>
            )}
          </Stack>
        </Group>

        <Group justify="flex-end">
          <ReportButton targetType="user" targetId={user._id} ownerId={user._id} label={user.name} />
        </Group>

        <Card
          withBorder
          padding="lg"
          component="section"
          aria-labelledby="ratings-heading"
          id="calificaciones"
        >
          <Stack gap="md">
            <Title order={2} size="h3" id="ratings-heading">
              Calificaciones
            </Title>
            <RatingSummary data={userRatingData} />

            {viewer === 'member' && (
              <Card withBorder padding="md" bg="gray.0">
                <RatingForm
                  key={mine ? `${mine._id}:${mine.updatedAt ?? mine.createdAt}` : 'new'}
                  toUserName={user.name}
                  existing={mine}
                  answer={actionData && 'intent' in actionData ? actionData : undefined}
                />
              </Card>
            )}
            {viewer === 'guest' && (
              <Group gap="sm">
                <Text size="sm">¿Hiciste un trato con {user.name}?</Text>
                <Button
                  component={Link}
                  to={signInPath(here)}
                  variant="light"
                  leftSection={<IconLogin size={18} aria-hidden />}
                >
                  Ingresa para calificar
                </Button>
              </Group>
            )}

            {ratings && ratings.qualifications.length > 0 && (
              <>
                <RatingList qualifications={ratings.qualifications} />
                <LinkedPagination
                  page={pages.ratings}
                  totalPages={ratings.totalPages}
                  pathFor={(page) => profilePath(user._id, { ...pages, ratings: page }, 'calificaciones')}
                />
              </>
            )}
          </Stack>
        </Card>

        {agenda && agenda.publications.length > 0 && (
          <Stack component="section" aria-labelledby="agenda-heading" id="agenda" gap="md">
            <Title order={2} size="h3" id="agenda-heading">
              Próximos eventos y cursos
            </Title>
            <PublicationGrid
              publications={agenda.publications}
              savedIds={savedIds}
              interestedIds={interestedIds}
              asOf={agenda.asOf}
            />
          </Stack>
        )}

        <Stack component="section" aria-labelledby="publications-heading" id="anuncios" gap="md">
          <Title order={2} size="h3" id="publications-heading">
            Anuncios publicados
          </Title>
          {publications && publications.publications.length > 0 ? (
            <>
              <PublicationGrid
                publications={publications.publications}
                savedIds={savedIds}
                interestedIds={interestedIds}
              />
              <LinkedPagination
                page={pages.publications}
                totalPages={publications.totalPages}
                pathFor={(page) => profilePath(user._id, { ...pages, publications: page }, 'anuncios')}
              />
            </>
          ) : (
            <Text c="dark.6">{user.name} todavía no tiene anuncios publicados.</Text>
          )}
        </Stack>
      </Stack>
    </Container>
  );
}
