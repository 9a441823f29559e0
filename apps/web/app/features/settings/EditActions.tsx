import { Button, Group } from '@mantine/core';
import { IconDeviceFloppy, IconPencil, IconX } from '@tabler/icons-react';

type EditActionsProps = {
  editing: boolean;
  saving: boolean;
  onEdit: () => void;
  onCancel: () => void;
};

/** The edit toggle of the settings forms: 'Editar' while read-only, then 'Guardar' (submit) and 'Cancelar'. */
export function EditActions({ editing, saving, onEdit, onCancel }: EditActionsProps) {
  if (!editing) {
    return (
      <Group justify="flex-end">
        <Button variant="light" leftSection={<IconPencil size={18} aria-hidden />} onClick={onEdit}>
          Editar
        </Button>
      </Group>
    );
  }
  return (
    <Group justify="flex-end">
      <Button
        variant="default"
        leftSection={<IconX size={18} aria-hidden />}
        onClick={onCancel}
        disabled={saving}
      >
        Cancelar
      </Button>
      <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
        Guardar
      </Button>
    </Group>
  );
}
