import type { Qualification } from '@eco/domain';
import { LIMITS } from '@eco/domain/constants';
import { ratingSchema } from '@eco/domain/schemas/rating';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useFetcher } from 'react-router';
import { useConfirm } from '../../components/dialogs/dialogs-context';
import { ActionNotice } from '../../lib/forms/ActionNotice';
import { textFieldProps, fieldError, useActionForm } from '../../lib/forms/use-action-form';
import { useHydrated } from '../../lib/forms/use-hydrated';
import { RATE_INTENT, type RateAnswer } from './rating-intent';
import { CANCEL_RATING_CONFIRMATION } from './rating-texts';
import { StarRatingInput } from './StarRatingInput';

type RatingFormProps = {
  toUserName: string;
  /** The visitor's own rating of this member, null when they have not rated yet. Key the form by it. */
  existing: Qualification | null;
  /** The page's answer when it answered this form's post without scripts. */
  answer: RateAnswer | undefined;
};

/**
 * Rates a member: stars and an optional comment. 'Enviar' for a new rating, 'Guardar' for an existing one. Posts to
 * the profile page's action.
 */
export function RatingForm({ toUserName, existing, answer }: RatingFormProps) {
  const confirm = useConfirm();
  const hydrated = useHydrated();
  const fetcher = useFetcher<RateAnswer>();
  const shown = fetcher.data ?? answer;
  const editing = existing !== null;
  const { form, fields, formProps } = useActionForm({
    schema: ratingSchema,
    lastResult: shown?.result,
    defaultValue: editing
      ? { _id: existing._id, rating: String(existing.rating), comment: existing.comment ?? '' }
      : { rating: '', comment: '' },
  });
  const stars = Number(fields.rating.value ?? 0);
  const comment = typeof fields.comment.value === 'string' ? fields.comment.value : '';
  const entered = stars > 0 || comment.trim() !== '';
  const changed = form.dirty;

  async function cancel() {
    if (!editing && entered) {
      const confirmed = await confirm({ ...CANCEL_RATING_CONFIRMATION, confirmColor: 'red.9' });
      if (!confirmed) return;
    }
    form.reset();
  }

  return (
    <fetcher.Form method="post" {...formProps} aria-label={`Calificar a ${toUserName}`}>
      <Stack gap="sm">
        <ActionNotice notice={shown?.notice} />
        <input type="hidden" name="intent" value={RATE_INTENT} />
        {editing && <input type="hidden" name="_id" value={existing._id} />}
        <Text fw={600}>{editing ? 'Tu calificación' : `¿Cómo fue tu experiencia con ${toUserName}?`}</Text>
        <StarRatingInput
          // A reset of the form shows its stars again from the start.
          key={fields.rating.key}
          legend="Calificación"
          required
          id={fields.rating.id}
          name={fields.rating.name}
          defaultValue={Number(fields.rating.initialValue ?? 0)}
          error={fieldError(fields.rating)}
        />
        <Textarea
          key={fields.comment.key}
          label="Comentario (opcional)"
          placeholder="Cuéntales a los demás cómo fue el trato"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={LIMITS.ratingComment.max}
          description={`${comment.trim().length} / ${LIMITS.ratingComment.max}`}
          {...textFieldProps(fields.comment)}
        />
        <Group justify="flex-end" gap="sm">
          {(editing ? changed : entered) && (
            <Button variant="default" onClick={() => void cancel()}>
              Cancelar
            </Button>
          )}
          <Button type="submit" disabled={hydrated && editing && !changed} loading={fetcher.state !== 'idle'}>
            {editing ? 'Guardar' : 'Enviar'}
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}
