import { describe, expect, it } from 'vitest';
import { ratingSchema } from '../../src/index.ts';
import { lengthCases, messagesAt, parseValid, textOf } from '../helpers.ts';

describe('ratingSchema', () => {
  it.each([{}, { rating: '' }, { rating: null }, { rating: 0 }])('requires the rating: %j', (input) => {
    expect(messagesAt(ratingSchema, input, 'rating')).toEqual(['La calificación es obligatoria']);
  });

  it.each([
    [1, 1],
    [5, 5],
    ['4', 4],
  ])('accepts %j stars as %j', (rating, value) => {
    expect(parseValid(ratingSchema, { rating }).rating).toBe(value);
  });

  it.each([
    [6, 'La calificación debe estar entre 1 y 5'],
    [-1, 'La calificación debe estar entre 1 y 5'],
    [3.5, 'La calificación debe ser un número entero'],
    ['muy buena', 'La calificación debe ser un número'],
  ])('refuses %j', (rating, message) => {
    expect(messagesAt(ratingSchema, { rating }, 'rating')).toEqual([message]);
  });

  it.each(
    lengthCases(
      { min: 6, max: 300 },
      {
        belowMin: 'El comentario es demasiado corto (min: 6)',
        aboveMax: 'El comentario es demasiado largo (max: 300)',
      },
    ),
  )('comment of $length characters: $message', ({ length, message }) => {
    expect(messagesAt(ratingSchema, { rating: 5, comment: textOf(length) }, 'comment')).toEqual(
      message ? [message] : [],
    );
  });

  it('takes the comment as optional', () => {
    expect(parseValid(ratingSchema, { rating: 5 })).toEqual({ rating: 5, comment: null });
    expect(parseValid(ratingSchema, { rating: 5, comment: '' })).toEqual({ rating: 5, comment: null });
  });

  it('keeps the id of an edited rating', () => {
    expect(parseValid(ratingSchema, { _id: 'q1', rating: '3', comment: 'Muy amable' })).toEqual({
      _id: 'q1',
      rating: 3,
      comment: 'Muy amable',
    });
  });
});
