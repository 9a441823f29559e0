import { TIP_TITLE_LENGTH } from '@eco/domain/constants';
import { truncate } from '@eco/domain/text';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PublicationJson } from '../publications/publications';
import { absoluteUrl, coverThumbnail, THUMBNAIL_SIZE, tipPath } from '../publications/publications';
import { usePublicUrl } from '../../lib/root-data';
import { ShareButton } from '../../components/dialogs/ShareButton';
import classes from '../publications/PublicationCard.module.css';
import { PublicationImage } from '../publications/PublicationImage';
import { PublicationManageActions } from '../publications/PublicationManageActions';
import { PublicationStatusBadge } from '../publications/PublicationStatusBadge';

type TipCardProps = { tip: PublicationJson; eager?: boolean };

/** A tip in the tips list: image, title cut at 36 characters, the start of its text, 'Más' and share. */
export function TipCard({ tip, eager = false }: TipCardProps) {
  const publicUrl = usePublicUrl();
  const path = tipPath(tip._id);
  return (
    <Card withBorder padding="md" className={classes.card} component="article">
      <Card.Section className={classes.cover}>
        <Link to={path} className={classes.imageLink} tabIndex={-1} aria-hidden>
          <PublicationImage
            src={coverThumbnail(tip)}
            alt=""
            width={THUMBNAIL_SIZE.width}
            height={THUMBNAIL_SIZE.height}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className={classes.image}
          />
        </Link>
        <PublicationStatusBadge status={tip.status} className={classes.status} />
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Title order={2} size="h4" lh={1.3}>
          <Link to={path} className={classes.title} title={tip.title}>
            {truncate(tip.title, TIP_TITLE_LENGTH)}
          </Link>
        </Title>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {tip.description}
        </Text>
        <Group justify="space-between" gap={4} wrap="nowrap" className={classes.footer} pt={4}>
          <Group gap={4} wrap="nowrap">
            <Button
              component={Link}
              to={path}
              variant="light"
              size="compact-md"
              rightSection={<IconArrowRight size={16} aria-hidden />}
              aria-label={`Más sobre ${tip.title}`}
            >
              Más
            </Button>
            <ShareButton url={absoluteUrl(publicUrl, path)} title={tip.title} size="lg" />
          </Group>
          <PublicationManageActions publication={tip} variant="icons" />
        </Group>
      </Stack>
    </Card>
  );
}
