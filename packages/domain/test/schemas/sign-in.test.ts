import { describe, expect, it } from 'vitest';
import { signInSchema } from '../../src/index.ts';
import { lengthCases, messagesAt, parseValid } from '../helpers.ts';
import { itChecksTheEmail } from './email.ts';

const valid = { email: 'ana@example.com', password: 'secreto1' };

describe('signInSchema', () => {
  itChecksTheEmail(signInSchema, valid);

  it('requires the password', () => {
    expect(messagesAt(signInSchema, { email: valid.email }, 'password')).toEqual([
      'La contraseña es obligatoria',
    ]);
    expect(messagesAt(signInSchema, { ...valid, password: '' }, 'password')).toEqual([
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
    expect(messagesAt(signInSchema, { ...valid, password: 'x'.repeat(length) }, 'password')).toEqual(
      message ? [message] : [],
    );
  });

  it('keeps every character of the password, spaces included', () => {
    expect(parseValid(signInSchema, { ...valid, password: ' abc1 ' }).password).toBe(' abc1 ');
  });
});
