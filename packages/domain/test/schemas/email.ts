import { expect, it } from 'vitest';
import type { z } from 'zod';
import { messagesAt, parseValid } from '../helpers.ts';

/** The e-mail rules shared by the sign-in, sign-up and reset-request forms. */
export function itChecksTheEmail(schema: z.ZodType, valid: Record<string, unknown>): void {
  it('requires the e-mail address', () => {
    const { email: _email, ...withoutEmail } = valid;
    expect(messagesAt(schema, withoutEmail, 'email')).toEqual(['El correo electrónico es obligatorio']);
    expect(messagesAt(schema, { ...valid, email: '  ' }, 'email')).toEqual([
      'El correo electrónico es obligatorio',
    ]);
  });

  it.each(['ana', 'ana@', '@example.com', 'ana@example', 'ana @example.com', 'ana@example..com'])(
    'refuses the malformed address %s',
    (email) => {
      expect(messagesAt(schema, { ...valid, email }, 'email')).toEqual([
        'El correo electrónico tiene un formato incorrecto',
      ]);
    },
  );

  it('accepts a valid address, trimmed and lowercased', () => {
    const data = parseValid(schema, { ...valid, email: '  Ana.Perez+eco@Example.com.ar ' }) as {
      email: string;
    };
    expect(data.email).toBe('ana.perez+eco@example.com.ar');
  });
}
