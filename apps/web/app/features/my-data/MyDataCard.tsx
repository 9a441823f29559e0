import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { FormAnswer } from '../../lib/forms/form-answer';
import { CONFIRM_PARAM, CONFIRM_VALUE } from './delete-account';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { DeleteAccountForm } from './DeleteAccountForm';
import { EXPORT_URL } from './my-data-requests';

/**
 * Settings card: the member's rights over their data (a copy of everything, and leaving for good). 'Eliminar mi
 * cuenta' opens a dialog; before the page's scripts run it is a link that shows the same form in the card.
 */
export function MyDataCard({ answer }: { answer: FormAnswer | undefined }) {
  const [searchParams] = useSearchParams();
  const [deleting, setDeleting] = useState(false);
  const inCard = searchParams.get(CONFIRM_PARAM) === CONFIRM_VALUE;

  return (
    <Paper withBorder p={{ base: 'md', xs: 'lg' }} component="section" aria-labelledby="my-data-heading">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id="my-data-heading">
            Tus datos
          </Title>
          <Text size="sm" c="dimmed">
            Puedes llevarte una copia de todo lo que guardamos sobre ti o eliminar tu cuenta. Más detalles en
            la{' '}
            <Anchor component={Link} to="/privacy" inherit underline="always">
              Política de Privacidad
            </Anchor>
            .
          </Text>
        </Stack>
        <Group gap="sm">
          <Button component="a" href={EXPORT_URL} download variant="default">
            Descargar mis datos
          </Button>
          {!inCard && (
            // red.9: the light variant's default red is too pale on its tint for small text (WCAG AA).
            <Button
              component={Link}
              to={`?${CONFIRM_PARAM}=${CONFIRM_VALUE}`}
              preventScrollReset
              color="red.9"
              variant="light"
              onClick={(event) => {
                event.preventDefault();
                setDeleting(true);
              }}
            >
              Eliminar mi cuenta
            </Button>
          )}
        </Group>
        {inCard && (
          <DeleteAccountForm
            answer={answer}
            cancel={
              <Button component={Link} to="." replace preventScrollReset variant="default">
                Mejor no
              </Button>
            }
          />
        )}
      </Stack>
      <DeleteAccountDialog opened={deleting} onCancel={() => setDeleting(false)} />
    </Paper>
  );
}
