import { MATERIAL_LABELS } from '@eco/domain';
import { MultiSelect, NumberInput, Paper, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ChangeEvent, ReactNode } from 'react';
import { pointFromMapsLink } from '@eco/domain/places/maps-link';
import { inputsOfPoint } from '../places/place-form';
import { useCallback } from 'react';
import { OpeningHoursEditor } from '../places/OpeningHoursEditor';
import { PlaceFields } from '../places/PlaceFields';
import { joinDateTime, publicationTimeZone, splitDateTime } from './publication-form-date';
import type { FormImage, PublicationFormValues } from './publication-form-values';
import { isFieldRequired } from './publication-form-values';
import { LocationFields, type LocationValues } from '../settings/LocationFields';
import { DescriptionField } from './DescriptionField';
import { ImagesField } from './ImagesField';
import { QuantityFields } from './QuantityFields';
import { ScheduleFields, type ScheduleLabels } from './ScheduleFields';

const LABEL_OPTIONS = [...MATERIAL_LABELS];
/** The optional end of an event or course, under its start. */
const END_LABELS: ScheduleLabels = {
  day: 'Hasta',
  hour: 'Hora de fin',
  minute: 'Minutos de fin',
  clear: 'Borrar el día de fin',
};

type PublicationDetailsFormProps = {
  form: UseFormReturnType<PublicationFormValues>;
  isSuperUser: boolean;
  disabled: boolean;
  onUploadingChange: (uploading: boolean) => void;
  onSessionLost: () => void;
};

/** Step two of the publication form: every field of the spec, with the asterisks of the chosen type. */
export function PublicationDetailsForm({
  form,
  isSuperUser,
  disabled,
  onUploadingChange,
  onSessionLost,
}: PublicationDetailsFormProps) {
  const { typed, locationCountry } = form.values;
  const required = (field: Parameters<typeof isFieldRequired>[1]) => isFieldRequired(typed, field);

  // The dates are wall-clock times of the publication's country: another country keeps the times as typed.
  function changeLocation(next: LocationValues) {
    for (const field of ['calendaredAt', 'calendaredUntil'] as const) {
      if (next.locationCountry === locationCountry || !form.values[field]) continue;
      const parts = splitDateTime(form.values[field], publicationTimeZone(locationCountry));
      if (parts) form.setFieldValue(field, joinDateTime(parts, publicationTimeZone(next.locationCountry)));
    }
    form.setFieldValue('locationCountry', next.locationCountry);
    form.setFieldValue('locationProvince', next.locationProvince);
    form.setFieldValue('locationCity', next.locationCity);
  }

  const setPoint = useCallback(
    (point: { locationLat: number | string; locationLng: number | string }) => {
      form.setFieldValue('locationLat', point.locationLat);
      form.setFieldValue('locationLng', point.locationLng);
    },
    // Mantine's form handle keeps its identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const urlInput = form.getInputProps('locationUrl');

  return (
    <Stack gap="md">
      <Section title="Lo principal">
        <TextInput label="Título" withAsterisk name="title" {...form.getInputProps('title')} />
        <DescriptionField name="description" {...form.getInputProps('description')} />
        <MultiSelect
          label="Materiales"
          placeholder={form.values.labels.length === 0 ? 'Elige uno o más materiales' : undefined}
          data={LABEL_OPTIONS}
          clearable
          clearButtonProps={{ 'aria-label': 'Quitar todos' }}
          withAsterisk={required('labels')}
          {...form.getInputProps('labels')}
        />
        <ImagesField
          files={form.values.files}
          error={form.errors.files}
          disabled={disabled}
          onUploaded={(image: FormImage) => form.setFieldValue('files', (files) => [...files, image])}
          onRemove={(index) => form.setFieldValue('files', (files) => files.filter((_, at) => at !== index))}
          onBusyChange={onUploadingChange}
          onSessionLost={onSessionLost}
        />
      </Section>

      <Section title="Disponibilidad y precio">
        <QuantityFields form={form} required={required('quantity')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <NumberInput
            label="Precio"
            prefix="$AR "
            placeholder="$AR 0,00"
            decimalScale={2}
            decimalSeparator=","
            thousandSeparator="."
            allowNegative={false}
            min={0}
            hideControls
            inputMode="decimal"
            withAsterisk={required('price')}
            name="price"
            {...form.getInputProps('price')}
          />
          <NumberInput
            label="Descuento (%)"
            suffix=" %"
            placeholder="0 %"
            allowDecimal={false}
            allowNegative={false}
            min={0}
            max={100}
            clampBehavior="strict"
            hideControls
            inputMode="numeric"
            name="discountRate"
            {...form.getInputProps('discountRate')}
          />
        </SimpleGrid>
      </Section>

      <Section title="Fecha">
        <ScheduleFields
          value={form.values.calendaredAt}
          countryKey={locationCountry}
          onChange={(value) => form.setFieldValue('calendaredAt', value)}
          error={form.errors.calendaredAt}
          required={required('calendaredAt')}
        />
        {(required('calendaredAt') || form.values.calendaredUntil !== '') && (
          <ScheduleFields
            value={form.values.calendaredUntil}
            countryKey={locationCountry}
            onChange={(value) => form.setFieldValue('calendaredUntil', value)}
            error={form.errors.calendaredUntil}
            required={false}
            labels={END_LABELS}
            defaultTime={splitDateTime(form.values.calendaredAt, publicationTimeZone(locationCountry))}
            withHint={false}
          />
        )}
      </Section>

      <Section title="Ubicación">
        <TextInput
          label="Dirección"
          autoComplete="street-address"
          withAsterisk={required('locationAddress')}
          name="locationAddress"
          {...form.getInputProps('locationAddress')}
        />
        <TextInput
          label="Enlace del mapa"
          type="url"
          inputMode="url"
          placeholder="https://maps.app.goo.gl/..."
          name="locationUrl"
          {...urlInput}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            urlInput.onChange(event);
            // A pasted Google Maps / OpenStreetMap link or geo: URI holds the point: it fills the coordinates.
            const found = pointFromMapsLink(event.currentTarget.value);
            if (found) setPoint(inputsOfPoint(found));
          }}
        />
        <LocationFields
          values={form.values}
          onChange={changeLocation}
          errors={form.errors}
          required={false}
        />
        <PlaceFields
          values={form.values}
          errors={form.errors}
          onPoint={setPoint}
          onExactChange={(exact) => form.setFieldValue('locationExact', exact)}
          latInput={form.getInputProps('locationLat')}
          lngInput={form.getInputProps('locationLng')}
        />
      </Section>

      {typed === 'dots' && (
        <Section title="Horario">
          <OpeningHoursEditor
            value={form.values.openingHours}
            onChange={(hours) => form.setFieldValue('openingHours', hours)}
            error={typeof form.errors.openingHours === 'string' ? form.errors.openingHours : undefined}
          />
        </Section>
      )}

      {isSuperUser && form.values.status !== undefined && (
        <Section title="Estado">
          <Switch
            label="Publicado"
            description={
              form.values.status === 1
                ? 'Publicado: lo ven todos.'
                : 'No Publicado: solo lo ven su autor y los superusuarios.'
            }
            checked={form.values.status === 1}
            onChange={(event) => form.setFieldValue('status', event.currentTarget.checked ? 1 : 0)}
          />
        </Section>
      )}
    </Stack>
  );
}

// Not a named region: its heading would share words with the field labels ('Fecha', 'Precio') and blur them.
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', xs: 'lg' }} component="section">
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
