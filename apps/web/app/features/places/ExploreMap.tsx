import { COUNTRY_BOUNDS, type BoundingBox } from '@eco/domain/places/bounds';
import { cityCenter } from '@eco/domain/places/city-centers';
import { findCity } from '@eco/domain/catalog/cities';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { formatNumber } from '../../lib/format';
import { publicationPath } from '../publications/publications';
import type { ExploreQuery } from '../publications/publications-query';
import { apiMapSearch, explorePath } from '../publications/publications-query';
import { BOTH_COUNTRIES, formatBbox, readBbox } from './geo';
import type { MapMarker, MapView } from './map-types';
import { PlaceMap } from './PlaceMap';

/** GET /api/publications/map's answer. */
type MapAnswer = {
  total: number;
  clusters: Array<{ lat: number; lng: number; count: number }>;
  pins: Array<{
    _id: string;
    title: string;
    lat: number;
    lng: number;
    approximate: boolean;
    locationCity: string | null;
  }>;
};

/** What the map frames first: the searched area, the chosen city, the chosen country, or both countries. */
export function initialFrame(query: ExploreQuery): BoundingBox {
  const bbox = readBbox(query.bbox ?? null);
  if (bbox) return bbox;
  const center = cityCenter(query.city);
  if (center) {
    const d = 0.12;
    return { minLng: center.lng - d, minLat: center.lat - d, maxLng: center.lng + d, maxLat: center.lat + d };
  }
  if (query.country === 'arg' || query.country === 'col') return COUNTRY_BOUNDS[query.country];
  return BOTH_COUNTRIES;
}

/** The answer as markers: counts where publications crowd, pins with a preview where they stand alone. */
export function mapMarkers(answer: MapAnswer): MapMarker[] {
  return [
    ...answer.clusters.map((cluster) => ({
      kind: 'cluster' as const,
      key: `c:${cluster.lat},${cluster.lng}`,
      ...cluster,
    })),
    ...answer.pins.map((pin) => ({
      kind: 'pin' as const,
      key: pin._id,
      lat: pin.lat,
      lng: pin.lng,
      title: pin.title,
      href: publicationPath(pin._id),
      lines: [
        pin.locationCity ? (findCity(pin.locationCity)?.name ?? '') : '',
        pin.approximate ? 'Ubicación aproximada' : '',
      ].filter(Boolean),
    })),
  ];
}

/**
 * The map view of explore: the same criteria as the list, fetched for the visible area after each pan or zoom.
 * "Buscar en esta zona" narrows the list (under the map) to that area.
 */
export function ExploreMap({ query, superUser }: { query: ExploreQuery; superUser: boolean }) {
  const navigate = useNavigate();
  const [markers, setMarkers] = useState<MapMarker[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [view, setView] = useState<MapView | null>(null);
  const request = useRef(0);
  const lastView = useRef<MapView | null>(null);
  const frame = useMemo(() => initialFrame(query), [query]);

  const load = useCallback(
    (next: MapView) => {
      lastView.current = next;
      setView(next);
      const ticket = ++request.current;
      const search = apiMapSearch(
        query,
        { bbox: formatBbox(next.bbox), zoom: next.zoom },
        { isSuperUser: superUser },
      );
      apiRequest<MapAnswer>(`/api/publications/map?${search}`)
        .then((answer) => {
          if (ticket !== request.current) return;
          setProblem(null);
          setTotal(answer.total);
          setMarkers(mapMarkers(answer));
        })
        .catch((error: unknown) => {
          if (ticket === request.current) setProblem(errorMessage(error));
        });
    },
    [query, superUser],
  );

  // New criteria: ask again for the area in view.
  useEffect(() => {
    if (lastView.current) load(lastView.current);
  }, [load]);

  const searchHere = () => {
    if (!view) return;
    void navigate(explorePath({ ...query, bbox: formatBbox(view.bbox), page: 1 }), {
      preventScrollReset: true,
    });
  };

  return (
    <Stack gap="xs">
      <PlaceMap
        label="Mapa de los resultados (los mismos están en la lista de abajo)"
        bounds={frame}
        frame={frame}
        markers={markers}
        onView={load}
        height="min(60vh, 480px)"
      />
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite">
          {total === null ? '' : `${formatNumber(total)} con ubicación en esta zona del mapa`}
        </Text>
        <Button
          type="button"
          variant="light"
          size="compact-md"
          leftSection={<IconSearch size={16} aria-hidden />}
          onClick={searchHere}
          disabled={!view}
        >
          Buscar en esta zona
        </Button>
      </Group>
      {problem && (
        <Text size="sm" c="red.8" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
