import { Button, Group, Stack, Title } from '@mantine/core';
import { IconBrandGoogle, IconCalendarDown } from '@tabler/icons-react';
import type { PublicationJson } from '../publications/publications';
import { calendarFilePath, googleCalendarUrl } from './calendar-links';

// Two plain links (no menu, no script): they work before hydration and without JavaScript, and cost the detail page
// no more than two buttons. Button, Group, Stack and Title are styled by the root stylesheet (styles/mantine.ts).

/** "Agregar a mi calendario" of an event or course: its .ics file and Google Calendar. */
export function AddToCalendar({ publication, pageUrl }: { publication: PublicationJson; pageUrl: string }) {
  const google = googleCalendarUrl(publication, pageUrl);
  if (google === null) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="add-to-calendar">
      <Title order={2} size="h4" id="add-to-calendar">
        Agregar a mi calendario
      </Title>
      <Group gap="xs">
        <Button
          component="a"
          href={calendarFilePath(publication._id)}
          download
          variant="light"
          leftSection={<IconCalendarDown size={18} aria-hidden />}
        >
          Descargar archivo .ics
        </Button>
        <Button
          component="a"
          href={google}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          leftSection={<IconBrandGoogle size={18} aria-hidden />}
          aria-label="Google Calendar (se abre en otra pestaña)"
        >
          Google Calendar
        </Button>
      </Group>
    </Stack>
  );
}
