import 'maplibre-gl/dist/maplibre-gl.css';
import type { BoundingBox, Point } from '@eco/domain/places/bounds';
import {
  LngLatBounds,
  Map as MapLibreMap,
  Marker,
  NavigationControl,
  Popup,
  setWorkerUrl,
} from 'maplibre-gl';
import type { GeoJSONSource } from 'maplibre-gl';
// The worker is a file of this origin (hashed, CSP 'self'), not a blob: the policy needs no worker-src blob:.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import outlinesUrl from './outlines.geojson?url';
import { circlePolygon } from './geo';
import { offlineStyle } from './map-style';
import type { MapMarker, MapView } from './map-types';

// MapLibre behind a small imperative handle, loaded by PlaceMap only after the page has painted: the pages that
// show no map never download it.

setWorkerUrl(workerUrl);

export type MapHandle = {
  setMarkers(markers: readonly MapMarker[]): void;
  setCircle(circle: { center: Point; radiusM: number } | null): void;
  /** A draggable marker that a tap on the map moves; null removes it. */
  setPicker(point: Point | null, onPick?: (point: Point) => void): void;
  view(): MapView;
  fit(box: BoundingBox, maxZoom?: number, padding?: number): void;
  destroy(): void;
};

export type CreateMapOptions = {
  container: HTMLElement;
  styleUrl: string | null;
  bounds: BoundingBox;
  maxZoom?: number;
  /** Space kept around the framed area, in pixels (0: exactly that area, as explore's first paint drew it). */
  padding?: number;
  onView?: (view: MapView) => void;
};

const CIRCLE_SOURCE = 'approximate-circle';
// Wide enough for explore's 4:3 box around both countries (about 120° of longitude), which the first paint shows:
// a tighter limit would make MapLibre zoom in on load and move every marker.
const MAX_BOUNDS: [number, number, number, number] = [-145, -72, 10, 32];
/** MapLibre's own labels, in the site's language. */
const SPANISH = {
  'Map.Title': 'Mapa',
  'NavigationControl.ZoomIn': 'Acercar',
  'NavigationControl.ZoomOut': 'Alejar',
  'Marker.Title': 'Marcador',
  'Popup.Close': 'Cerrar la vista previa',
  'AttributionControl.ToggleAttribution': 'Ver créditos del mapa',
  'CooperativeGesturesHandler.WindowsHelpText': 'Usá Ctrl + rueda para acercar el mapa',
  'CooperativeGesturesHandler.MacHelpText': 'Usá ⌘ + rueda para acercar el mapa',
  'CooperativeGesturesHandler.MobileHelpText': 'Usá dos dedos para mover el mapa',
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function boundsOf(box: BoundingBox): LngLatBounds {
  return new LngLatBounds([box.minLng, box.minLat], [box.maxLng, box.maxLat]);
}

function markerElement(marker: MapMarker): HTMLElement {
  const button = document.createElement('button');
  button.type = 'button';
  if (marker.kind === 'cluster') {
    button.className = 'eco-map-cluster';
    button.textContent = String(marker.count);
    button.setAttribute('aria-label', `${marker.count} anuncios aquí: acercar`);
  } else {
    button.className = 'eco-map-pin';
    button.setAttribute('aria-label', marker.title);
  }
  return button;
}

function previewElement(marker: Extract<MapMarker, { kind: 'pin' }>): HTMLElement {
  const card = document.createElement('div');
  card.className = 'eco-map-preview';
  const link = document.createElement('a');
  link.href = marker.href;
  link.textContent = marker.title;
  card.append(link);
  for (const line of marker.lines ?? []) {
    const text = document.createElement('p');
    text.textContent = line;
    card.append(text);
  }
  return card;
}

export function createMap({
  container,
  styleUrl,
  bounds,
  maxZoom = 16,
  padding = 24,
  onView,
}: CreateMapOptions): MapHandle {
  const offline = offlineStyle(new URL(outlinesUrl, window.location.href).href);
  const map = new MapLibreMap({
    container,
    style: styleUrl ?? offline,
    bounds: boundsOf(bounds),
    fitBoundsOptions: { padding, maxZoom },
    attributionControl: styleUrl ? { compact: true } : false,
    // Around both countries: no world copies, and every visible area is one the API can answer.
    maxBounds: MAX_BOUNDS,
    minZoom: 1,
    renderWorldCopies: false,
    locale: SPANISH,
    dragRotate: false,
    pitchWithRotate: false,
    touchPitch: false,
  });
  map.touchZoomRotate.disableRotation();
  map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
  // A configured style that cannot be reached (offline, blocked): the outlines still draw.
  let fellBack = styleUrl === null;
  map.on('error', (event) => {
    if (fellBack || map.isStyleLoaded()) return;
    fellBack = true;
    console.warn('Map style unavailable, drawing the outlines only', event.error);
    map.setStyle(offline);
  });

  let markers: Marker[] = [];
  let circle: { center: Point; radiusM: number } | null = null;
  let picker: Marker | null = null;
  let pick: ((point: Point) => void) | undefined;

  const view = (): MapView => {
    const box = map.getBounds();
    return {
      bbox: {
        minLng: clamp(box.getWest(), -180, 180),
        minLat: clamp(box.getSouth(), -90, 90),
        maxLng: clamp(box.getEast(), -180, 180),
        maxLat: clamp(box.getNorth(), -90, 90),
      },
      zoom: map.getZoom(),
    };
  };

  const drawCircle = () => {
    if (!map.isStyleLoaded()) return;
    const data = {
      type: 'FeatureCollection' as const,
      features: circle
        ? [
            {
              type: 'Feature' as const,
              properties: {},
              geometry: {
                type: 'Polygon' as const,
                coordinates: [circlePolygon(circle.center, circle.radiusM)],
              },
            },
          ]
        : [],
    };
    const source = map.getSource<GeoJSONSource>(CIRCLE_SOURCE);
    if (source) {
      source.setData(data);
      return;
    }
    map.addSource(CIRCLE_SOURCE, { type: 'geojson', data });
    map.addLayer({
      id: `${CIRCLE_SOURCE}-fill`,
      type: 'fill',
      source: CIRCLE_SOURCE,
      paint: { 'fill-color': '#2f7d4f', 'fill-opacity': 0.18 },
    });
    map.addLayer({
      id: `${CIRCLE_SOURCE}-line`,
      type: 'line',
      source: CIRCLE_SOURCE,
      paint: { 'line-color': '#2f7d4f', 'line-width': 2 },
    });
  };
  // A new style (the fallback) drops the layers added to the old one.
  map.on('style.load', drawCircle);
  map.on('moveend', () => onView?.(view()));
  map.on('load', () => onView?.(view()));
  map.on('click', (event) => {
    if (!pick) return;
    const point = { lat: event.lngLat.lat, lng: event.lngLat.lng };
    picker?.setLngLat(event.lngLat);
    pick(point);
  });

  return {
    setMarkers(next) {
      for (const marker of markers) marker.remove();
      markers = next.map((item) => {
        const element = markerElement(item);
        const marker = new Marker({ element }).setLngLat([item.lng, item.lat]);
        if (item.kind === 'cluster') {
          element.addEventListener('click', (event) => {
            event.stopPropagation();
            map.easeTo({ center: [item.lng, item.lat], zoom: Math.min(map.getZoom() + 3, maxZoom) });
          });
        } else {
          marker.setPopup(
            new Popup({ offset: 16, closeButton: true, maxWidth: '260px' }).setDOMContent(
              previewElement(item),
            ),
          );
        }
        return marker.addTo(map);
      });
    },
    setCircle(next) {
      circle = next;
      drawCircle();
    },
    setPicker(point, onPick) {
      pick = onPick;
      if (point === null) {
        picker?.remove();
        picker = null;
        return;
      }
      if (!picker) {
        picker = new Marker({ draggable: true, color: '#2f7d4f' })
          .setLngLat([point.lng, point.lat])
          .addTo(map);
        picker.getElement().setAttribute('aria-label', 'Punto elegido');
        picker.on('dragend', () => {
          const { lat, lng } = picker?.getLngLat() ?? { lat: point.lat, lng: point.lng };
          pick?.({ lat, lng });
        });
      } else {
        picker.setLngLat([point.lng, point.lat]);
      }
    },
    view,
    fit(box, zoom = maxZoom, space = padding) {
      map.fitBounds(boundsOf(box), { padding: space, maxZoom: zoom, duration: 0 });
    },
    destroy() {
      map.remove();
    },
  };
}
