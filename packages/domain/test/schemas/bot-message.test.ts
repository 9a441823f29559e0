import { describe, expect, it } from 'vitest';
import { botMessageSchema } from '../../src/index.ts';
import { lengthCases, messagesAt, parseValid, textOf } from '../helpers.ts';

describe('botMessageSchema', () => {
  it.each([{}, { interaction: '' }, { interaction: '   \n ' }])(
    'never sends an empty or blank message: %j',
    (input) => {
      expect(messagesAt(botMessageSchema, input, 'interaction')).toEqual(['El mensaje es obligatorio']);
    },
  );

  it.each(
    lengthCases(
      { min: 1, max: 500 },
      { belowMin: 'El mensaje es obligatorio', aboveMax: 'El mensaje es demasiado largo (max: 500)' },
    ),
  )('$length characters: $message', ({ length, message }) => {
    expect(messagesAt(botMessageSchema, { interaction: textOf(length) }, 'interaction')).toEqual(
      message ? [message] : [],
    );
  });

  it('sends the message trimmed', () => {
    expect(parseValid(botMessageSchema, { interaction: '  ¿Dónde reciclo vidrio?  ' })).toEqual({
      interaction: '¿Dónde reciclo vidrio?',
    });
  });
});
