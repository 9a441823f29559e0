import { describe, expect, it } from 'vitest';
import { newPasswordSchema } from '../../src/index.ts';
import { issuesOf, lengthCases, messagesAt, parseValid } from '../helpers.ts';

const valid = { password: 'nuevo123', passwordConfirmation: 'nuevo123' };

describe('newPasswordSchema', () => {
  it('accepts a password and its confirmation', () => {
    expect(parseValid(newPasswordSchema, valid)).toEqual(valid);
  });

  it('requires the password', () => {
    expect(messagesAt(newPasswordSchema, { passwordConfirmation: 'x' }, 'password')).toEqual([
      'La contraseña es obligatoria',
    ]);
  });

  it.each(
    lengthCases(
      { min: 6, max: 18 },
      {
        belowMin: 'La contraseña es demasiado corta (min: 6)',
        aboveMax: 'La contraseña es demasiado larga (max: 18)',
      },
    ),
  )('password of $length characters: $message', ({ length, message }) => {
    const password = 'x'.repeat(length);
    expect(issuesOf(newPasswordSchema, { password, passwordConfirmation: password })).toEqual(
      message ? [{ path: 'password', message }] : [],
    );
  });

  it('requires the confirmation', () => {
    expect(issuesOf(newPasswordSchema, { password: valid.password })).toEqual([
      { path: 'passwordConfirmation', message: 'La confirmación de la contraseña es obligatoria' },
    ]);
  });

  it('requires the confirmation to equal the password', () => {
    expect(issuesOf(newPasswordSchema, { ...valid, passwordConfirmation: 'nuevo124' })).toEqual([
      { path: 'passwordConfirmation', message: 'Las contraseñas no coinciden' },
    ]);
  });
});
