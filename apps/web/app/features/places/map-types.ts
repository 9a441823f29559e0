import type { BoundingBox } from '@eco/domain/places/bounds';

/** What a map shows: a count of nearby publications (zoomed out) or one publication with its preview. */
export type MapMarker =
  | { kind: 'cluster'; key: string; lat: number; lng: number; count: number }
  | {
      kind: 'pin';
      key: string;
      lat: number;
      lng: number;
      title: string;
      href: string;
      /** The preview card's lines under its title: the place, the distance, "Abierto ahora · …". */
      lines?: string[];
    };

/** The visible area and zoom of a map after it moved. */
export type MapView = { bbox: BoundingBox; zoom: number };

/** GET /api/publications/map's answer: groups where publications crowd, pins where they stand alone. */
export type MapAnswer = {
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

/** The map view's first state, read by the page's loader: the area shown, its zoom and what the API answered. */
export type MapFirstState = { bbox: BoundingBox; zoom: number; answer: MapAnswer | null };
