import { findCity } from '@eco/domain/catalog/cities';
import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowsMove, IconSearch } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { formatNumber } from '../../lib/format';
import { useHydrated } from '../../lib/forms/use-hydrated';
import { publicationPath } from '../publications/publications';
import type { ExploreQuery } from '../publications/publications-query';
import { apiMapSearch, explorePath } from '../publications/publications-query';
import { formatBbox } from './geo';
import { MapPreview } from './MapPreview';
import type { MapAnswer, MapFirstState, MapMarker, MapView } from './map-types';
import { PlaceMap } from './PlaceMap';
import classes from './PlaceMap.module.css';

const LABEL = 'Mapa de los resultados (los mismos están en la lista de abajo)';

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
 * The map view of explore. The server draws its first state (MapPreview: outlines, groups and pins as links); the
 * interactive map (MapLibre, ~450 KB gzip with its worker) loads over it at the same size only when the person
 * starts moving the map or taps "Mover el mapa", then fetches the visible area after each pan or zoom (decision 043).
 * "Buscar en esta zona" narrows the list (under the map) to the area in view.
 */
export function ExploreMap({
  query,
  superUser,
  firstState,
}: {
  query: ExploreQuery;
  superUser: boolean;
  firstState: MapFirstState;
}) {
  const [interactive, setInteractive] = useState(false);
  const hydrated = useHydrated();
  const [markers, setMarkers] = useState<MapMarker[]>(() =>
    firstState.answer ? mapMarkers(firstState.answer) : [],
  );
  const [total, setTotal] = useState<number | null>(firstState.answer?.total ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  const [view, setView] = useState<MapView | null>(null);
  const request = useRef(0);
  const lastView = useRef<MapView | null>(null);
  const frame = firstState.bbox;

  // A new first state (other criteria, a group's area): the server's answer until the map asks for its own.
  const [shownState, setShownState] = useState(firstState);
  if (shownState !== firstState) {
    setShownState(firstState);
    setTotal(firstState.answer?.total ?? null);
    if (!view) setMarkers(firstState.answer ? mapMarkers(firstState.answer) : []);
  }

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

  // A tap on the map itself (not on a marker's link) means the person wants to move it; a scroll that starts on
  // the map is only scrolling the page and downloads nothing.
  const startOnTap = (event: MouseEvent<HTMLElement>) => {
    if (!(event.target instanceof Element) || !event.target.closest('a')) setInteractive(true);
  };
  const preview = <MapPreview query={query} state={firstState} />;

  return (
    <Stack gap="xs">
      {interactive ? (
        <PlaceMap
          label={LABEL}
          bounds={frame}
          frame={frame}
          padding={0}
          markers={markers}
          onView={load}
          className={classes.explore}
          fallback={preview}
          focusOnReady
        />
      ) : (
        <Box
          className={`${classes.frame} ${classes.explore}`}
          role="region"
          aria-label={LABEL}
          data-map-state="preview"
          onClick={startOnTap}
        >
          {preview}
          {hydrated && (
            <div className={classes.start}>
              <Button
                type="button"
                variant="white"
                size="compact-md"
                leftSection={<IconArrowsMove size={16} aria-hidden />}
                onClick={() => setInteractive(true)}
              >
                Mover el mapa
              </Button>
            </div>
          )}
        </Box>
      )}
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite">
          {total === null ? '' : `${formatNumber(total)} con ubicación en esta zona del mapa`}
        </Text>
        <Button
          component={Link}
          to={explorePath({ ...query, bbox: formatBbox(view?.bbox ?? frame), page: 1 })}
          variant="light"
          size="compact-md"
          leftSection={<IconSearch size={16} aria-hidden />}
          preventScrollReset
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
