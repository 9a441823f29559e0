import { LIMITS } from '@eco/domain/constants';
import { paymentDetailsSchema } from '@eco/domain/schemas/payment-details';
import { Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { ActionNotice } from '../../lib/forms/ActionNotice';
import type { FormAnswer } from '../../lib/forms/form-answer';
import { textFieldProps, useActionForm } from '../../lib/forms/use-action-form';
import { EditActions } from './EditActions';
import { useSettingsForm } from './edit-toggle';
import { SETTINGS_INTENTS } from './settings-intents';

type PaymentDetailsFormProps = {
  paymentDetails: string | null;
  /** The action's answer when it was this form's. */
  answer: FormAnswer | undefined;
};

/** Free-text payment details with their own edit toggle (`?editar=pago`); like the profile form, key it by the text. */
export function PaymentDetailsForm({ paymentDetails, answer }: PaymentDetailsFormProps) {
  const settings = useSettingsForm('pago', answer);
  const { editing, fetcher, shown } = settings;
  const { fields, formProps } = useActionForm({
    schema: paymentDetailsSchema,
    lastResult: shown?.result,
    defaultValue: { paymentDetails: paymentDetails ?? '' },
  });
  const text = fields.paymentDetails.value;
  const length = typeof text === 'string' ? text.trim().length : 0;

  return (
    <Paper withBorder p={{ base: 'md', xs: 'lg' }} component="section">
      <fetcher.Form method="post" {...formProps} aria-labelledby="payment-heading">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h3" id="payment-heading">
              Cómo te pagan
            </Title>
            <Text size="sm" c="dimmed">
              Cuéntales a tus compradores cómo pueden pagarte: alias o CBU, billetera virtual, efectivo al
              retirar…
            </Text>
          </Stack>
          <ActionNotice notice={shown?.notice} />
          <input type="hidden" name="intent" value={SETTINGS_INTENTS.paymentDetails} />
          <Textarea
            label="Datos de pago"
            autosize
            minRows={4}
            maxRows={12}
            readOnly={!editing}
            variant={editing ? 'default' : 'filled'}
            autoFocus={editing && !shown}
            description={`${length}/${LIMITS.paymentDetails.max} caracteres`}
            {...textFieldProps(fields.paymentDetails)}
          />
          <EditActions {...settings} />
        </Stack>
      </fetcher.Form>
    </Paper>
  );
}
