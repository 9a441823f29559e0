import type { PurchaseOptions } from '@eco/domain';
import { Button, Group, Text } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useWaiting } from '../../components/waiting/waiting-context';
import { errorMessage } from '../../lib/api-client';
import { notifyError } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { createOrder } from './deals-api';
import { formatMoney } from './money';

const QuantityField = lazy(() => import('./QuantityField'));

type BuyButtonProps = { publicationId: string; sellerId: string; options: PurchaseOptions };

/**
 * 'Comprar con Mercado Pago' on a product or course of a seller who connected an account: creates the order and
 * sends the buyer to Checkout Pro. Guests are sent to sign in and back; sellers do not see it on their own.
 */
export function BuyButton({ publicationId, sellerId, options }: BuyButtonProps) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const waiting = useWaiting();
  const [quantity, setQuantity] = useState(1);
  if (!options.available || options.unitPrice === null) return null;
  if (session?.userId === sellerId) return null;
  const total = options.unitPrice * quantity;

  async function buy() {
    if (session === null) {
      void navigate(`/auth?redirectTo=${encodeURIComponent(location.pathname)}`);
      return;
    }
    try {
      const { checkoutUrl } = await waiting.run(
        () => createOrder(publicationId, quantity),
        'Preparando el pago...',
      );
      window.location.assign(checkoutUrl);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  return (
    <Group gap="xs" align="flex-end">
      {options.maxQuantity > 1 && (
        <Suspense fallback={null}>
          <QuantityField max={options.maxQuantity} value={quantity} onChange={setQuantity} />
        </Suspense>
      )}
      <Button
        color="blue"
        size="md"
        leftSection={<IconShoppingCart size={20} aria-hidden />}
        onClick={() => void buy()}
      >
        Comprar con Mercado Pago
      </Button>
      <Text size="sm" c="dimmed" aria-live="polite">
        {formatMoney(total, options.currency)}
      </Text>
    </Group>
  );
}
