import { cityCenter } from '@eco/domain/places/city-centers';
import { findCity } from '@eco/domain/catalog/cities';
import { Button, Group, Text } from '@mantine/core';
import { IconClockHour4, IconCurrentLocation, IconList, IconMap } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ExploreQuery } from '../publications/publications-query';
import { explorePath } from '../publications/publications-query';
import { formatPoint as formatNear } from './geo';

// The explore page's place tools. Every one is a link first (it works before scripts and without them); "Cerca de
// mí" asks for the person's location only when tapped.

/** Lista / Mapa: the same criteria, shown as cards or on a map (with the cards under it). */
export function ViewSwitch({ query }: { query: ExploreQuery }) {
  const map = query.view === 'map';
  return (
    <Group gap={4} role="group" aria-label="Ver como">
      <Button
        component={Link}
        to={explorePath({ ...query, view: undefined, page: 1 })}
        variant={map ? 'default' : 'filled'}
        size="compact-md"
        leftSection={<IconList size={16} aria-hidden />}
        aria-current={map ? undefined : 'page'}
        preventScrollReset
      >
        Lista
      </Button>
      <Button
        component={Link}
        to={explorePath({ ...query, view: 'map', page: 1 })}
        variant={map ? 'filled' : 'default'}
        size="compact-md"
        leftSection={<IconMap size={16} aria-hidden />}
        aria-current={map ? 'page' : undefined}
        preventScrollReset
      >
        Mapa
      </Button>
    </Group>
  );
}

/** "Abierto ahora": recycling points open at this moment (a link that toggles the filter). */
export function OpenNowToggle({ query }: { query: ExploreQuery }) {
  if (query.what !== 'dots') return null;
  return (
    <Button
      component={Link}
      to={explorePath({ ...query, open: query.open ? undefined : true, page: 1 })}
      variant={query.open ? 'filled' : 'default'}
      size="compact-md"
      leftSection={<IconClockHour4 size={16} aria-hidden />}
      // A link cannot be pressed: the filter's chip above also says it is on.
      aria-current={query.open ? 'true' : undefined}
      preventScrollReset
    >
      Abierto ahora
    </Button>
  );
}

/** Where the browser's location could not be had: the reason, in Spanish. */
function locationProblem(error: GeolocationPositionError | null): string {
  if (error?.code === 1) return 'No nos diste permiso para ver tu ubicación.';
  return 'No pudimos obtener tu ubicación.';
}

/**
 * "Cerca de mí": nearest first, from the person's location (asked on this tap only) or, without it, from the center
 * of the chosen city. Without scripts it is a link to the city's center when one is chosen.
 */
export function NearMeButton({ query }: { query: ExploreQuery }) {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const center = cityCenter(query.city);
  const cityName = query.city ? findCity(query.city)?.name : undefined;
  const centerPath = center ? explorePath({ ...query, near: formatNear(center), page: 1 }) : null;

  const locate = () => {
    setProblem(null);
    if (!('geolocation' in navigator)) {
      if (centerPath) void navigate(centerPath, { preventScrollReset: true });
      else setProblem(locationProblem(null));
      return;
    }
    setAsking(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setAsking(false);
        const near = formatNear({ lat: position.coords.latitude, lng: position.coords.longitude });
        void navigate(explorePath({ ...query, near, page: 1 }), { preventScrollReset: true });
      },
      (error) => {
        setAsking(false);
        if (centerPath) void navigate(centerPath, { preventScrollReset: true });
        else setProblem(`${locationProblem(error)} Elegí una ciudad para ordenar desde su centro.`);
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  };

  return (
    <>
      <Button
        type="button"
        variant={query.near ? 'filled' : 'default'}
        size="compact-md"
        leftSection={<IconCurrentLocation size={16} aria-hidden />}
        onClick={locate}
        loading={asking}
      >
        Cerca de mí
      </Button>
      {centerPath && cityName && (
        <Button component={Link} to={centerPath} variant="subtle" size="compact-md" preventScrollReset>
          Desde el centro de {cityName}
        </Button>
      )}
      {problem && (
        <Text size="sm" c="red.8" role="alert" w="100%">
          {problem}
        </Text>
      )}
    </>
  );
}
