import '../../styles/publication-page';
import { getCategory } from '@eco/domain/catalog/categories';
import { isCalendaredType } from '@eco/domain/catalog/listing-types';
import { Anchor, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, redirect, useNavigate } from 'react-router';
import { ShareButton } from '../../components/dialogs/ShareButton';
import { AddToCalendar } from '../../features/calendar/AddToCalendar';
import { AddToCartButton } from '../../features/publications/AddToCartButton';
import { FavoriteToggle } from '../../features/favorites/FavoriteToggle';
import { SavedByCount } from '../../features/favorites/SavedByCount';
import { InterestToggle } from '../../features/interests/InterestToggle';
import { InterestedMembers } from '../../features/interests/InterestedMembers';
import { loadInterested } from '../../features/interests/interest.server';
import { AuthorCard, AuthorLine } from '../../features/publications/AuthorCard';
import { CategoryLabel } from '../../features/publications/CategoryLabel';
import { PhotoGallery } from '../../features/publications/PhotoGallery';
import { priceView } from '../../features/publications/price';
import { PriceTag } from '../../features/publications/PriceTag';
import { PublicationFacts } from '../../features/publications/PublicationFacts';
import { PublicationManageActions } from '../../features/publications/PublicationManageActions';
import { EndedBadge } from '../../features/publications/EndedBadge';
import { PublicationStatusBadge } from '../../features/publications/PublicationStatusBadge';
import { absoluteUrl, publicationPath, tipPath } from '../../features/publications/publications';
import { publicationMeta } from '../../features/publications/publications-meta';
import { explorePath } from '../../features/publications/publications-query';
import { loadPublication } from '../../features/publications/publications.server';
import { OpeningHoursSection, PublicationPlace } from '../../features/places/PublicationPlace';
import { ReportButton } from '../../features/reports/ReportButton';
import { BuyButton } from '../../features/deals/BuyButton';
import { loadPurchaseOptions } from '../../features/deals/purchase.server';
import { serverContext } from '../../server-context';
import type { Route } from './+types/detail';

export async function loader({ context, params }: Route.LoaderArgs) {
  const publication = await loadPublication(context, params.id);
  // Tips are read on their own page.
  if (publication.typed === 'tips') throw redirect(tipPath(publication._id));
  const [purchase, interested] = await Promise.all([
    loadPurchaseOptions(context, publication),
    isCalendaredType(publication.typed) ? loadInterested(context, publication) : Promise.resolve(null),
  ]);
  return { publication, purchase, interested, publicUrl: context.get(serverContext).publicUrl };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? publicationMeta(
        loaderData.publication,
        loaderData.publicUrl,
        publicationPath(loaderData.publication._id),
      )
    : [];

export default function PublicationPage({ loaderData }: Route.ComponentProps) {
  const { publication, purchase, interested, publicUrl } = loaderData;
  const price = priceView(publication);
  const navigate = useNavigate();
  const category = getCategory(publication.typed);
  const listPath = explorePath({ what: publication.typed, labels: [], page: 1 });
  const pageUrl = absoluteUrl(publicUrl, publicationPath(publication._id));

  return (
    <Stack gap="md" component="article">
      <Anchor component={Link} to={listPath} size="sm" w="fit-content">
        <Group component="span" gap={4} wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden />
          {category.title}
        </Group>
      </Anchor>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <CategoryLabel typed={publication.typed} size="md" />
          <Group gap="xs">
            <EndedBadge ended={publication.ended} />
            <PublicationStatusBadge status={publication.status} />
          </Group>
        </Group>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {publication.title}
        </Title>
        {price && <PriceTag price={price} size="xl" />}
        <AuthorLine author={publication.createdBy} />
        {/* The author (and super users) learn how many saved it, once somebody did. */}
        {publication.favoriteCount ? <SavedByCount count={publication.favoriteCount} /> : null}
      </Stack>
      {purchase && (
        <BuyButton publicationId={publication._id} sellerId={publication.createdBy._id} options={purchase} />
      )}
      <Group gap="xs" align="flex-start">
        <AddToCartButton publication={publication} variant="button" />
        {isCalendaredType(publication.typed) && (
          <InterestToggle
            publicationId={publication._id}
            interested={publication.interested === true}
            count={publication.interestedCount ?? 0}
            size="full"
          />
        )}
        <FavoriteToggle
          publicationId={publication._id}
          saved={publication.favorite === true}
          variant="button"
        />
        <ShareButton url={pageUrl} title={publication.title} size="lg" variant="light" />
        <ReportButton
          targetType="publication"
          targetId={publication._id}
          ownerId={publication.createdBy._id}
          label={publication.title}
        />
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <PhotoGallery images={publication.files} title={publication.title} />
            <Stack gap={4} component="section" aria-labelledby="publication-description">
              <Title order={2} size="h4" id="publication-description">
                Descripción
              </Title>
              <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {publication.description}
              </Text>
            </Stack>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Stack gap={4} component="section" aria-labelledby="publication-details">
              <Title order={2} size="h4" id="publication-details">
                Detalles
              </Title>
              <PublicationFacts publication={publication} />
            </Stack>
            <OpeningHoursSection publication={publication} />
            <PublicationPlace publication={publication} />
            {isCalendaredType(publication.typed) && (
              <AddToCalendar publication={publication} pageUrl={pageUrl} />
            )}
            {interested && <InterestedMembers members={interested.members} total={interested.total} />}
            <AuthorCard author={publication.createdBy} />
            <PublicationManageActions
              publication={publication}
              variant="buttons"
              onDeleted={() => void navigate(listPath, { replace: true })}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
