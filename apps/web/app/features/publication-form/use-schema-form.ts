import type { UseFormInput, UseFormReturnType } from '@mantine/form';
import { schemaResolver, useForm } from '@mantine/form';
import type { FormEvent } from 'react';
import { useCallback, useMemo, useRef } from 'react';
import type { z } from 'zod';
import { notifyFormError } from '../../lib/notify';

export type SchemaFormOptions<Values> = Omit<
  UseFormInput<Values>,
  'validate' | 'validateInputOnChange' | 'validateInputOnBlur' | 'mode'
>;

export type SchemaForm<Values, Output> = {
  form: UseFormReturnType<Values>;
  /**
   * Submit handler for `<form onSubmit>`: validates with the schema and calls `handler` with the schema's output
   * (trimmed, normalised) when valid, or shows 'El formulario tiene errores' when not.
   */
  onSubmit: (
    handler: (data: Output, values: Values) => void | Promise<unknown>,
  ) => (event?: FormEvent<HTMLFormElement>) => void;
  /** Back to the untouched state: no errors, and no validation until the next submit (e.g. on cancel). */
  resetValidation: () => void;
};

/**
 * Mantine form validated by a domain zod schema, the way every form of the product behaves: nothing is validated
 * until the first submit attempt; from then on each field is validated as it changes.
 */
export function useSchemaForm<Values extends Record<string, unknown>, Schema extends z.ZodType>(
  schema: Schema,
  options: SchemaFormOptions<Values>,
): SchemaForm<Values, z.output<Schema>> {
  const submitted = useRef(false);
  const resolve = useMemo(() => schemaResolver(schema, { sync: true }), [schema]);
  // Mantine reads validateInputOnChange once; switching it on later would not reach its memoised handlers. So it is
  // always on, and the rules report nothing until a submit has been attempted.
  const validate = useCallback((values: Values) => (submitted.current ? resolve(values) : {}), [resolve]);
  const form = useForm<Values>({ ...options, mode: 'controlled', validate, validateInputOnChange: true });

  const onSubmit: SchemaForm<Values, z.output<Schema>>['onSubmit'] = (handler) => (event) => {
    submitted.current = true;
    form.onSubmit(
      (values) => handler(schema.parse(values), values),
      () => notifyFormError(),
    )(event);
  };

  const resetValidation = () => {
    submitted.current = false;
    form.clearErrors();
  };

  return { form, onSubmit, resetValidation };
}
