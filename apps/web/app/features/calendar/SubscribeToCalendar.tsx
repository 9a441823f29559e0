import {
  CALENDAR_FEED_PATH,
  calendarFeedName,
  calendarFeedQuery,
  googleCalendarSubscribeUrl,
  webcalUrlOf,
} from '@eco/domain/dates/calendar-feeds';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { usePublicUrl } from '../../lib/root-data';
import type { ExploreQuery } from '../publications/publications-query';
import classes from './SubscribeToCalendar.module.css';

/** The public feed of explore's current filters (GET /api/calendar.ics), as an absolute https URL. */
export function calendarFeedUrl(publicUrl: string, query: ExploreQuery): string {
  const search = calendarFeedQuery({ typed: query.what, ...query });
  return `${publicUrl}${CALENDAR_FEED_PATH}${search ? `?${search}` : ''}`;
}

/**
 * "Suscribirme a este calendario" on explore's events and courses: a native disclosure (no script, keyboard and
 * screen readers as the browser gives them) with the webcal:// link that phones and desktop apps subscribe to, Google
 * Calendar's "add by URL" and the address itself to copy. The period and the page are not part of a feed.
 */
export function SubscribeToCalendar({ query }: { query: ExploreQuery }) {
  const publicUrl = usePublicUrl();
  const url = calendarFeedUrl(publicUrl, query);
  const name = calendarFeedName({ typed: query.what, ...query });
  return (
    <details className={classes.details}>
      <summary className={classes.summary}>Suscribirme a este calendario</summary>
      <Stack gap="xs" mt="xs">
        <Text size="sm">
          «{name}»: tu aplicación de calendario lo actualiza sola, con lo que viene y lo de los últimos 30
          días.
        </Text>
        <Group gap="xs">
          <Button component="a" href={webcalUrlOf(url)} variant="light" size="sm">
            Suscribirme (webcal)
          </Button>
          <Button
            component="a"
            href={googleCalendarSubscribeUrl(url)}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            size="sm"
            aria-label="Google Calendar (se abre en otra pestaña)"
          >
            Google Calendar
          </Button>
        </Group>
        <TextInput label="Dirección del calendario" value={url} readOnly size="sm" />
      </Stack>
    </details>
  );
}
