import { moderationReasonSchema } from '@eco/domain';
import { LIMITS } from '@eco/domain/constants';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { ActionNotice } from '../../lib/forms/ActionNotice';
import type { FormAnswer } from '../../lib/forms/form-answer';
import { textFieldProps, useActionForm } from '../../lib/forms/use-action-form';
import type { Decision, ReasonRequest } from './decisions';

type ReasonFormProps = {
  decision: Decision;
  targetId: string;
  request: ReasonRequest;
  /** The desk's answer when it answered this form's post without scripts. */
  answer: FormAnswer | undefined;
  /** 'Mejor no': closes the dialog, or a link back for the form shown in its card. */
  cancel: ReactNode;
};

/** The reason of a decision that hides something; sending it is the confirmation. */
export function ReasonForm({ decision, targetId, request, answer, cancel }: ReasonFormProps) {
  const fetcher = useFetcher<FormAnswer>();
  const shown = fetcher.data ?? answer;
  const { fields, formProps } = useActionForm({ schema: moderationReasonSchema, lastResult: shown?.result });

  return (
    <fetcher.Form method="post" {...formProps} aria-label="Motivo de la decisión">
      <Stack gap="md">
        <ActionNotice notice={shown?.notice} />
        <input type="hidden" name="decision" value={decision} />
        <input type="hidden" name="targetId" value={targetId} />
        <Text size="sm">{request.message}</Text>
        <Textarea
          label="Motivo"
          description={`Lo lee la persona afectada; entre ${LIMITS.reportComment.min} y ${LIMITS.reportComment.max} caracteres.`}
          withAsterisk
          autosize
          minRows={2}
          maxLength={LIMITS.reportComment.max}
          data-autofocus
          {...textFieldProps(fields.reason)}
        />
        <Group justify="flex-end">
          {cancel}
          <Button type="submit" color="red.9" loading={fetcher.state !== 'idle'}>
            {request.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}
