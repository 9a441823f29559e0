import type { Submission } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../api-client';
import type { FormAnswer } from './form-answer';
import type { Notice } from './notice';

export type { FormAnswer };

const BROKEN_FORM: Notice = {
  kind: 'error',
  message: 'El formulario llegó incompleto. Revísalo y envíalo de nuevo, por favor.',
};

/** The request's form fields, or null when the body is not a form this site sends (a 400, never a 500). */
export async function readForm(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

/** The answer to a body that is not a form. */
export function brokenForm() {
  return data(
    {
      result: { status: 'error', error: { '': [BROKEN_FORM.message] } },
      notice: BROKEN_FORM,
    } satisfies FormAnswer,
    {
      status: 400,
    },
  );
}

/** Validates the form with the domain schema, as the browser did. */
export function parseForm<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  return parseWithZod(formData, { schema });
}

type ReplyOptions<Extra> = {
  /** Fields never sent back into the page (passwords). */
  hideFields?: string[];
  /** More of the answer (which form of the page it is for, what else to show). */
  extra?: Extra;
};

/** The form again with its errors: 400 and 'El formulario tiene errores', as the browser says it. */
export function invalidForm<Extra extends object = object>(
  submission: Submission<unknown>,
  { hideFields, extra }: ReplyOptions<Extra> = {},
) {
  const answer: FormAnswer = {
    result: submission.reply({ hideFields }),
    notice: { kind: 'formError', message: 'El formulario tiene errores' },
  };
  return data({ ...answer, ...(extra as Extra) }, { status: 400 });
}

type RefusalOptions<Extra> = ReplyOptions<Extra> & {
  /** What to say instead of the API's message. */
  message?: string;
  /** The field the refusal is about: the message shows under it, without a notice. */
  field?: string | undefined;
};

/** The form again with the API's refusal as its message and notice, under the API's own status. */
export function refusedForm<Extra extends object = object>(
  submission: Submission<unknown>,
  error: unknown,
  { hideFields, extra, message = errorMessage(error), field }: RefusalOptions<Extra> = {},
) {
  const status = error instanceof ApiError && error.statusCode >= 400 ? error.statusCode : 503;
  const answer: FormAnswer =
    field === undefined
      ? {
          result: submission.reply({ formErrors: [message], hideFields }),
          notice: { kind: 'error', message },
        }
      : { result: submission.reply({ fieldErrors: { [field]: [message] }, hideFields }) };
  return data({ ...answer, ...(extra as Extra) }, { status });
}
