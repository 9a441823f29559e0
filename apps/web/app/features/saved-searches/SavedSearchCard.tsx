import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Form, Link } from 'react-router';
import { FIELDS, searchExplorePath, searchSummary, type SavedSearch } from './saved-searches';

/** One saved search: open it, rename it, switch its alert and e-mail, delete it. Each change is a form of its own. */
export function SavedSearchCard({ search }: { search: SavedSearch }) {
  const hidden = <input type="hidden" name={FIELDS.id} value={search._id} />;
  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Anchor component={Link} to={searchExplorePath(search)} fw={600}>
              {search.name}
            </Anchor>
            <Text size="sm" c="dark.6">
              {searchSummary(search)}
            </Text>
          </Stack>
          <Badge color={search.alert ? 'green' : 'gray'} variant="light">
            {search.alert ? 'Aviso activado' : 'Aviso desactivado'}
          </Badge>
        </Group>
        <Form method="post">
          {hidden}
          <input type="hidden" name={FIELDS.intent} value="rename" />
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              name={FIELDS.name}
              label="Nombre"
              defaultValue={search.name}
              maxLength={60}
              required
              style={{ flex: 1 }}
            />
            <Button type="submit" variant="default">
              Cambiar nombre
            </Button>
          </Group>
        </Form>
        <Group gap="xs">
          <Button
            component={Link}
            to={searchExplorePath(search)}
            size="xs"
            leftSection={<IconSearch size={16} aria-hidden />}
          >
            Ver resultados
          </Button>
          <SwitchForm id={search._id} intent="alert" on={search.alert}>
            {search.alert ? 'Desactivar aviso' : 'Activar aviso'}
          </SwitchForm>
          <SwitchForm id={search._id} intent="digest" on={search.digest}>
            {search.digest ? 'Quitar del resumen por e-mail' : 'Sumar al resumen por e-mail'}
          </SwitchForm>
          <Form method="post">
            {hidden}
            <input type="hidden" name={FIELDS.intent} value="delete" />
            <Button
              type="submit"
              size="xs"
              variant="subtle"
              color="red"
              aria-label={`Eliminar «${search.name}»`}
            >
              Eliminar
            </Button>
          </Form>
        </Group>
      </Stack>
    </Card>
  );
}

/** A button that turns one of the search's switches the other way: a form of its own, so it works without scripts. */
function SwitchForm({
  id,
  intent,
  on,
  children,
}: {
  id: string;
  intent: 'alert' | 'digest';
  on: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name={FIELDS.id} value={id} />
      <input type="hidden" name={FIELDS.intent} value={intent} />
      <input type="hidden" name={FIELDS.value} value={on ? 'off' : 'on'} />
      <Button type="submit" size="xs" variant="light">
        {children}
      </Button>
    </Form>
  );
}
