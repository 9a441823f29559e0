import type { RouterContextProvider } from 'react-router';
import { readApiResponse } from '../../lib/api-client';
import { serverContext } from '../../server-context';
import type { ExploreQuery } from '../publications/publications-query';
import { apiMapSearch } from '../publications/publications-query';
import { formatBbox } from './geo';
import { initialFrame } from './map-frame';
import type { MapAnswer, MapFirstState } from './map-types';
import { mapWindow, windowZoom } from './mercator';

/**
 * The map view's first state for the page's loader: the area the map box shows and GET /api/publications/map's
 * groups and pins in it, so the server draws them without scripts (decision 043). A refused or failed answer
 * leaves the outlines alone; the list under the map says what went wrong.
 */
export async function loadMapFirstState(
  context: Readonly<RouterContextProvider>,
  query: ExploreQuery,
  isSuperUser: boolean,
): Promise<MapFirstState> {
  const { api } = context.get(serverContext);
  const area = mapWindow(initialFrame(query));
  const zoom = windowZoom(area);
  const search = apiMapSearch(query, { bbox: formatBbox(area.bbox), zoom }, { isSuperUser });
  try {
    const answer = await readApiResponse<MapAnswer>(await api(`/api/publications/map?${search}`));
    return { bbox: area.bbox, zoom, answer };
  } catch {
    return { bbox: area.bbox, zoom, answer: null };
  }
}
