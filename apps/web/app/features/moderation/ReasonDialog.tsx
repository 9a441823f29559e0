import { moderationReasonSchema } from '@eco/domain';
import { LIMITS } from '@eco/domain/constants';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { ResponsiveDialog } from '../../components/dialogs/ResponsiveDialog';
import { useSchemaForm } from '../../lib/use-schema-form';

export type ReasonRequest = { title: string; message: string; confirmLabel: string };

/** Asks for the reason of a decision that hides something; confirming it is the confirmation. */
export function ReasonDialog({
  request,
  onClose,
  onConfirm,
}: {
  request: ReasonRequest | null;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) {
  const { form, onSubmit } = useSchemaForm(moderationReasonSchema, { initialValues: { reason: '' } });
  const submit = onSubmit(async ({ reason }) => {
    await onConfirm(reason);
    form.reset();
  });

  return (
    <ResponsiveDialog opened={request !== null} onClose={onClose} title={request?.title}>
      <form onSubmit={submit} noValidate aria-label="Motivo de la decisión">
        <Stack gap="md">
          <Text size="sm">{request?.message}</Text>
          <Textarea
            label="Motivo"
            description={`Lo lee la persona afectada; entre ${LIMITS.reportComment.min} y ${LIMITS.reportComment.max} caracteres.`}
            withAsterisk
            autosize
            minRows={2}
            maxLength={LIMITS.reportComment.max}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Mejor no
            </Button>
            <Button type="submit" color="red" loading={form.submitting}>
              {request?.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </ResponsiveDialog>
  );
}
