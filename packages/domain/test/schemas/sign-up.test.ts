import { describe, expect, it } from 'vitest';
import { signUpFormSchema, signUpSchema } from '../../src/index.ts';
import { issuesOf, lengthCases, messagesAt, parseValid, textOf } from '../helpers.ts';
import { itChecksTheEmail } from './email.ts';

const valid = {
  name: 'Ana Pérez',
  email: 'ana@example.com',
  password: 'secreto1',
  passwordConfirmation: 'secreto1',
};
const validForm = { ...valid, terms: true };

describe('signUpSchema', () => {
  itChecksTheEmail(signUpSchema, valid);

  it('requires the name', () => {
    expect(messagesAt(signUpSchema, { ...valid, name: '  ' }, 'name')).toEqual(['El nombre es obligatorio']);
    expect(messagesAt(signUpSchema, { ...valid, name: undefined }, 'name')).toEqual([
      'El nombre es obligatorio',
    ]);
  });

  it.each(
    lengthCases(
      { min: 3, max: 33 },
      {
        belowMin: 'El nombre es demasiado corto (min: 3)',
        aboveMax: 'El nombre es demasiado largo (max: 33)',
      },
    ),
  )('name of $length characters: $message', ({ length, message }) => {
    expect(messagesAt(signUpSchema, { ...valid, name: textOf(length) }, 'name')).toEqual(
      message ? [message] : [],
    );
  });

  it.each(
    lengthCases(
      { min: 6, max: 21 },
      {
        belowMin: 'La contraseña es demasiado corta (min: 6)',
        aboveMax: 'La contraseña es demasiado larga (max: 21)',
      },
    ),
  )('password of $length characters: $message', ({ length, message }) => {
    const password = 'x'.repeat(length);
    expect(
      messagesAt(signUpSchema, { ...valid, password, passwordConfirmation: password }, 'password'),
    ).toEqual(message ? [message] : []);
  });

  it('requires the confirmation', () => {
    expect(messagesAt(signUpSchema, { ...valid, passwordConfirmation: '' }, 'passwordConfirmation')).toEqual([
      'La confirmación de la contraseña es obligatoria',
    ]);
  });

  it('requires the confirmation to equal the password', () => {
    expect(issuesOf(signUpSchema, { ...valid, passwordConfirmation: 'secreto2' })).toEqual([
      { path: 'passwordConfirmation', message: 'Las contraseñas no coinciden' },
    ]);
  });

  it('reports a mismatch together with the other errors', () => {
    expect(issuesOf(signUpSchema, { ...valid, name: '', passwordConfirmation: 'otra' })).toEqual([
      { path: 'name', message: 'El nombre es obligatorio' },
      { path: 'passwordConfirmation', message: 'Las contraseñas no coinciden' },
    ]);
  });

  it('does not ask for the terms, and drops them', () => {
    expect(parseValid(signUpSchema, validForm)).toEqual(valid);
  });
});

describe('signUpFormSchema', () => {
  it('accepts the form once the terms are accepted', () => {
    expect(parseValid(signUpFormSchema, validForm)).toEqual(validForm);
  });

  it.each([false, undefined, 'true'])('refuses terms %j', (terms) => {
    expect(issuesOf(signUpFormSchema, { ...valid, terms })).toEqual([
      { path: 'terms', message: 'Debes aceptar los términos y condiciones' },
    ]);
  });

  it('checks the password confirmation too', () => {
    expect(
      messagesAt(signUpFormSchema, { ...validForm, passwordConfirmation: 'x' }, 'passwordConfirmation'),
    ).toEqual(['Las contraseñas no coinciden']);
  });
});
