import { Button, Group, TextInput } from '@mantine/core';
import { IconBellPlus } from '@tabler/icons-react';
import { Form } from 'react-router';
import type { ExploreQuery } from '../publications/publications-query';
import { FIELDS, SAVE_INTENT, SAVE_SEARCH_LABEL, suggestedName } from './saved-searches';

/**
 * "Guardar búsqueda" on explore: a post to the page's own action with the criteria as hidden fields and a name the
 * member may change. A guest is sent to sign in and back to this search.
 */
export function SaveSearchForm({ query, name }: { query: ExploreQuery; name?: string | undefined }) {
  return (
    <Form method="post" aria-label={SAVE_SEARCH_LABEL}>
      <input type="hidden" name={FIELDS.intent} value={SAVE_INTENT} />
      {query.term && <input type="hidden" name={FIELDS.term} value={query.term} />}
      {query.what && <input type="hidden" name={FIELDS.typed} value={query.what} />}
      {query.country && <input type="hidden" name={FIELDS.country} value={query.country} />}
      {query.province && <input type="hidden" name={FIELDS.province} value={query.province} />}
      {query.city && <input type="hidden" name={FIELDS.city} value={query.city} />}
      {query.near && <input type="hidden" name={FIELDS.near} value={query.near} />}
      {query.bbox && <input type="hidden" name={FIELDS.bbox} value={query.bbox} />}
      {query.open && <input type="hidden" name={FIELDS.open} value="now" />}
      {query.labels.map((label) => (
        <input key={label} type="hidden" name={FIELDS.labels} value={label} />
      ))}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          name={FIELDS.name}
          label="Nombre de la búsqueda"
          defaultValue={name ?? suggestedName(query)}
          maxLength={60}
          required
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="light" leftSection={<IconBellPlus size={18} aria-hidden />}>
          {SAVE_SEARCH_LABEL}
        </Button>
      </Group>
    </Form>
  );
}
