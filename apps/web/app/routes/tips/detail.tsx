import { Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, redirect, useNavigate } from 'react-router';
import { ShareButton } from '../../components/dialogs/ShareButton';
import { PublicationImage } from '../../features/publications/PublicationImage';
import { PublicationManageActions } from '../../features/publications/PublicationManageActions';
import { PublicationStatusBadge } from '../../features/publications/PublicationStatusBadge';
import classes from '../../features/tips/TipPage.module.css';
import { formatDate } from '../../lib/format';
import { absoluteUrl, IMAGE_SIZE, publicationPath, tipPath } from '../../features/publications/publications';
import { publicationMeta } from '../../features/publications/publications-meta';
import { explorePath } from '../../features/publications/publications-query';
import { loadPublication } from '../../features/publications/publications.server';
import { serverContext } from '../../server-context';
import type { Route } from './+types/detail';

const TIPS_PATH = explorePath({ what: 'tips', labels: [], page: 1 });

export async function loader({ context, params }: Route.LoaderArgs) {
  const tip = await loadPublication(context, params.id);
  // Any other publication has its own page.
  if (tip.typed !== 'tips') throw redirect(publicationPath(tip._id));
  return { tip, publicUrl: context.get(serverContext).publicUrl };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? publicationMeta(loaderData.tip, loaderData.publicUrl, tipPath(loaderData.tip._id)) : [];

export default function TipPage({ loaderData }: Route.ComponentProps) {
  const { tip, publicUrl } = loaderData;
  const navigate = useNavigate();

  return (
    <Container size="sm" px={0}>
      <Stack gap="md" component="article">
        <Anchor component={Link} to={TIPS_PATH} size="sm" w="fit-content">
          <Group component="span" gap={4} wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden />
            Consejos
          </Group>
        </Anchor>
        <Stack gap={6}>
          <PublicationStatusBadge status={tip.status} />
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {tip.title}
          </Title>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              <time dateTime={tip.createdAt}>{formatDate(tip.createdAt, tip.locationCountry)}</time>
            </Text>
            <ShareButton
              url={absoluteUrl(publicUrl, tipPath(tip._id))}
              title={tip.title}
              size="lg"
              variant="light"
            />
          </Group>
        </Stack>
        <PublicationImage
          src={tip.files[0]?.url}
          alt={tip.title}
          width={IMAGE_SIZE.width}
          height={IMAGE_SIZE.height}
          fetchPriority="high"
          className={classes.image}
        />
        <Text size="lg" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {tip.description}
        </Text>
        <PublicationManageActions
          publication={tip}
          variant="buttons"
          onDeleted={() => void navigate(TIPS_PATH, { replace: true })}
        />
      </Stack>
    </Container>
  );
}
