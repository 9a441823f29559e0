import { describe, expect, it } from 'vitest';
import { averageLabel, distributionRows, formatAverage, ratingCountText, starsText } from './rating-texts';

describe('rating texts', () => {
  it('words counts and stars in singular and plural', () => {
    expect(ratingCountText(0)).toBe('Sin calificaciones');
    expect(ratingCountText(1)).toBe('1 calificación');
    expect(ratingCountText(1234)).toBe('1.234 calificaciones');
    expect(starsText(1)).toBe('1 estrella');
    expect(starsText(5)).toBe('5 estrellas');
  });

  it('shows an average with one decimal comma', () => {
    expect(formatAverage(4.46)).toBe('4,5');
    expect(formatAverage(4)).toBe('4');
    expect(averageLabel(3.75)).toBe('3,8 de 5 estrellas');
  });

  it('orders the distribution from 5 stars down with each share', () => {
    expect(distributionRows({ '1': 1, '2': 0, '3': 0, '4': 1, '5': 2 })).toEqual([
      { stars: 5, count: 2, percent: 50 },
      { stars: 4, count: 1, percent: 25 },
      { stars: 3, count: 0, percent: 0 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 1, count: 1, percent: 25 },
    ]);
    expect(distributionRows(undefined).every((row) => row.count === 0 && row.percent === 0)).toBe(true);
  });
});
