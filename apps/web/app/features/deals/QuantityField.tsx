// NumberInput's own styles (its chevrons) come with it: the root stylesheet has only Input's.
import '@mantine/core/styles/NumberInput.css';
import { NumberInput } from '@mantine/core';

type QuantityFieldProps = { max: number; value: number; onChange: (value: number) => void };

/**
 * The quantity of a purchase. Its own chunk (BuyButton.tsx): Mantine's NumberInput and its number formatting library
 * are about 9 KB that every publication page would load, when only the products of a seller who connected Mercado
 * Pago, with more than one unit, show the field (decision 018).
 */
export default function QuantityField({ max, value, onChange }: QuantityFieldProps) {
  return (
    <NumberInput
      label="Cantidad"
      min={1}
      max={max}
      clampBehavior="strict"
      allowDecimal={false}
      allowNegative={false}
      value={value}
      onChange={(next) => onChange(typeof next === 'number' && next >= 1 ? next : 1)}
      w={96}
    />
  );
}
