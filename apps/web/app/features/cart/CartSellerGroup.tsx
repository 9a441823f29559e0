import { CART_DESCRIPTION_LENGTH } from '@eco/domain/constants';
import { truncate } from '@eco/domain/text';
import { ActionIcon, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBrandWhatsapp, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { CartGroup } from './cart';
import { clearSellerCart, removeFromCart } from './cart-actions';
import { contactUrl } from './cart-message';
import { readingPath } from '../publications/publications';
import { UserAvatar } from '../users/UserAvatar';
import { useConfirm } from '../../components/dialogs/dialogs-context';
import { iconTip } from '../../components/icon-tip';

type CartSellerGroupProps = { group: CartGroup; onNavigate: () => void };

/** One seller in the cart: their publications (each removable) and the WhatsApp contact. */
export function CartSellerGroup({ group, onNavigate }: CartSellerGroupProps) {
  const confirm = useConfirm();
  const { seller } = group;
  const headingId = `cart-seller-${seller._id}`;

  async function remove(publicationId: string, title: string) {
    const confirmed = await confirm({
      title: 'Quitar del carrito',
      message: `¿Quieres quitar “${title}” de tu carrito?`,
      confirmColor: 'red',
    });
    if (confirmed) removeFromCart(publicationId);
  }

  // The form opens WhatsApp in a new tab by itself; meanwhile, the cart offers to forget this seller's items.
  async function offerToClear() {
    const confirmed = await confirm({
      title: '¿Vaciar el carrito de este vendedor?',
      message: `Si ya le escribiste a ${seller.name}, puedes quitar sus anuncios de tu carrito. Esta acción no se puede deshacer.`,
      confirmColor: 'orange',
    });
    if (confirmed) clearSellerCart(seller._id);
  }

  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <UserAvatar name={seller.name} pictureUrl={seller.pictureUrl} size="md" />
          <Text fw={700} id={headingId} truncate>
            {seller.name}
          </Text>
        </Group>
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {group.publications.map((publication) => (
            <Group component="li" key={publication._id} gap="xs" wrap="nowrap" align="flex-start">
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Anchor
                  component={Link}
                  to={readingPath(publication)}
                  onClick={onNavigate}
                  fw={600}
                  size="sm"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {publication.title}
                </Anchor>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {truncate(publication.description, CART_DESCRIPTION_LENGTH)}
                </Text>
              </Stack>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                {...iconTip('Quitar del carrito', 'end', `Quitar ${publication.title} del carrito`)}
                onClick={() => void remove(publication._id, publication.title)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
        {/* Posted to the site in a new tab, which records the contact and goes on to WhatsApp (routes/contact.tsx). */}
        <form method="post" action="/contact" target="_blank" onSubmit={() => void offerToClear()}>
          <input type="hidden" name="sellerId" value={seller._id} />
          {group.publications.map((publication) => (
            <input key={publication._id} type="hidden" name="publicationIds" value={publication._id} />
          ))}
          <input type="hidden" name="whatsapp" value={contactUrl(group)} />
          <Button
            type="submit"
            color="eco"
            leftSection={<IconBrandWhatsapp size={20} aria-hidden />}
            fullWidth
          >
            Contactar por WhatsApp
          </Button>
        </form>
      </Stack>
    </Paper>
  );
}
