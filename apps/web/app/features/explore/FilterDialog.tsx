import '../../styles/filters';
import type { CategoryKey } from '@eco/domain/catalog/categories';
import { categories, isCategoryKey } from '@eco/domain/catalog/categories';
import { citiesOf } from '@eco/domain/catalog/cities';
import type { CountryKey } from '@eco/domain/catalog/countries';
import { countries, isCountryKey } from '@eco/domain/catalog/countries';
import type { MaterialLabel } from '@eco/domain/catalog/materials';
import { isMaterialLabel, MATERIAL_LABELS } from '@eco/domain/catalog/materials';
import { provincesOf } from '@eco/domain/catalog/provinces';
import { DEFAULT_PAGE, DIALOG_WIDTH } from '@eco/domain/constants';
import { Button, Group, MultiSelect, Select, Stack } from '@mantine/core';
import type { FormEvent } from 'react';
import { useState } from 'react';
import type { ExploreQuery } from '../publications/publications-query';
import { ResponsiveDialog } from '../../components/dialogs/ResponsiveDialog';

type Draft = {
  what: CategoryKey | null;
  labels: MaterialLabel[];
  country: CountryKey | null;
  province: string | null;
  city: string | null;
};

const CATEGORY_OPTIONS = categories.map((category) => ({ value: category.key, label: category.title }));
const COUNTRY_OPTIONS = countries.map((country) => ({ value: country.key, label: country.name }));
const LABEL_OPTIONS = [...MATERIAL_LABELS];

type FilterDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The criteria in the URL when the dialog opened. */
  query: ExploreQuery;
  onApply: (query: ExploreQuery) => void;
};

/**
 * 'Más criterios de búsqueda': category, material labels and place. Province choices appear once a country is
 * chosen, and city choices once a province (with known cities) is chosen. The text search is kept.
 */
export default function FilterDialog({ opened, onClose, query, onApply }: FilterDialogProps) {
  const [draft, setDraft] = useState<Draft>({
    what: query.what ?? null,
    labels: query.labels,
    country: query.country ?? null,
    province: query.province ?? null,
    city: query.city ?? null,
  });
  const provinceOptions = draft.country
    ? provincesOf(draft.country).map(({ key, name }) => ({ value: key, label: name }))
    : [];
  const cityOptions = draft.province
    ? citiesOf(draft.province).map(({ key, name }) => ({ value: key, label: name }))
    : [];

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply({
      ...query,
      what: draft.what ?? undefined,
      labels: draft.labels,
      country: draft.country ?? undefined,
      province: draft.province ?? undefined,
      city: draft.city ?? undefined,
      page: DEFAULT_PAGE,
    });
  }

  return (
    <ResponsiveDialog
      opened={opened}
      onClose={onClose}
      title="Más criterios de búsqueda"
      size={DIALOG_WIDTH.filter}
    >
      <form onSubmit={apply}>
        <Stack gap="md">
          <Select
            label="Categoría"
            placeholder="Todas las categorías"
            data={CATEGORY_OPTIONS}
            value={draft.what}
            onChange={(value) => setDraft({ ...draft, what: isCategoryKey(value) ? value : null })}
            clearable
            clearButtonProps={{ 'aria-label': 'Quitar categoría' }}
          />
          <MultiSelect
            label="Materiales"
            placeholder={draft.labels.length === 0 ? 'Todos los materiales' : undefined}
            data={LABEL_OPTIONS}
            value={draft.labels}
            onChange={(values) => setDraft({ ...draft, labels: values.filter(isMaterialLabel) })}
            clearable
            clearButtonProps={{ 'aria-label': 'Quitar materiales' }}
            hidePickedOptions
          />
          <Select
            label="País"
            placeholder="Todos los países"
            data={COUNTRY_OPTIONS}
            value={draft.country}
            onChange={(value) =>
              // The former province and city belong to the former country.
              setDraft({ ...draft, country: isCountryKey(value) ? value : null, province: null, city: null })
            }
            clearable
            clearButtonProps={{ 'aria-label': 'Quitar país' }}
          />
          {draft.country && (
            <Select
              label="Provincia"
              placeholder="Todas las provincias"
              data={provinceOptions}
              value={draft.province}
              onChange={(value) => setDraft({ ...draft, province: value, city: null })}
              clearable
              clearButtonProps={{ 'aria-label': 'Quitar provincia' }}
            />
          )}
          {draft.province && cityOptions.length > 0 && (
            <Select
              label="Ciudad"
              placeholder="Todas las ciudades"
              data={cityOptions}
              value={draft.city}
              onChange={(value) => setDraft({ ...draft, city: value })}
              clearable
              clearButtonProps={{ 'aria-label': 'Quitar ciudad' }}
              searchable={cityOptions.length > 8}
              nothingFoundMessage="No encontramos esa ciudad"
            />
          )}
          <Group justify="space-between" mt="xs">
            <Button
              variant="default"
              onClick={() => setDraft({ what: null, labels: [], country: null, province: null, city: null })}
            >
              Limpiar
            </Button>
            <Button type="submit">Aplicar</Button>
          </Group>
        </Stack>
      </form>
    </ResponsiveDialog>
  );
}
