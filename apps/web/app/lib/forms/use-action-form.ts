import { INTENT } from '@conform-to/dom';
import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { FormEvent } from 'react';
import type { z } from 'zod';
import { notifyFormError } from '../notify';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Conform's own bound for a form's values.
type Values = Record<string, any>;

export type ActionFormOptions<Schema extends z.ZodType<Values, Values>> = {
  /** The domain schema the route's action validates with: one rule for the browser and the server. */
  schema: Schema;
  /** The action's last answer for this form (its `result`), with the values and errors it sent back. */
  lastResult?: SubmissionResult<string[]> | null | undefined;
  defaultValue?: Partial<Record<keyof z.input<Schema>, unknown>>;
  /** A fixed id, for forms whose fields other elements point to; a generated one otherwise. */
  id?: string;
  /**
   * A valid submit, before React Router sends it: prevent its default to send it yourself (a captcha token to add
   * first). Without it the router posts the form to its action.
   */
  onValidSubmit?: (event: FormEvent<HTMLFormElement>, formData: FormData) => void;
};

/**
 * A form that posts to its route's action and works before scripts run (decision 028): its inputs are uncontrolled
 * and named, so what a person typed before hydration is what is sent. Once scripts run it behaves as every form of
 * the product: nothing is validated until the first submit, then each field as it changes; an invalid submit shows
 * 'El formulario tiene errores' and is not sent.
 */
export function useActionForm<Schema extends z.ZodType<Values, Values>>({
  schema,
  lastResult,
  defaultValue,
  id,
  onValidSubmit,
}: ActionFormOptions<Schema>) {
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as never,
  });
  const props = getFormProps(form);
  const formProps = {
    ...props,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      // Conform validates the form's fields as they are in the page and stops an invalid submit. It also submits the
      // form itself, with an intent button, to revalidate a field as it changes: that is no person's submit.
      props.onSubmit(event);
      if (submitterOf(event)?.getAttribute('name') === INTENT) return;
      if (event.defaultPrevented) notifyFormError();
      else onValidSubmit?.(event, new FormData(event.currentTarget, submitterOf(event)));
    },
  };
  return { form, fields, formProps };
}

type Field = Pick<FieldMetadata<unknown>, 'id' | 'name' | 'initialValue' | 'errors'>;

/** The first message of a field, as Mantine inputs show it (with aria-invalid and aria-describedby). */
export function fieldError(field: Pick<Field, 'errors'>): string | undefined {
  return field.errors?.[0];
}

/** Props of a Mantine text input, textarea or password input bound to a field (uncontrolled). */
export function textFieldProps(field: Field) {
  return {
    id: field.id,
    name: field.name,
    defaultValue: typeof field.initialValue === 'string' ? field.initialValue : '',
    error: fieldError(field),
  };
}

/** Props of a Mantine checkbox or switch bound to a boolean field. */
export function checkFieldProps(field: Field) {
  return {
    id: field.id,
    name: field.name,
    defaultChecked: field.initialValue === 'on' || field.initialValue === 'true',
    error: fieldError(field),
  };
}

/** The button that sent the form, whose name and value belong to the submission. */
function submitterOf(event: FormEvent<HTMLFormElement>): HTMLElement | null {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  return submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : null;
}
