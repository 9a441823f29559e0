import { citiesOf } from '@eco/domain/catalog/cities';
import { countries } from '@eco/domain/catalog/countries';
import { provincesOf } from '@eco/domain/catalog/provinces';
import { Group, Select, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { CountryFlag } from './CountryFlag';

const COUNTRY_OPTIONS = countries.map((country) => ({ value: country.key, label: country.name }));

type LocationField = 'locationCountry' | 'locationProvince' | 'locationCity';

/** The part of a Mantine form these fields use: any form whose values hold the three location keys. */
export type LocationForm = {
  values: Record<LocationField, string | null>;
  errors: Partial<Record<string, ReactNode>>;
  setFieldValue: (field: LocationField, value: string | null) => void;
};

type LocationFieldsProps = {
  form: LocationForm;
  readOnly?: boolean;
  /** Marks the three fields as required (the profile); a publication may leave them empty. */
  required?: boolean;
};

/** Country (with its flag), then province, then city: each level offers the choices of the one above. */
export function LocationFields({ form, readOnly = false, required = true }: LocationFieldsProps) {
  const { locationCountry: country, locationProvince: province } = form.values;
  const provinceOptions = country
    ? provincesOf(country).map(({ key, name }) => ({ value: key, label: name }))
    : [];
  const cityOptions = province
    ? citiesOf(province).map(({ key, name }) => ({ value: key, label: name }))
    : [];

  function changeCountry(value: string | null) {
    if (value === country) return;
    form.setFieldValue('locationCountry', value);
    // The former province and city belong to another country.
    form.setFieldValue('locationProvince', null);
    form.setFieldValue('locationCity', null);
  }

  function changeProvince(value: string | null) {
    if (value === province) return;
    form.setFieldValue('locationProvince', value);
    form.setFieldValue('locationCity', null);
  }

  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <Select
        label="País"
        placeholder="Elige un país"
        data={COUNTRY_OPTIONS}
        value={country}
        onChange={changeCountry}
        error={form.errors.locationCountry}
        readOnly={readOnly}
        variant={readOnly ? 'filled' : 'default'}
        allowDeselect={false}
        withAsterisk={required}
        clearable={!required && !readOnly}
        leftSection={country ? <CountryFlag countryKey={country} /> : undefined}
        renderOption={({ option }) => (
          <Group gap="xs" wrap="nowrap">
            <CountryFlag countryKey={option.value} />
            {option.label}
          </Group>
        )}
      />
      <Select
        label="Provincia"
        placeholder={country ? 'Elige una provincia' : 'Primero elige un país'}
        data={provinceOptions}
        value={province}
        onChange={changeProvince}
        error={form.errors.locationProvince}
        readOnly={readOnly}
        variant={readOnly ? 'filled' : 'default'}
        disabled={!country}
        allowDeselect={false}
        withAsterisk={required}
        clearable={!required && !readOnly}
      />
      <Select
        label="Ciudad"
        placeholder={province ? 'Elige una ciudad' : 'Primero elige una provincia'}
        data={cityOptions}
        value={form.values.locationCity}
        onChange={(value) => form.setFieldValue('locationCity', value)}
        error={form.errors.locationCity}
        readOnly={readOnly}
        variant={readOnly ? 'filled' : 'default'}
        disabled={!province}
        allowDeselect={false}
        withAsterisk={required}
        clearable={!required && !readOnly}
        searchable={cityOptions.length > 8}
        nothingFoundMessage="No encontramos esa ciudad"
      />
    </SimpleGrid>
  );
}
