import { DIALOG_WIDTH } from '@eco/domain/constants';
import { Stack, Text } from '@mantine/core';
import { useCart } from './cart-store';
import { ResponsiveDialog } from '../../components/dialogs/ResponsiveDialog';
import { CartSellerGroup } from './CartSellerGroup';

type CartDialogProps = { opened: boolean; onClose: () => void };

/**
 * The contact cart: per seller, the chosen publications and a WhatsApp contact. Below the app's confirmation
 * dialog (z-index), which asks before removing anything.
 */
export default function CartDialog({ opened, onClose }: CartDialogProps) {
  const cart = useCart();
  return (
    <ResponsiveDialog
      opened={opened}
      onClose={onClose}
      title="Carrito de contactos"
      size={DIALOG_WIDTH.cart}
      fullScreenOnMobile
      zIndex={190}
    >
      {cart.length === 0 ? (
        <Text c="dimmed">
          Tu carrito está vacío. Agrega anuncios para contactar a quienes los publicaron.
        </Text>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Escríbele a cada persona por WhatsApp con un mensaje que ya incluye los anuncios que elegiste.
          </Text>
          {cart.map((group) => (
            <CartSellerGroup key={group.sellerId} group={group} onNavigate={onClose} />
          ))}
        </Stack>
      )}
    </ResponsiveDialog>
  );
}
