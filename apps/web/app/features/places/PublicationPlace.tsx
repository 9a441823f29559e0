import { APPROXIMATE_RADIUS_M } from '@eco/domain/places/approximate';
import type { Point } from '@eco/domain/places/bounds';
import { describeOpeningHours, openingStatus } from '@eco/domain/places/opening-hours';
import { Anchor, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { PublicationJson } from '../publications/publications';
import { directionsUrl } from './geo';
import { PlaceMap } from './PlaceMap';

/** The publication's point, or null when it has none. */
export function pointOf(publication: Pick<PublicationJson, 'locationLat' | 'locationLng'>): Point | null {
  const { locationLat: lat, locationLng: lng } = publication;
  return typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;
}

/** Roughly 1.5 km around a point: what the detail's small map frames. */
function around(point: Point, metres = 1500) {
  const dLat = metres / 111_320;
  const dLng = dLat / Math.cos((point.lat * Math.PI) / 180);
  return {
    minLng: point.lng - dLng,
    minLat: point.lat - dLat,
    maxLng: point.lng + dLng,
    maxLat: point.lat + dLat,
  };
}

/** "Abierto ahora · cierra a las 18:00" and the week's hours of a recycling point. */
export function OpeningHoursSection({ publication }: { publication: PublicationJson }) {
  const hours = publication.openingHours;
  if (!hours || hours.length === 0) return null;
  const status = openingStatus(hours, publication.locationCountry, new Date());
  return (
    <Stack gap={4} component="section" aria-labelledby="publication-hours">
      <Title order={2} size="h4" id="publication-hours">
        Horario
      </Title>
      {status && (
        // The minute may differ between the server's render and the browser's.
        <Text fw={700} c={status.open ? 'eco.8' : 'red.8'} suppressHydrationWarning>
          {status.text}
        </Text>
      )}
      <List size="sm" spacing={2} listStyleType="none">
        {describeOpeningHours(hours).map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** A small map with the point (or the circle others see) and a directions link for the phone's map app. */
export function PublicationPlace({ publication }: { publication: PublicationJson }) {
  const lat = publication.locationLat;
  const lng = publication.locationLng;
  const point = useMemo(() => pointOf({ locationLat: lat, locationLng: lng }), [lat, lng]);
  const approximate = publication.locationApproximate === true;
  const markers = useMemo(
    () =>
      point && !approximate
        ? [
            {
              kind: 'pin' as const,
              key: publication._id,
              lat: point.lat,
              lng: point.lng,
              title: publication.title,
              href: directionsUrl(point),
              lines: publication.locationAddress ? [publication.locationAddress] : [],
            },
          ]
        : [],
    [point, approximate, publication._id, publication.title, publication.locationAddress],
  );
  const circle = useMemo(
    () => (point && approximate ? { center: point, radiusM: APPROXIMATE_RADIUS_M } : null),
    [point, approximate],
  );
  if (!point) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="publication-place">
      <Title order={2} size="h4" id="publication-place">
        Dónde queda
      </Title>
      <PlaceMap
        label={`Mapa: ${publication.title}`}
        bounds={around(point)}
        maxZoom={15}
        markers={markers}
        circle={circle}
        height={220}
      />
      {approximate && (
        <Text size="sm" c="dimmed">
          Ubicación aproximada: el lugar exacto está dentro del círculo de {APPROXIMATE_RADIUS_M} m.
        </Text>
      )}
      <Group>
        <Anchor href={directionsUrl(point)} target="_blank" rel="noopener noreferrer" fw={700}>
          <Group component="span" gap={4} wrap="nowrap">
            <IconRoute size={18} aria-hidden />
            Cómo llegar
          </Group>
        </Anchor>
      </Group>
    </Stack>
  );
}
