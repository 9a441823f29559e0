import type { OpeningRange, Weekday } from '@eco/domain/places/opening-hours';
import { MAX_RANGES_PER_DAY, WEEK_ORDER, WEEKDAY_NAMES } from '@eco/domain/places/opening-hours';
import { ActionIcon, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { addRange, copyToWeekdays, rangesOf, toggleDay, withDay } from './place-form';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A recycling point's week: each day closed or open with one to three time ranges. */
export function OpeningHoursEditor({
  value,
  onChange,
  error,
}: {
  value: readonly OpeningRange[];
  onChange: (hours: OpeningRange[]) => void;
  error?: string | undefined;
}) {
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={500} size="sm">
        Horario de atención
      </Text>
      <Text size="xs" c="dimmed">
        Marca los días que abre y sus horarios (hora del país del punto). Sin días marcados, el horario no se
        muestra.
      </Text>
      {WEEK_ORDER.map((day) => (
        <DayRow key={day} day={day} hours={value} onChange={onChange} />
      ))}
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function DayRow({
  day,
  hours,
  onChange,
}: {
  day: Weekday;
  hours: readonly OpeningRange[];
  onChange: (hours: OpeningRange[]) => void;
}) {
  const name = capitalized(WEEKDAY_NAMES[day]);
  const ranges = rangesOf(hours, day);
  const setRange = (index: number, field: 'opens' | 'closes', time: string) =>
    onChange(
      withDay(
        hours,
        day,
        ranges.map((range, at) => (at === index ? { ...range, [field]: time } : range)),
      ),
    );
  return (
    <Group gap="xs" align="center" wrap="wrap">
      <Checkbox
        w={110}
        label={name}
        checked={ranges.length > 0}
        onChange={() => onChange(toggleDay(hours, day))}
      />
      {ranges.length === 0 && (
        <Text size="sm" c="dimmed">
          Cerrado
        </Text>
      )}
      {ranges.map((range, index) => (
        <Group key={index} gap={4} wrap="nowrap">
          <TextInput
            type="time"
            size="xs"
            aria-label={`${name}: abre`}
            value={range.opens}
            onChange={(event) => setRange(index, 'opens', event.currentTarget.value)}
          />
          <Text size="sm">a</Text>
          <TextInput
            type="time"
            size="xs"
            aria-label={`${name}: cierra`}
            value={range.closes}
            onChange={(event) => setRange(index, 'closes', event.currentTarget.value)}
          />
          {ranges.length > 1 && (
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Quitar el horario ${index + 1} del ${WEEKDAY_NAMES[day]}`}
              onClick={() =>
                onChange(
                  withDay(
                    hours,
                    day,
                    ranges.filter((_, at) => at !== index),
                  ),
                )
              }
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      ))}
      {ranges.length > 0 && ranges.length < MAX_RANGES_PER_DAY && (
        <ActionIcon
          variant="light"
          aria-label={`Agregar otro horario el ${WEEKDAY_NAMES[day]}`}
          onClick={() => onChange(addRange(hours, day))}
        >
          <IconPlus size={16} aria-hidden />
        </ActionIcon>
      )}
      {day === 1 && ranges.length > 0 && (
        <Button variant="subtle" size="compact-xs" onClick={() => onChange(copyToWeekdays(hours, 1))}>
          Copiar a martes–viernes
        </Button>
      )}
    </Group>
  );
}
