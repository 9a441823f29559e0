import { SEARCH_TERM_MAX_LENGTH } from '@eco/domain/search';
import { ActionIcon, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { Form, useNavigate } from 'react-router';
import type { ExploreQuery } from '../publications/publications-query';
import { explorePath } from '../publications/publications-query';
import { FilterButton } from './FilterButton';
import { hiddenCriteria } from './hidden-criteria';

/** 'Busca en nuestros ECO-Anuncios': a new text search keeps the other criteria and starts on the first page. */
export function SearchBar({ query }: { query: ExploreQuery }) {
  const navigate = useNavigate();

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const term = String(new FormData(event.currentTarget).get('term') ?? '').trim();
    void navigate(explorePath({ ...query, term: term || undefined, page: 1 }));
  }

  return (
    // The filter button stays outside the form: the dialog's own form submits through React's tree (portals
    // included), and would otherwise submit this one too.
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Form
        method="get"
        action="/publications"
        role="search"
        onSubmit={search}
        style={{ flex: 1, minWidth: 0 }}
      >
        {hiddenCriteria(query)
          .filter(([name]) => name !== 'term')
          .map(([name, value]) => (
            <input key={`${name}:${value}`} type="hidden" name={name} value={value} />
          ))}
        <TextInput
          // A new search in the URL (a chip removed, a link followed) shows its own text.
          key={query.term ?? ''}
          name="term"
          type="search"
          defaultValue={query.term ?? ''}
          aria-label="Buscar"
          placeholder="Busca en nuestros ECO-Anuncios"
          maxLength={SEARCH_TERM_MAX_LENGTH}
          enterKeyHint="search"
          autoComplete="off"
          size="md"
          rightSectionPointerEvents="all"
          rightSection={
            <ActionIcon type="submit" variant="subtle" size="lg" aria-label="Iniciar búsqueda">
              <IconSearch size={20} aria-hidden />
            </ActionIcon>
          }
        />
      </Form>
      <FilterButton query={query} />
    </Group>
  );
}
