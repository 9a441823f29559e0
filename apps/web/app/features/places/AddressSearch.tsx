import { GEOCODE_QUERY_MIN, type GeocodedPlace } from '@eco/domain/places/geocode';
import { Button, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { apiRequest, errorMessage } from '../../lib/api-client';
import classes from './AddressSearch.module.css';

type Props = {
  address: string;
  country: string | null;
  province: string | null;
  city: string | null;
  /** A candidate chosen (or the only one found): the form takes its point and shows it on the map. */
  onFound: (place: GeocodedPlace) => void;
};

type State =
  | { step: 'idle' }
  | { step: 'searching' }
  /** For the address and place they were found for: a change makes them stale (not shown). */
  | { step: 'candidates'; places: GeocodedPlace[]; asked: string }
  | { step: 'said'; message: string };

/**
 * "Buscar la dirección": the typed address to candidate points through the site's geocoder (decision 050), shown
 * only where one is configured. Several candidates are listed to choose from; the chosen point lands on the map,
 * where the person checks it and drags it if needed. Nothing is decided without them.
 */
export function AddressSearch({ address, country, province, city, onFound }: Props) {
  const [state, setState] = useState<State>({ step: 'idle' });
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);
  const listId = useId();
  const asked = `${address.trim()}|${country}|${province}|${city}`;

  const ready = address.trim().length >= GEOCODE_QUERY_MIN && country !== null;

  async function search() {
    if (!ready) {
      setState({
        step: 'said',
        message:
          country === null
            ? 'Elegí el país (y mejor también la provincia y la ciudad) para buscar la dirección.'
            : 'Escribí la dirección (calle y altura) para buscarla.',
      });
      return;
    }
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setState({ step: 'searching' });
    const params = new URLSearchParams({ q: address.trim(), country });
    if (province) params.set('province', province);
    if (city) params.set('city', city);
    try {
      const { places } = await apiRequest<{ places: GeocodedPlace[] }>(`/api/places/search?${params}`, {
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      if (places.length === 0) {
        setState({
          step: 'said',
          message:
            'No encontramos esa dirección. Probá con la calle y la altura, o marcá el punto en el mapa o con un enlace.',
        });
      } else if (places.length === 1) {
        setState({ step: 'idle' });
        onFound(places[0]!);
      } else {
        setState({ step: 'candidates', places, asked });
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ step: 'said', message: errorMessage(error) });
    }
  }

  function choose(place: GeocodedPlace) {
    setState({ step: 'idle' });
    onFound(place);
  }

  return (
    <>
      <Button
        variant="light"
        size="compact-md"
        leftSection={<IconSearch size={16} aria-hidden />}
        onClick={() => void search()}
        loading={state.step === 'searching'}
      >
        Buscar la dirección
      </Button>
      {state.step === 'said' && (
        <Text size="sm" role="status" w="100%">
          {state.message}
        </Text>
      )}
      {state.step === 'candidates' && state.asked === asked && (
        <Stack gap={6} w="100%">
          <Text size="sm" role="status" id={listId}>
            Encontramos {state.places.length} lugares: elegí el que corresponde.
          </Text>
          <ul className={classes.candidates} aria-labelledby={listId}>
            {state.places.map((place) => (
              <li key={`${place.lat},${place.lng}`}>
                <UnstyledButton className={classes.candidate} onClick={() => choose(place)}>
                  <Text size="sm">{place.label}</Text>
                </UnstyledButton>
              </li>
            ))}
          </ul>
        </Stack>
      )}
    </>
  );
}
