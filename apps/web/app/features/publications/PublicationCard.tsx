import { CARD_DESCRIPTION_LENGTH, CARD_TITLE_LENGTH } from '@eco/domain/constants';
import { truncate } from '@eco/domain/text';
import { relativeWhen } from '@eco/domain/dates/agenda-ranges';
import { timeZoneOf } from '@eco/domain/dates/time-zones';
import { findCity } from '@eco/domain/catalog/cities';
import { isCalendaredType } from '@eco/domain/catalog/listing-types';
import { formatDistance } from '@eco/domain/places/distance';
import { openingStatus } from '@eco/domain/places/opening-hours';
import { ActionIcon, Anchor, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCalendarEvent, IconClockHour4, IconMapPin, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PublicationJson } from './publications';
import { coverThumbnail, publicationPath, THUMBNAIL_SIZE, userPath } from './publications';
import { iconTip } from '../../components/icon-tip';
import { formatDate } from '../../lib/format';
import { FavoriteToggle } from '../favorites/FavoriteToggle';
import { InterestToggle } from '../interests/InterestToggle';
import { AuthorRating } from '../ratings/AuthorRating';
import { AddToCartButton } from './AddToCartButton';
import { cardPrice, showsDate } from './price';
import { PriceTag } from './PriceTag';
import { CategoryLabel } from './CategoryLabel';
import classes from './PublicationCard.module.css';
import { PublicationImage } from './PublicationImage';
import { PublicationManageActions } from './PublicationManageActions';
import { PublicationStatusBadge } from './PublicationStatusBadge';

type PublicationCardProps = {
  publication: PublicationJson;
  /** Cards of the first row load their image at once; the others when they come near the screen. */
  eager?: boolean;
  /** Whether the signed-in member saved it (the list is the same for everybody: the page asks apart). */
  saved?: boolean;
  /** Whether the signed-in member marked "Me interesa" (events and courses; asked apart, like `saved`). */
  interested?: boolean;
  /** The minute (ISO) the list was computed for: its events and courses also say when relative to it. */
  asOf?: string | undefined;
};

/** A publication in a list: cover, status, category, short title and description, author, cart, saving, management. */
export function PublicationCard({
  publication,
  eager = false,
  saved = false,
  interested = false,
  asOf,
}: PublicationCardProps) {
  const path = publicationPath(publication._id);
  const author = publication.createdBy;
  const price = cardPrice(publication);
  const dated = showsDate(publication);
  const city = publication.locationCity ? findCity(publication.locationCity)?.name : undefined;
  // Said from the list's own minute, never the clock of the server or the browser: the same text on both.
  const relative =
    dated && publication.calendaredAt && asOf
      ? relativeWhen(
          publication.calendaredAt,
          publication.calendaredUntil,
          timeZoneOf(publication.locationCountry),
          new Date(asOf),
        )
      : null;
  const distance = typeof publication.distanceKm === 'number' ? formatDistance(publication.distanceKm) : null;
  const opening =
    publication.typed === 'dots'
      ? openingStatus(
          publication.openingHours,
          publication.locationCountry,
          asOf ? new Date(asOf) : new Date(),
        )
      : null;
  return (
    <Card withBorder padding="md" className={classes.card} component="article">
      <Card.Section className={classes.cover}>
        <Link to={path} className={classes.imageLink} tabIndex={-1} aria-hidden>
          <PublicationImage
            src={coverThumbnail(publication)}
            alt=""
            width={THUMBNAIL_SIZE.width}
            height={THUMBNAIL_SIZE.height}
            loading={eager ? 'eager' : 'lazy'}
            // The first row holds the largest paint of the list: ask for it before the other images.
            fetchPriority={eager ? 'high' : 'auto'}
            decoding="async"
            className={classes.image}
          />
        </Link>
        <PublicationStatusBadge status={publication.status} className={classes.status} />
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <CategoryLabel typed={publication.typed} />
        <Title order={2} size="h4" lh={1.3}>
          <Link to={path} className={classes.title} title={publication.title}>
            {truncate(publication.title, CARD_TITLE_LENGTH)}
          </Link>
        </Title>
        <Text size="sm" c="dimmed">
          {truncate(publication.description, CARD_DESCRIPTION_LENGTH)}
        </Text>
        {price && <PriceTag price={price} />}
        {(city || dated || distance) && (
          <Group gap="sm" c="dark.6">
            {(city || distance) && (
              <Group gap={4} wrap="nowrap">
                <IconMapPin size={14} aria-hidden />
                <Text size="xs">
                  {city}
                  {city && distance && ' · '}
                  {distance && <strong>{distance}</strong>}
                </Text>
              </Group>
            )}
            {dated && publication.calendaredAt && (
              <Group gap={4} wrap="nowrap">
                <IconCalendarEvent size={14} aria-hidden />
                <Text size="xs">
                  <VisuallyHidden>Fecha: </VisuallyHidden>
                  {formatDate(publication.calendaredAt, publication.locationCountry)}
                  {relative && <strong className={classes.relative}> · {relative}</strong>}
                </Text>
              </Group>
            )}
          </Group>
        )}
        {opening && (
          <Group gap={4} wrap="nowrap" c={opening.open ? 'eco.8' : 'red.8'}>
            <IconClockHour4 size={14} aria-hidden />
            {/* Said at the browser's minute after the server's: the text may differ at a boundary. */}
            <Text size="xs" fw={700} suppressHydrationWarning>
              {opening.text}
            </Text>
          </Group>
        )}
        {isCalendaredType(publication.typed) && (
          <Group>
            <InterestToggle
              publicationId={publication._id}
              interested={interested}
              count={publication.interestedCount ?? 0}
              size="compact"
            />
          </Group>
        )}
        <Group gap={6} wrap="wrap">
          <Text size="sm">
            Por{' '}
            <Anchor component={Link} to={userPath(author._id)} fw={600} underline="always">
              {author.name}
            </Anchor>
          </Text>
          <AuthorRating rating={author.rating} />
        </Group>
        <Group justify="space-between" gap={4} wrap="nowrap" className={classes.footer} pt={4}>
          <Group gap={4} wrap="nowrap">
            <AddToCartButton publication={publication} variant="icon" />
            <FavoriteToggle publicationId={publication._id} saved={saved} variant="icon" />
            <ActionIcon
              component={Link}
              to={userPath(author._id)}
              variant="light"
              size="lg"
              {...iconTip(`Ver perfil de ${author.name}`, 'start')}
            >
              <IconUserCircle size={20} aria-hidden />
            </ActionIcon>
          </Group>
          <PublicationManageActions publication={publication} variant="icons" />
        </Group>
      </Stack>
    </Card>
  );
}
