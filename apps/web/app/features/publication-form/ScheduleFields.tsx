import { HOURS, MINUTES } from '@eco/domain/constants';
import { findCountry } from '@eco/domain/catalog/countries';
import { Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
// The calendar's month and day names: only the form that shows the calendar loads them, not every page.
import 'dayjs/locale/es';
import { IconCalendar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { DateTimeParts } from './publication-form-date';
import { joinDateTime, parseTypedDay, publicationTimeZone, splitDateTime } from './publication-form-date';

const HOUR_OPTIONS = [...HOURS];
const CALENDAR_LABELS = {
  previousMonth: 'Mes anterior',
  nextMonth: 'Mes siguiente',
  previousYear: 'Año anterior',
  nextYear: 'Año siguiente',
  previousDecade: 'Década anterior',
  nextDecade: 'Década siguiente',
  monthLevelControl: 'Elegir el mes',
  yearLevelControl: 'Elegir el año',
};
const MINUTE_OPTIONS = [...MINUTES];

/** The labels of the three pickers: the start's, or the end's ('Hasta'). */
export type ScheduleLabels = { day: string; hour: string; minute: string; clear: string };

const START_LABELS: ScheduleLabels = {
  day: 'Fecha',
  hour: 'Hora',
  minute: 'Minutos',
  clear: 'Borrar el día',
};

type ScheduleFieldsProps = {
  /** ISO instant or ''. */
  value: string;
  countryKey: string | null;
  onChange: (value: string) => void;
  error?: ReactNode;
  required: boolean;
  labels?: ScheduleLabels;
  /** The time a newly chosen day starts with (the end: the start's); midnight otherwise. */
  defaultTime?: Pick<DateTimeParts, 'hour' | 'minute'> | null;
  /** The line under the pickers; the end's form leaves it to the start's. */
  withHint?: boolean;
};

/**
 * calendaredAt (or calendaredUntil) as a day, an hour (00–23) and minutes in steps of 5, on the clock of the
 * publication's country.
 */
export function ScheduleFields({
  value,
  countryKey,
  onChange,
  error,
  required,
  labels = START_LABELS,
  defaultTime = null,
  withHint = true,
}: ScheduleFieldsProps) {
  const timeZone = publicationTimeZone(countryKey);
  const parts = splitDateTime(value, timeZone);
  // A minute saved off the 5-minute steps stays selectable rather than being silently changed.
  const minutes =
    parts && !MINUTES.includes(parts.minute) ? [...MINUTES, parts.minute].sort() : MINUTE_OPTIONS;
  const countryName = findCountry(countryKey ?? 'arg')?.name ?? 'Argentina';

  function change(next: Partial<DateTimeParts>) {
    const date = next.date === undefined ? parts?.date : next.date;
    if (!date) {
      onChange('');
      return;
    }
    onChange(
      joinDateTime(
        {
          date,
          hour: next.hour ?? parts?.hour ?? defaultTime?.hour ?? '00',
          minute: next.minute ?? parts?.minute ?? defaultTime?.minute ?? '00',
        },
        timeZone,
      ),
    );
  }

  return (
    <Stack gap={4}>
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm" verticalSpacing="sm">
        <DatesProvider settings={{ locale: 'es' }}>
          <DateInput
            label={labels.day}
            placeholder="DD/MM/AAAA"
            valueFormat="DD/MM/YYYY"
            dateParser={parseTypedDay}
            value={parts?.date ?? null}
            onChange={(date) => change({ date: date ?? '' })}
            clearable
            clearButtonProps={{ 'aria-label': labels.clear }}
            ariaLabels={CALENDAR_LABELS}
            withAsterisk={required}
            error={error}
            leftSection={<IconCalendar size={18} aria-hidden />}
            popoverProps={{ withinPortal: true }}
            style={{ gridColumn: 'span 2' }}
          />
        </DatesProvider>
        <Select
          label={labels.hour}
          placeholder="HH"
          data={HOUR_OPTIONS}
          value={parts?.hour ?? null}
          onChange={(hour) => hour && change({ hour })}
          disabled={!parts}
          allowDeselect={false}
          withCheckIcon={false}
          maxDropdownHeight={240}
        />
        <Select
          label={labels.minute}
          placeholder="mm"
          data={minutes}
          value={parts?.minute ?? null}
          onChange={(minute) => minute && change({ minute })}
          disabled={!parts}
          allowDeselect={false}
          withCheckIcon={false}
          maxDropdownHeight={240}
        />
      </SimpleGrid>
      {withHint && (
        <Text size="xs" c="dimmed">
          Día y hora de {countryName}. Elige primero el día; la hora va de 00 a 23.
        </Text>
      )}
    </Stack>
  );
}
