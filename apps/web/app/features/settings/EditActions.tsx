import { Button, Group } from '@mantine/core';
import { IconDeviceFloppy, IconPencil, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';

type EditActionsProps = {
  editing: boolean;
  saving: boolean;
  /** Where 'Editar' and 'Cancelar' lead (settings/edit-toggle.ts). */
  editTo: string;
  cancelTo: string;
};

/** The edit toggle of the settings forms: 'Editar' while read-only, then 'Guardar' (submit) and 'Cancelar'. */
export function EditActions({ editing, saving, editTo, cancelTo }: EditActionsProps) {
  if (!editing) {
    return (
      <Group justify="flex-end">
        <Button
          component={Link}
          to={editTo}
          replace
          preventScrollReset
          variant="light"
          leftSection={<IconPencil size={18} aria-hidden />}
        >
          Editar
        </Button>
      </Group>
    );
  }
  return (
    <Group justify="flex-end">
      <Button
        component={Link}
        to={cancelTo}
        replace
        preventScrollReset
        variant="default"
        leftSection={<IconX size={18} aria-hidden />}
      >
        Cancelar
      </Button>
      <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
        Guardar
      </Button>
    </Group>
  );
}
