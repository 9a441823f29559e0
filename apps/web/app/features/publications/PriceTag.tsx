import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import type { PriceView } from './price';

type PriceTagProps = { price: PriceView; size?: 'md' | 'xl' };

/** The price now, and with a discount the price before (struck through) and the percent off. */
export function PriceTag({ price, size = 'md' }: PriceTagProps) {
  return (
    <Group gap={6} align="baseline" wrap="wrap">
      <Text fw={800} size={size} c="dark.8">
        {price.original && <VisuallyHidden>Precio con descuento: </VisuallyHidden>}
        {price.current}
      </Text>
      {price.original && (
        <>
          <Text size={size === 'xl' ? 'md' : 'sm'} c="dark.4" td="line-through">
            <VisuallyHidden>Antes: </VisuallyHidden>
            {price.original}
          </Text>
          <Badge color="red.9" variant="filled" size="sm">
            {`-${price.discountRate}%`}
          </Badge>
        </>
      )}
    </Group>
  );
}
