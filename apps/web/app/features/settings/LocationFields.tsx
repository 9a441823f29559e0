import { citiesOf } from '@eco/domain/catalog/cities';
import { countries } from '@eco/domain/catalog/countries';
import { provincesOf } from '@eco/domain/catalog/provinces';
import { Group, Select, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { CountryFlag } from './CountryFlag';

const COUNTRY_OPTIONS = countries.map((country) => ({ value: country.key, label: country.name }));

type LocationField = 'locationCountry' | 'locationProvince' | 'locationCity';

export type LocationValues = Record<LocationField, string | null>;

type LocationFieldsProps = {
  values: LocationValues;
  onChange: (values: LocationValues) => void;
  errors?: Partial<Record<LocationField, ReactNode>>;
  /** Each select also holds its value in a hidden input named after its field, for a form that posts itself. */
  named?: boolean;
  readOnly?: boolean;
  /** Marks the three fields as required (the profile); a publication may leave them empty. */
  required?: boolean;
};

/** Country (with its flag), then province, then city: each level offers the choices of the one above. */
export function LocationFields({
  values,
  onChange,
  errors = {},
  named = false,
  readOnly = false,
  required = true,
}: LocationFieldsProps) {
  const { locationCountry: country, locationProvince: province } = values;
  const nameOf = (field: LocationField) => (named ? field : undefined);
  const provinceOptions = country
    ? provincesOf(country).map(({ key, name }) => ({ value: key, label: name }))
    : [];
  const cityOptions = province
    ? citiesOf(province).map(({ key, name }) => ({ value: key, label: name }))
    : [];

  function changeCountry(value: string | null) {
    if (value === country) return;
    // The former province and city belong to another country.
    onChange({ locationCountry: value, locationProvince: null, locationCity: null });
  }

  function changeProvince(value: string | null) {
    if (value === province) return;
    onChange({ ...values, locationProvince: value, locationCity: null });
  }

  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <Select
        label="País"
        name={nameOf('locationCountry')}
        placeholder="Elige un país"
        data={COUNTRY_OPTIONS}
        value={country}
        onChange={changeCountry}
        error={errors.locationCountry}
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
        name={nameOf('locationProvince')}
        placeholder={country ? 'Elige una provincia' : 'Primero elige un país'}
        data={provinceOptions}
        value={province}
        onChange={changeProvince}
        error={errors.locationProvince}
        readOnly={readOnly}
        variant={readOnly ? 'filled' : 'default'}
        disabled={!country}
        allowDeselect={false}
        withAsterisk={required}
        clearable={!required && !readOnly}
      />
      <Select
        label="Ciudad"
        name={nameOf('locationCity')}
        placeholder={province ? 'Elige una ciudad' : 'Primero elige una provincia'}
        data={cityOptions}
        value={values.locationCity}
        onChange={(value) => onChange({ ...values, locationCity: value })}
        error={errors.locationCity}
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
