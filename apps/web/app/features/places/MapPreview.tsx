import { Link } from 'react-router';
import { publicationPath } from '../publications/publications';
import type { ExploreQuery } from '../publications/publications-query';
import { explorePath } from '../publications/publications-query';
import { formatBbox } from './geo';
import type { MapFirstState } from './map-types';
import { clusterArea, mapWindow, placeIn } from './mercator';
import outlinesUrl from './outlines.svg?url';
import classes from './PlaceMap.module.css';

/** A group's link: its count and what following it does. */
export const clusterName = (count: number) => `${count} anuncios aquí: acercar`;

/**
 * The map view's first paint, drawn by the server (decision 043): the outlines of Argentina and Colombia and the
 * groups and pins of the area in view, placed where the interactive map will show them. Every marker is a link: a
 * group opens the map (and the list) of its area, a pin its publication. It needs no script and no WebGL; the page
 * loads MapLibre over it only when the person starts moving the map.
 */
export function MapPreview({ query, state }: { query: ExploreQuery; state: MapFirstState }) {
  const area = mapWindow(state.bbox, 0);
  const { clusters = [], pins = [] } = state.answer ?? {};
  return (
    <div className={classes.preview}>
      <svg
        className={classes.outlines}
        viewBox={`${area.x} ${area.y} ${area.width} ${area.height}`}
        preserveAspectRatio="none"
        aria-hidden
        focusable="false"
      >
        <use href={`${outlinesUrl}#outlines`} />
      </svg>
      <ul className={classes.markers} aria-label="Grupos y puntos del mapa">
        {clusters.map((cluster) => {
          const at = placeIn(area, cluster);
          const to = explorePath({
            ...query,
            bbox: formatBbox(clusterArea(cluster, state)),
            page: 1,
          });
          return (
            <li key={`c:${cluster.lat},${cluster.lng}`} style={{ left: `${at.left}%`, top: `${at.top}%` }}>
              <Link
                to={to}
                className="eco-map-cluster"
                aria-label={clusterName(cluster.count)}
                preventScrollReset
              >
                {cluster.count}
              </Link>
            </li>
          );
        })}
        {pins.map((pin) => {
          const at = placeIn(area, pin);
          return (
            <li key={pin._id} style={{ left: `${at.left}%`, top: `${at.top}%` }}>
              <Link
                to={publicationPath(pin._id)}
                className="eco-map-pin"
                aria-label={pin.title}
                title={pin.title}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
