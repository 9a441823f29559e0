import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

// Intl separates the symbol with a no-break space.
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formatMoney', () => {
  it('writes pesos argentinos with cents, es-AR style', () => {
    expect(plain(formatMoney(1700.5, 'ARS'))).toBe('$ 1.700,50');
    expect(plain(formatMoney(850, 'ARS'))).toBe('$ 850,00');
  });

  it('writes pesos colombianos without cents, es-CO style', () => {
    expect(plain(formatMoney(46000, 'COP'))).toBe('$ 46.000');
  });
});
