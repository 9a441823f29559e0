import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  reportFormSchema,
  type ReportReason,
  type ReportTargetType,
} from '@eco/domain';
import { LIMITS } from '@eco/domain/constants';
import { Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ResponsiveDialog } from '../../components/dialogs/ResponsiveDialog';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSchemaForm } from '../../lib/use-schema-form';
import { CaptchaField, type CaptchaHandle } from '../captcha/CaptchaField';

type ReportDialogProps = {
  opened: boolean;
  onClose: () => void;
  targetType: ReportTargetType;
  targetId: string;
  label: string;
  /** Guests prove they are a person; members are known already. */
  asGuest: boolean;
};

export default function ReportDialog({
  opened,
  onClose,
  targetType,
  targetId,
  label,
  asGuest,
}: ReportDialogProps) {
  const [captcha, setCaptcha] = useState<CaptchaHandle | null>(null);
  const { form, onSubmit } = useSchemaForm(reportFormSchema, {
    initialValues: { reason: '' as ReportReason, comment: '' },
  });

  const submit = onSubmit(async ({ reason, comment }) => {
    try {
      const token = asGuest ? await captcha?.token() : undefined;
      const { message } = await apiRequest<{ message: string }>('/api/reports', {
        method: 'POST',
        body: { targetType, targetId, reason, comment, captcha: token },
      });
      notifySuccess(message);
      form.reset();
      onClose();
    } catch (error) {
      captcha?.reset();
      notifyError(errorMessage(error));
    }
  });

  return (
    <ResponsiveDialog
      opened={opened}
      onClose={onClose}
      title={targetType === 'publication' ? 'Denunciar anuncio' : 'Denunciar perfil'}
      fullScreenOnMobile
    >
      <form onSubmit={submit} noValidate aria-label="Formulario de denuncia">
        <Stack gap="md">
          <Text size="sm">
            ¿Qué problema tiene <strong>{label}</strong>? Un moderador lo revisará; quien publicó no sabrá
            quién lo denunció.
          </Text>
          <Radio.Group label="Motivo" withAsterisk {...form.getInputProps('reason')}>
            <Stack gap={6} mt={6}>
              {REPORT_REASONS.map((reason) => (
                <Radio key={reason} value={reason} label={REPORT_REASON_LABELS[reason]} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label="Comentario"
            description={`Opcional salvo para «Otro»; entre ${LIMITS.reportComment.min} y ${LIMITS.reportComment.max} caracteres.`}
            autosize
            minRows={2}
            maxLength={LIMITS.reportComment.max}
            withAsterisk={form.values.reason === 'otro'}
            {...form.getInputProps('comment')}
          />
          {asGuest && <CaptchaField ref={setCaptcha} action="report" />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" color="red" loading={form.submitting}>
              Enviar denuncia
            </Button>
          </Group>
        </Stack>
      </form>
    </ResponsiveDialog>
  );
}
