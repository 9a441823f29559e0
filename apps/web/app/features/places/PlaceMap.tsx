import type { BoundingBox, Point } from '@eco/domain/places/bounds';
import { Box, Text } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useMapStyleUrl } from '../../lib/root-data';
import type { MapHandle } from './map-engine.client';
import type { MapMarker, MapView } from './map-types';
import classes from './PlaceMap.module.css';

type Props = {
  /** What the map is, for screen readers (the same content is always on the page as text or a list). */
  label: string;
  /** The area framed when the map opens. */
  bounds: BoundingBox;
  maxZoom?: number;
  markers?: readonly MapMarker[];
  circle?: { center: Point; radiusM: number } | null;
  /** A draggable marker, moved by a tap on the map too (the form's picker). */
  picker?: { point: Point | null; onPick: (point: Point) => void };
  onView?: (view: MapView) => void;
  /** Reframe to these bounds whenever their value changes (not on every render). */
  frame?: BoundingBox | null;
  height?: number | string;
  /** Space kept around `bounds` and `frame` when fitting them, in pixels. */
  padding?: number;
  /** Extra class of the box (explore's fixed shape). */
  className?: string;
  /** Shown until the map is ready, instead of the notice (explore's server-drawn first paint). */
  fallback?: ReactNode;
  /** Focus the map once ready (it replaced the button that asked for it, which took the focus with it). */
  focusOnReady?: boolean;
};

/**
 * A MapLibre map, loaded after the page has painted and once its box nears the screen (its ~450 KB gzip with the
 * worker never weigh on the first load), and only where one is shown. Before that, and without WebGL, the box keeps its place and says so.
 */
export function PlaceMap({
  label,
  bounds,
  maxZoom,
  markers,
  circle,
  picker,
  onView,
  frame,
  height = 320,
  padding = 24,
  className,
  fallback,
  focusOnReady = false,
}: Props) {
  const container = useRef<HTMLDivElement>(null);
  const handle = useRef<MapHandle | null>(null);
  const styleUrl = useMapStyleUrl();
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // The latest callbacks, read by the map's events without re-creating it.
  const latest = useRef({ onView, picker, markers, circle });
  useEffect(() => {
    latest.current = { onView, picker, markers, circle };
  });

  useEffect(() => {
    let cancelled = false;
    const start = () =>
      import('./map-engine.client')
        .then(({ createMap }) => {
          if (cancelled || !container.current) return;
          const map = createMap({
            container: container.current,
            styleUrl,
            bounds,
            maxZoom,
            padding,
            onView: (view) => latest.current.onView?.(view),
          });
          handle.current = map;
          const current = latest.current;
          map.setMarkers(current.markers ?? []);
          map.setCircle(current.circle ?? null);
          if (current.picker)
            map.setPicker(current.picker.point, (point) => latest.current.picker?.onPick(point));
          setState('ready');
          // MapLibre's canvas takes the keyboard (arrows pan, + and - zoom).
          if (focusOnReady) container.current.querySelector('canvas')?.focus({ preventScroll: true });
        })
        .catch((error: unknown) => {
          console.warn('Map unavailable', error);
          if (!cancelled) setState('failed');
        });
    // After the first paint, and only once the box comes near the screen: a detail page read from the top never
    // downloads the map below its description.
    let frameId = 0;
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(
            (entries) => {
              if (!entries.some((entry) => entry.isIntersecting)) return;
              observer?.disconnect();
              frameId = requestAnimationFrame(() => void start());
            },
            { rootMargin: '200px' },
          )
        : null;
    if (observer && container.current) observer.observe(container.current);
    else frameId = requestAnimationFrame(() => void start());
    return () => {
      cancelled = true;
      observer?.disconnect();
      cancelAnimationFrame(frameId);
      handle.current?.destroy();
      handle.current = null;
    };
    // The map is created once; its content follows through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [styleUrl]);

  useEffect(() => {
    if (state === 'ready') handle.current?.setMarkers(markers ?? []);
  }, [markers, state]);
  useEffect(() => {
    if (state === 'ready') handle.current?.setCircle(circle ?? null);
  }, [circle, state]);
  const pickerPoint = picker?.point ?? null;
  useEffect(() => {
    if (state !== 'ready' || !picker) return;
    handle.current?.setPicker(pickerPoint, (point) => latest.current.picker?.onPick(point));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pickerPoint?.lat, pickerPoint?.lng, state]);
  const frameKey = frame ? `${frame.minLng},${frame.minLat},${frame.maxLng},${frame.maxLat}` : '';
  useEffect(() => {
    if (state === 'ready' && frame) handle.current?.fit(frame, maxZoom, padding);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [frameKey, state]);

  return (
    <Box
      className={className ? `${classes.frame} ${className}` : classes.frame}
      style={className ? undefined : { height }}
      data-map-state={state}
    >
      <div ref={container} className={classes.map} role="region" aria-label={label} />
      {state !== 'ready' && fallback}
      {state === 'loading' && !fallback && (
        // Also what a browser without scripts keeps showing.
        <Text size="sm" c="dimmed" className={classes.notice}>
          El mapa aparece con JavaScript activado; la lista tiene los mismos resultados.
        </Text>
      )}
      {state === 'failed' && (
        <Text size="sm" c="dimmed" className={classes.notice}>
          Este dispositivo no puede mostrar el mapa; la lista tiene los mismos resultados.
        </Text>
      )}
    </Box>
  );
}
