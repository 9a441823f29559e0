import { ActionIcon, Button, Stack, Text } from '@mantine/core';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { iconTip } from '../../components/icon-tip';
import type { CartCandidate } from '../cart/cart';
import { isInCart } from '../cart/cart';
import { addToCart } from '../cart/cart-actions';
import { useCart } from '../cart/cart-store';

const LABEL = 'Agregar al carrito';
const IN_CART = 'Ya está en tu carrito de contactos';

type AddToCartButtonProps = { publication: CartCandidate; variant: 'icon' | 'button' };

/**
 * Adds a publication to the contact cart; only for authors with a phone (the cart ends in a WhatsApp message). The
 * card's icon is disabled once the publication is in the cart; the page's button stays active and answers a second
 * click with the duplicate warning.
 */
export function AddToCartButton({ publication, variant }: AddToCartButtonProps) {
  const inCart = isInCart(useCart(), publication._id);
  if (!publication.createdBy.phone) return null;

  if (variant === 'icon') {
    return (
      <ActionIcon
        variant="light"
        size="lg"
        {...iconTip(inCart ? IN_CART : LABEL, 'start')}
        disabled={inCart}
        onClick={() => addToCart(publication)}
      >
        <IconShoppingCartPlus size={20} aria-hidden />
      </ActionIcon>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      <Button
        leftSection={<IconShoppingCartPlus size={20} aria-hidden />}
        onClick={() => addToCart(publication)}
      >
        {LABEL}
      </Button>
      {inCart && (
        <Text size="xs" c="dimmed">
          {IN_CART}
        </Text>
      )}
    </Stack>
  );
}
