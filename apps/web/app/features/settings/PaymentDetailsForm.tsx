import { LIMITS } from '@eco/domain/constants';
import { paymentDetailsSchema } from '@eco/domain/schemas/payment-details';
import { Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { notifyError, notifySaved } from '../../lib/notify';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useWaiting } from '../../components/waiting/waiting-context';
import { EditActions } from './EditActions';
import { SAVED_MESSAGE } from './messages';

/** Free-text payment details with their own edit toggle; like the profile form, key it by the saved text. */
export function PaymentDetailsForm({ paymentDetails }: { paymentDetails: string | null }) {
  const waiting = useWaiting();
  const { revalidate } = useRevalidator();
  const [editing, setEditing] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const { form, onSubmit, resetValidation } = useSchemaForm(paymentDetailsSchema, {
    initialValues: { paymentDetails: paymentDetails ?? '' },
  });
  const length = form.values.paymentDetails.trim().length;

  function edit() {
    setEditing(true);
    textarea.current?.focus();
  }

  function cancel() {
    form.reset();
    resetValidation();
    setEditing(false);
  }

  const submit = onSubmit(async (data) => {
    try {
      await waiting.run(
        () => apiRequest('/api/me', { method: 'PUT', body: data }),
        'Guardando datos de pago...',
      );
    } catch (error) {
      notifyError(errorMessage(error));
      return;
    }
    notifySaved(SAVED_MESSAGE);
    form.setInitialValues(form.getValues());
    resetValidation();
    setEditing(false);
    await revalidate();
  });

  return (
    <Paper withBorder p={{ base: 'md', xs: 'lg' }} component="section">
      <form onSubmit={submit} noValidate aria-labelledby="payment-heading">
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
          <Textarea
            ref={textarea}
            label="Datos de pago"
            autosize
            minRows={4}
            maxRows={12}
            readOnly={!editing}
            variant={editing ? 'default' : 'filled'}
            description={`${length}/${LIMITS.paymentDetails.max} caracteres`}
            {...form.getInputProps('paymentDetails')}
          />
          <EditActions editing={editing} saving={form.submitting} onEdit={edit} onCancel={cancel} />
        </Stack>
      </form>
    </Paper>
  );
}
