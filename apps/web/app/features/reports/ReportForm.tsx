import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { REPORT_REASON_LABELS, REPORT_REASONS, reportFormSchema, type ReportTargetType } from '@eco/domain';
import { LIMITS } from '@eco/domain/constants';
import { Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { ActionNotice } from '../../lib/forms/ActionNotice';
import { chosenBeforeHydration } from '../../lib/forms/typed-before-hydration';
import type { FormAnswer } from '../../lib/forms/form-answer';
import { fieldError, textFieldProps, useActionForm } from '../../lib/forms/use-action-form';
import { CaptchaField } from '../captcha/CaptchaField';
import { useCaptchaSubmit } from '../captcha/use-captcha-submit';
import { reportPath } from './report-path';

type ReportFormProps = {
  targetType: ReportTargetType;
  targetId: string;
  label: string;
  /** Guests prove they are a person; members are known already. */
  asGuest: boolean;
  /** The report page's answer when it answered the post without scripts. */
  answer: FormAnswer | undefined;
  /** 'Cancelar': a button that closes the dialog, or a link back from the report page. */
  cancel: ReactNode;
  /** Called once the report is filed (the action redirected back with its notice). */
  onFiled?: () => void;
};

/** A reason and a comment (required for 'Otro'); posts to the report page's action. */
export function ReportForm({
  targetType,
  targetId,
  label,
  asGuest,
  answer,
  cancel,
  onFiled,
}: ReportFormProps) {
  const fetcher = useFetcher<FormAnswer>();
  const shown = fetcher.data ?? answer;
  const { attachCaptcha, solving, onValidSubmit } = useCaptchaSubmit(fetcher.submit);
  const { fields, formProps } = useActionForm({
    schema: reportFormSchema,
    lastResult: shown?.result,
    onValidSubmit: asGuest ? onValidSubmit : undefined,
  });
  const sent = useRef(false);
  // Mantine's group holds the choice: it starts with the one made before the page's scripts ran, if any.
  const [reason, setReason] = useState(
    () =>
      chosenBeforeHydration(fields.reason.name) ??
      (typeof fields.reason.initialValue === 'string' ? fields.reason.initialValue : ''),
  );

  // A filed report redirects: the fetcher comes back idle without an answer.
  useEffect(() => {
    if (fetcher.state !== 'idle') sent.current = true;
    else if (sent.current) {
      sent.current = false;
      if (fetcher.data === undefined) onFiled?.();
    }
  }, [fetcher.state, fetcher.data, onFiled]);

  return (
    <fetcher.Form
      method="post"
      action={reportPath(targetType, targetId)}
      {...formProps}
      aria-label="Formulario de denuncia"
    >
      <Stack gap="md">
        <ActionNotice notice={shown?.notice} />
        <Text size="sm">
          ¿Qué problema tiene <strong>{label}</strong>? Un moderador lo revisará; quien publicó no sabrá quién
          lo denunció.
        </Text>
        <Radio.Group
          label="Motivo"
          withAsterisk
          id={fields.reason.id}
          name={fields.reason.name}
          value={reason}
          onChange={setReason}
          error={fieldError(fields.reason)}
        >
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
          withAsterisk={reason === 'otro'}
          {...textFieldProps(fields.comment)}
        />
        {asGuest && <CaptchaField ref={attachCaptcha} action="report" />}
        <Group justify="flex-end">
          {cancel}
          <Button type="submit" color="red.9" loading={solving || fetcher.state !== 'idle'}>
            Enviar denuncia
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}
