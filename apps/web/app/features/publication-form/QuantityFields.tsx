import { NumberInput, SimpleGrid, Switch } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useRef } from 'react';
import type { PublicationFormValues } from './publication-form-values';

type QuantityFieldsProps = { form: UseFormReturnType<PublicationFormValues>; required: boolean };

/** 'Tengo más de uno' turns the quantity on; off, the publication has no quantity. */
export function QuantityFields({ form, required }: QuantityFieldsProps) {
  const quantityInput = useRef<HTMLInputElement>(null);
  const { hasQuantity } = form.values;

  function toggle(checked: boolean) {
    form.setFieldValue('hasQuantity', checked);
    // Off means no quantity at all; on starts empty so the user types the real number.
    form.setFieldValue('quantity', '');
    if (checked) requestAnimationFrame(() => quantityInput.current?.focus());
  }

  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
      <Switch
        label="Tengo más de uno"
        description="Actívalo para indicar cuántos tienes."
        checked={hasQuantity}
        onChange={(event) => toggle(event.currentTarget.checked)}
        mt={{ xs: 'xl' }}
      />
      <NumberInput
        ref={quantityInput}
        label="Cantidad"
        placeholder={hasQuantity ? 'Por ejemplo, 10' : 'Activa «Tengo más de uno»'}
        min={1}
        allowDecimal={false}
        allowNegative={false}
        hideControls
        inputMode="numeric"
        withAsterisk={required}
        disabled={!hasQuantity}
        name="quantity"
        {...form.getInputProps('quantity')}
      />
    </SimpleGrid>
  );
}
