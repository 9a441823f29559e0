import { categories, isCategoryKey } from '@eco/domain/catalog/categories';
import { LISTING_TYPES } from '@eco/domain';
import { ActionIcon, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useRef } from 'react';
import { Form, useNavigate } from 'react-router';
import type { MyPublicationsQuery } from './my-publications-query';
import { MY_PUBLICATIONS_PATH, myPublicationsPath } from './my-publications-query';

type MyPublicationsFiltersProps = { query: MyPublicationsQuery; withTips: boolean };

/** Text search and category: a GET form, so the URL holds the criteria (and it works before scripts load). */
export function MyPublicationsFilters({ query, withTips }: MyPublicationsFiltersProps) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  // With scripts, the address keeps only the criteria that are set (no empty 'what=').
  function search(what: unknown) {
    const term = formRef.current ? new FormData(formRef.current).get('term') : null;
    void navigate(
      myPublicationsPath({
        term: typeof term === 'string' ? term.trim() : '',
        what: isCategoryKey(what) ? what : null,
        page: 1,
      }),
    );
  }

  const options = categories
    .filter((category) => withTips || (LISTING_TYPES as readonly string[]).includes(category.key))
    .map((category) => ({ value: category.key, label: category.title }));

  return (
    <Form
      ref={formRef}
      method="get"
      action={MY_PUBLICATIONS_PATH}
      role="search"
      aria-label="Filtrar mis anuncios"
      onSubmit={(event) => {
        event.preventDefault();
        search(new FormData(event.currentTarget).get('what'));
      }}
      // Each search is a new page of results: the list of a new search starts at page 1.
      key={`${query.term}|${query.what ?? ''}`}
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          name="term"
          type="search"
          defaultValue={query.term}
          aria-label="Buscar en mis anuncios"
          placeholder="Buscar en mis anuncios"
          flex="1 1 220px"
          rightSectionPointerEvents="all"
          rightSection={
            <ActionIcon type="submit" variant="subtle" aria-label="Buscar">
              <IconSearch size={18} aria-hidden />
            </ActionIcon>
          }
        />
        <Select
          name="what"
          aria-label="Categoría"
          placeholder="Todas las categorías"
          data={options}
          defaultValue={query.what}
          clearable
          flex="1 1 180px"
          onChange={search}
        />
      </Group>
    </Form>
  );
}
