import { AGENDA_WHEN, AGENDA_WHEN_LABELS } from '@eco/domain/dates/agenda-ranges';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { Form, Link } from 'react-router';
import type { ExploreQuery } from '../publications/publications-query';
import { explorePath } from '../publications/publications-query';
import { hiddenCriteria } from './hidden-criteria';

/** The range's two days: the query parameter and its label. */
const DAY_FIELDS = [
  ['from', 'Desde'],
  ['to', 'Hasta'],
] as const;

/**
 * The agenda of events and courses: quick periods and "Próximos"/"Pasados" as links, a range of days as a GET form.
 * Links and the form work before and without the page's scripts, and keep every other criterion and the text.
 */
export function AgendaFilters({ query }: { query: ExploreQuery }) {
  const base: ExploreQuery = { ...query, page: 1 };
  const dateCriteria = hiddenCriteria(query).filter(
    ([name]) => name !== 'from' && name !== 'to' && name !== 'when',
  );
  const link = (label: string, target: ExploreQuery, active: boolean) => (
    <Button
      key={label}
      component={Link}
      to={explorePath(target)}
      size="compact-sm"
      radius="xl"
      variant={active ? 'filled' : 'default'}
      aria-current={active ? 'true' : undefined}
    >
      {label}
    </Button>
  );

  return (
    <Stack gap="xs" component="section" aria-label="Fechas">
      <Group gap="xs" role="group" aria-label="Próximos o pasados">
        {link('Próximos', { ...base, past: undefined }, !query.past)}
        {link('Pasados', { ...base, past: true }, query.past === true)}
      </Group>
      <Group gap="xs" role="group" aria-label="Períodos">
        {AGENDA_WHEN.map((when) =>
          link(
            AGENDA_WHEN_LABELS[when],
            query.when === when
              ? { ...base, when: undefined }
              : { ...base, when, from: undefined, to: undefined },
            query.when === when,
          ),
        )}
      </Group>
      <Form method="get" action="/publications" aria-label="Rango de fechas">
        {dateCriteria.map(([name, value]) => (
          <input key={`${name}:${value}`} type="hidden" name={name} value={value} />
        ))}
        <Group gap="xs" align="flex-end" wrap="wrap">
          {DAY_FIELDS.map(([name, label]) => (
            <TextInput
              // A new range in the URL (a chip removed, a link followed) shows its own days.
              key={`${name}:${query[name] ?? ''}`}
              type="date"
              name={name}
              label={label}
              defaultValue={query[name] ?? ''}
              size="sm"
            />
          ))}
          <Button type="submit" variant="light" size="sm">
            Ver fechas
          </Button>
        </Group>
      </Form>
    </Stack>
  );
}
