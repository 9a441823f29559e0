import { describe, expect, it } from 'vitest';
import { paymentDetailsSchema } from '../../src/index.ts';
import { lengthCases, messagesAt, parseValid, textOf } from '../helpers.ts';

describe('paymentDetailsSchema', () => {
  it.each(
    lengthCases(
      { min: 6, max: 540 },
      {
        belowMin: 'Los datos de pago son demasiado cortos (min: 6)',
        aboveMax: 'Los datos de pago son demasiado largos (max: 540)',
      },
    ),
  )('$length characters: $message', ({ length, message }) => {
    expect(messagesAt(paymentDetailsSchema, { paymentDetails: textOf(length) }, 'paymentDetails')).toEqual(
      message ? [message] : [],
    );
  });

  it.each([{}, { paymentDetails: '' }, { paymentDetails: '   ' }, { paymentDetails: null }])(
    'is optional: %j reads as no details',
    (input) => {
      expect(parseValid(paymentDetailsSchema, input)).toEqual({ paymentDetails: null });
    },
  );

  it('keeps the text trimmed', () => {
    expect(parseValid(paymentDetailsSchema, { paymentDetails: '  Alias: eco.anuncios  ' })).toEqual({
      paymentDetails: 'Alias: eco.anuncios',
    });
  });
});
