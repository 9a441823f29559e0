import { signInSchema } from '@eco/domain/schemas/sign-in';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { brokenForm, invalidForm, parseForm, readForm, refusedForm } from './form-action.server';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe('form actions', () => {
  it('read a posted form, and only a form', async () => {
    const posted = new Request('http://localhost/auth', { method: 'POST', body: form({ email: 'a@b.co' }) });
    expect((await readForm(posted))?.get('email')).toBe('a@b.co');
    const json = new Request('http://localhost/auth', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"a@b.co"}',
    });
    expect(await readForm(json)).toBeNull();
    expect(brokenForm().init?.status).toBe(400);
  });

  it('validate with the domain schema and answer the errors with the values, never the password', () => {
    const submission = parseForm(form({ email: 'ana@ejemplo.com', password: 'abc' }), signInSchema);
    expect(submission.status).toBe('error');
    const answer = invalidForm(submission, { hideFields: ['password'], extra: { intent: 'x' } });
    expect(answer.init?.status).toBe(400);
    expect(answer.data.notice).toEqual({ kind: 'formError', message: 'El formulario tiene errores' });
    expect(answer.data.intent).toBe('x');
    expect(answer.data.result.initialValue).toEqual({ email: 'ana@ejemplo.com' });
    expect(answer.data.result.error?.password).toEqual(['La contraseña es demasiado corta (min: 6)']);
  });

  it("answer the API's refusal under its status, as a notice or under a field", () => {
    const submission = parseForm(form({ email: 'ana@ejemplo.com', password: 'abcdef' }), signInSchema);
    expect(submission.status).toBe('success');
    const refused = refusedForm(submission, new ApiError(429, 'Demasiados intentos'), {
      hideFields: ['password'],
    });
    expect(refused.init?.status).toBe(429);
    expect(refused.data.notice).toEqual({ kind: 'error', message: 'Demasiados intentos' });
    expect(refused.data.result.error?.['']).toEqual(['Demasiados intentos']);

    const onField = refusedForm(submission, new ApiError(400, 'La contraseña es incorrecta'), {
      field: 'password',
    });
    expect(onField.data.notice).toBeUndefined();
    expect(onField.data.result.error?.password).toEqual(['La contraseña es incorrecta']);

    // The server out of reach: a 503 with the network message, never a 500.
    expect(refusedForm(submission, new Error('down')).init?.status).toBe(503);
  });
});
