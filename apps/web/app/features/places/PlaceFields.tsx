import { isApproximateByDefault, APPROXIMATE_RADIUS_M } from '@eco/domain/places/approximate';
import { COUNTRY_BOUNDS, type BoundingBox, type Point } from '@eco/domain/places/bounds';
import { cityCenter } from '@eco/domain/places/city-centers';
import { isShortMapsLink, pointFromMapsLink } from '@eco/domain/places/maps-link';
import { Button, Checkbox, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCurrentLocation, IconMap } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useAddressSearch } from '../../lib/root-data';
import { AddressSearch } from './AddressSearch';
import { BOTH_COUNTRIES } from './geo';
import { inputsOfPoint, pointOfInputs } from './place-form';
import { PlaceMap } from './PlaceMap';

/** The types whose point matters most: the form asks for it when they have an address. */
const POINT_TYPES = ['dots', 'events', 'courses'];

type PlaceValues = {
  typed: string | null;
  locationUrl: string;
  locationAddress: string;
  locationCountry: string | null;
  locationProvince: string | null;
  locationCity: string | null;
  locationLat: number | string;
  locationLng: number | string;
  locationExact: boolean;
};

type Props = {
  values: PlaceValues;
  errors: Record<string, unknown>;
  onPoint: (point: { locationLat: number | string; locationLng: number | string }) => void;
  onExactChange: (exact: boolean) => void;
  latInput: object;
  lngInput: object;
};

function frameFor(values: PlaceValues, point: Point | null): BoundingBox {
  const center = point ?? cityCenter(values.locationCity);
  if (center) {
    const d = point ? 0.01 : 0.06;
    return { minLng: center.lng - d, minLat: center.lat - d, maxLng: center.lng + d, maxLat: center.lat + d };
  }
  if (values.locationCountry === 'arg' || values.locationCountry === 'col')
    return COUNTRY_BOUNDS[values.locationCountry];
  return BOTH_COUNTRIES;
}

/**
 * Where the publication is: a pasted maps link, a tap or drag on the map, or the phone's location fill the latitude
 * and longitude inputs (named, so they are what is sent, and typed by hand where there is no map).
 */
export function PlaceFields({ values, errors, onPoint, onExactChange, latInput, lngInput }: Props) {
  const point = pointOfInputs(values.locationLat, values.locationLng);
  const [note, setNote] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  // The map (~400 KB with its worker) loads only when asked for: on a slow network the form stays light.
  const [mapShown, setMapShown] = useState(false);
  const addressSearch = useAddressSearch();
  // Raised when a found address moves the point: the map frames it even if another point was there before.
  const [found, setFound] = useState(0);
  const wanted =
    values.typed !== null && POINT_TYPES.includes(values.typed) && values.locationAddress.trim() !== '';

  // What the pasted link gave (the form reads the point from it as it changes: PublicationDetailsForm).
  const linked = pointFromMapsLink(values.locationUrl);
  const linkNote =
    linked && point && linked.lat === point.lat && linked.lng === point.lng
      ? 'Tomamos el punto del enlace del mapa.'
      : isShortMapsLink(values.locationUrl)
        ? 'Los enlaces cortos no traen el punto: abrí el enlace, copiá la dirección completa del navegador y pegala acá, o marcá el punto en el mapa.'
        : null;

  const useMyLocation = () => {
    if (!('geolocation' in navigator)) {
      setNote('Este navegador no puede darnos tu ubicación: marcá el punto en el mapa.');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onPoint(inputsOfPoint({ lat: position.coords.latitude, lng: position.coords.longitude }));
        setNote('Usamos tu ubicación actual.');
      },
      () => {
        setLocating(false);
        setNote('No pudimos obtener tu ubicación: marcá el punto en el mapa o pegá un enlace.');
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  };

  const hasPoint = point !== null;
  const frame = useMemo(
    () => frameFor(values, point),
    // Reframed when the city changes, a point arrives from a link or the location, or an address is found; not
    // while dragging.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [values.locationCity, values.locationCountry, hasPoint, found],
  );
  const picker = useMemo(
    () => ({ point, onPick: (picked: Point) => onPoint(inputsOfPoint(picked)) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [point?.lat, point?.lng, onPoint],
  );

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Punto en el mapa
        {wanted ? ' (pedido para puntos de reciclaje, eventos y cursos con dirección)' : ' (opcional)'}
      </Text>
      <Text size="xs" c="dimmed">
        {addressSearch
          ? 'Buscá la dirección que escribiste, pegá el enlace de Google Maps u OpenStreetMap arriba, elegí el punto en el mapa (tocalo o arrastrá el marcador) o usá tu ubicación.'
          : 'Pegá el enlace de Google Maps u OpenStreetMap arriba, elegí el punto en el mapa (tocalo o arrastrá el marcador) o usá tu ubicación.'}
      </Text>
      {mapShown && (
        <PlaceMap
          label="Mapa para elegir el punto (también se puede escribir la latitud y la longitud)"
          bounds={frame}
          frame={frame}
          maxZoom={16}
          picker={picker}
          height={260}
        />
      )}
      <Group gap="xs">
        {addressSearch && (
          <AddressSearch
            address={values.locationAddress}
            country={values.locationCountry}
            province={values.locationProvince}
            city={values.locationCity}
            onFound={(place) => {
              onPoint(inputsOfPoint(place));
              setFound((count) => count + 1);
              setMapShown(true);
              setNote(`Ubicamos «${place.label}». Revisá el punto en el mapa y movelo si hace falta.`);
            }}
          />
        )}
        {!mapShown && (
          <Button
            variant="light"
            size="compact-md"
            leftSection={<IconMap size={16} aria-hidden />}
            onClick={() => setMapShown(true)}
          >
            Elegir en el mapa
          </Button>
        )}
        <Button
          variant="light"
          size="compact-md"
          leftSection={<IconCurrentLocation size={16} aria-hidden />}
          onClick={useMyLocation}
          loading={locating}
        >
          Usar mi ubicación
        </Button>
        {point && (
          <Button
            variant="subtle"
            size="compact-md"
            onClick={() => onPoint({ locationLat: '', locationLng: '' })}
          >
            Quitar el punto
          </Button>
        )}
      </Group>
      {(linkNote ?? note) && (
        <Text size="sm" role="status">
          {linkNote ?? note}
        </Text>
      )}
      <SimpleGrid cols={2} spacing="sm">
        <NumberInput
          label="Latitud"
          name="locationLat"
          decimalScale={6}
          decimalSeparator="."
          hideControls
          inputMode="decimal"
          {...latInput}
          error={errors.locationLat as string | undefined}
        />
        <NumberInput
          label="Longitud"
          name="locationLng"
          decimalScale={6}
          decimalSeparator="."
          hideControls
          inputMode="decimal"
          {...lngInput}
          error={errors.locationLng as string | undefined}
        />
      </SimpleGrid>
      {values.typed !== null && isApproximateByDefault(values.typed) && (
        <Checkbox
          name="locationExact"
          label="Mostrar el lugar exacto"
          description={`Si no lo marcás, los demás ven un círculo de ${APPROXIMATE_RADIUS_M} m alrededor (tu casa no queda a la vista).`}
          checked={values.locationExact}
          onChange={(event) => onExactChange(event.currentTarget.checked)}
        />
      )}
    </Stack>
  );
}
