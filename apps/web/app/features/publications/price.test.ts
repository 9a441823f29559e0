import { describe, expect, it } from 'vitest';
import { cardPrice, formatMoney, priceView, showsDate } from './price';

// Intl separates the code from the amount with a no-break space.
const text = (value: string | null | undefined) => value?.replace(/\s/g, ' ');

describe('prices', () => {
  it('formats pesos of each country with its own conventions', () => {
    expect(text(formatMoney(1500, 'arg'))).toBe('ARS 1.500');
    expect(text(formatMoney(1500.5, 'arg'))).toBe('ARS 1.500,50');
    expect(text(formatMoney(40000, 'col'))).toBe('COP 40.000');
    expect(text(formatMoney(40000.4, 'col'))).toBe('COP 40.000');
    expect(text(formatMoney(10, null))).toBe('ARS 10');
    expect(formatMoney(0, 'col')).toBe('Gratis');
  });

  it('applies the discount and keeps the original price', () => {
    const view = priceView({ price: 2000, discountRate: 25, locationCountry: 'arg' });
    expect(text(view?.current)).toBe('ARS 1.500');
    expect(text(view?.original)).toBe('ARS 2.000');
    expect(view?.discountRate).toBe(25);
    expect(priceView({ price: 999, discountRate: 10, locationCountry: 'arg' })?.current).toMatch(/899,10$/);
    expect(priceView({ price: 100, discountRate: 100, locationCountry: 'arg' })?.current).toBe('Gratis');
  });

  it('shows free items as free, without a struck price', () => {
    expect(priceView({ price: 0, discountRate: 50, locationCountry: 'arg' })).toEqual({
      current: 'Gratis',
      original: null,
      discountRate: null,
    });
    expect(priceView({ price: null, discountRate: null, locationCountry: 'arg' })).toBeNull();
  });

  it('puts prices on market and course cards only, dates on events and courses', () => {
    const base = {
      price: 10,
      discountRate: null,
      locationCountry: 'arg',
      calendaredAt: '2026-05-01T12:00:00Z',
    };
    expect(cardPrice({ ...base, typed: 'market' })).not.toBeNull();
    expect(cardPrice({ ...base, typed: 'courses' })).not.toBeNull();
    expect(cardPrice({ ...base, typed: 'barter' })).toBeNull();
    expect(showsDate({ ...base, typed: 'events' })).toBe(true);
    expect(showsDate({ ...base, typed: 'market' })).toBe(false);
    expect(showsDate({ ...base, typed: 'courses', calendaredAt: null })).toBe(false);
  });
});
