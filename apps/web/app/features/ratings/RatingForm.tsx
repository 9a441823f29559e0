import type { Qualification } from '@eco/domain';
import { LIMITS } from '@eco/domain/constants';
import { ratingSchema } from '@eco/domain/schemas/rating';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useRevalidator } from 'react-router';
import { useConfirm } from '../../components/dialogs/dialogs-context';
import { useWaiting } from '../../components/waiting/waiting-context';
import { errorMessage } from '../../lib/api-client';
import { notifyError, notifySaved } from '../../lib/notify';
import { useSchemaForm } from '../../lib/use-schema-form';
import { saveQualification } from './ratings-api';
import { CANCEL_RATING_CONFIRMATION } from './rating-texts';
import { StarRatingInput } from './StarRatingInput';

type RatingFormProps = {
  toUserId: string;
  toUserName: string;
  /** The visitor's own rating of this member, null when they have not rated yet. Key the form by it. */
  existing: Qualification | null;
};

type Values = { _id?: string; rating: number; comment: string };

/** Rates a member: stars and an optional comment. 'Enviar' for a new rating, 'Guardar' for an existing one. */
export function RatingForm({ toUserId, toUserName, existing }: RatingFormProps) {
  const confirm = useConfirm();
  const waiting = useWaiting();
  const { revalidate } = useRevalidator();
  const editing = existing !== null;
  const { form, onSubmit, resetValidation } = useSchemaForm<Values, typeof ratingSchema>(ratingSchema, {
    initialValues: editing
      ? { _id: existing._id, rating: existing.rating, comment: existing.comment ?? '' }
      : { rating: 0, comment: '' },
  });
  const values = form.getValues();
  const entered = values.rating > 0 || values.comment.trim() !== '';
  const changed = form.isDirty();

  async function cancel() {
    if (!editing && entered) {
      const confirmed = await confirm({ ...CANCEL_RATING_CONFIRMATION, confirmColor: 'red.9' });
      if (!confirmed) return;
    }
    form.reset();
    resetValidation();
  }

  const submit = onSubmit(async (data) => {
    try {
      await waiting.run(
        () => saveQualification(toUserId, data),
        editing ? 'Guardando calificación...' : 'Enviando calificación...',
      );
    } catch (error) {
      notifyError(errorMessage(error));
      return;
    }
    notifySaved(
      editing ? '¡Todo correcto! Tu calificación se ha guardado.' : '¡Todo correcto! Gracias por calificar.',
    );
    await revalidate();
  });

  return (
    <form onSubmit={submit} noValidate aria-label={`Calificar a ${toUserName}`}>
      <Stack gap="sm">
        <Text fw={600}>{editing ? 'Tu calificación' : `¿Cómo fue tu experiencia con ${toUserName}?`}</Text>
        <StarRatingInput
          legend="Calificación"
          required
          value={values.rating}
          onChange={(stars) => form.setFieldValue('rating', stars)}
          error={typeof form.errors.rating === 'string' ? form.errors.rating : null}
        />
        <Textarea
          label="Comentario (opcional)"
          placeholder="Cuéntales a los demás cómo fue el trato"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={LIMITS.ratingComment.max}
          description={`${values.comment.trim().length} / ${LIMITS.ratingComment.max}`}
          {...form.getInputProps('comment')}
        />
        <Group justify="flex-end" gap="sm">
          {(editing ? changed : entered) && (
            <Button variant="default" onClick={() => void cancel()}>
              Cancelar
            </Button>
          )}
          <Button type="submit" disabled={editing && !changed}>
            {editing ? 'Guardar' : 'Enviar'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
