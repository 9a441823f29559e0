import '../../styles/publication-page';
import { getCategory } from '@eco/domain/catalog/categories';
import { Anchor, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, redirect, useNavigate } from 'react-router';
import { ShareButton } from '../../components/dialogs/ShareButton';
import { BuyButton } from '../../features/deals/BuyButton';
import { loadPurchaseOptions } from '../../features/deals/purchase.server';
import { AddToCartButton } from '../../components/publications/AddToCartButton';
import { AuthorCard } from '../../components/publications/AuthorCard';
import { CategoryLabel } from '../../components/publications/CategoryLabel';
import { PhotoGallery } from '../../components/publications/PhotoGallery';
import { PublicationFacts } from '../../components/publications/PublicationFacts';
import { PublicationManageActions } from '../../components/publications/PublicationManageActions';
import { PublicationStatusBadge } from '../../components/publications/PublicationStatusBadge';
import { absoluteUrl, publicationPath, tipPath } from '../../lib/publications';
import { publicationMeta } from '../../lib/publications-meta';
import { explorePath } from '../../lib/publications-query';
import { loadPublication, loadUserRating } from '../../lib/publications.server';
import { serverContext } from '../../server-context';
import type { Route } from './+types/detail';

export async function loader({ context, params }: Route.LoaderArgs) {
  const publication = await loadPublication(context, params.id);
  // Tips are read on their own page.
  if (publication.typed === 'tips') throw redirect(tipPath(publication._id));
  const [rating, purchase] = await Promise.all([
    loadUserRating(context, publication.createdBy._id),
    loadPurchaseOptions(context, publication),
  ]);
  return { publication, rating, purchase, publicUrl: context.get(serverContext).publicUrl };
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
  const { publication, rating, purchase, publicUrl } = loaderData;
  const navigate = useNavigate();
  const category = getCategory(publication.typed);
  const listPath = explorePath({ what: publication.typed, labels: [], page: 1 });

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
          <PublicationStatusBadge status={publication.status} />
        </Group>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {publication.title}
        </Title>
      </Stack>
      {purchase && (
        <BuyButton publicationId={publication._id} sellerId={publication.createdBy._id} options={purchase} />
      )}
      <Group gap="xs" align="flex-start">
        <AddToCartButton publication={publication} variant="button" />
        <ShareButton
          url={absoluteUrl(publicUrl, publicationPath(publication._id))}
          title={publication.title}
          size="lg"
          variant="light"
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
            <AuthorCard author={publication.createdBy} rating={rating} />
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
