import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import type { PublicationJson } from '../publications/publications';
import { coverThumbnail, readingPath, THUMBNAIL_SIZE } from '../publications/publications';
import { CategoryLabel } from '../publications/CategoryLabel';
import { PublicationImage } from '../publications/PublicationImage';
import { PublicationManageActions } from '../publications/PublicationManageActions';
import { PublicationStatusBadge } from '../publications/PublicationStatusBadge';
import classes from './MyPublicationRow.module.css';

type MyPublicationRowProps = { publication: PublicationJson; onDeleted: () => void };

/** One of the user's publications: image, title, category, status and date, with its edit and delete actions. */
export function MyPublicationRow({ publication, onDeleted }: MyPublicationRowProps) {
  const titleId = useId();
  return (
    <Paper component="article" withBorder p="sm" aria-labelledby={titleId} className={classes.row}>
      <PublicationImage
        src={coverThumbnail(publication)}
        alt=""
        width={THUMBNAIL_SIZE.width}
        height={THUMBNAIL_SIZE.height}
        loading="lazy"
        className={classes.image}
      />
      <Stack gap={4} className={classes.text}>
        <Anchor
          component={Link}
          to={readingPath(publication)}
          id={titleId}
          fw={700}
          c="var(--mantine-color-text)"
          className={classes.title}
          lineClamp={2}
        >
          {publication.title}
        </Anchor>
        <CategoryLabel typed={publication.typed} />
        <Group gap="xs">
          <PublicationStatusBadge status={publication.status} />
          <Text size="xs" c="dimmed">
            Creado el{' '}
            <time dateTime={publication.createdAt}>
              {formatDate(publication.createdAt, publication.locationCountry)}
            </time>
          </Text>
        </Group>
        {publication.status === 0 && publication.reviewNote && (
          <Text size="sm" c="orange.8">
            Motivo de la revisión: {publication.reviewNote}
          </Text>
        )}
      </Stack>
      <div className={classes.actions}>
        <PublicationManageActions publication={publication} variant="icons" onDeleted={onDeleted} />
      </div>
    </Paper>
  );
}
