import { DEFAULT_CONTACT_PHONE } from '@eco/domain/constants';
import { describe, expect, it } from 'vitest';
import { contactMessage, contactPhone, contactUrl, EMPTY_CART_MESSAGE } from './cart-message';

describe('contactMessage', () => {
  it('greets by first name and lists every title, one per line', () => {
    expect(contactMessage('Lucía Fernández', ['Bolsas de algodón', 'Frascos de vidrio'])).toBe(
      '¡Hola, Lucía! Vi tus publicaciones en EcoAnuncios y me interesan:\n' +
        '- Bolsas de algodón\n' +
        '- Frascos de vidrio\n' +
        '¿Podemos hablar?',
    );
  });

  it('speaks of one publication in the singular', () => {
    expect(contactMessage('Martín', ['Compost'])).toBe(
      '¡Hola, Martín! Vi tu publicación en EcoAnuncios y me interesa:\n- Compost\n¿Podemos hablar?',
    );
  });

  it('greets without a name when there is none', () => {
    expect(contactMessage('  ', ['Compost']).startsWith('¡Hola! Vi tu publicación')).toBe(true);
  });

  it('says there are no publications when the list is empty', () => {
    expect(contactMessage('Lucía', [])).toBe(EMPTY_CART_MESSAGE);
    expect(EMPTY_CART_MESSAGE).toContain('no tengo publicaciones');
  });
});

describe('contactPhone', () => {
  it('keeps only the digits of the number', () => {
    expect(contactPhone('+54 9 (351) 000-0002')).toBe('5493510000002');
  });

  it('uses the default number without a usable one', () => {
    for (const phone of [null, undefined, '', 'sin teléfono'])
      expect(contactPhone(phone)).toBe(DEFAULT_CONTACT_PHONE);
  });
});

describe('contactUrl', () => {
  it('opens wa.me with the number and the encoded message', () => {
    const url = contactUrl({
      seller: { _id: 'u1', name: 'Lucía Fernández', pictureUrl: null, phone: '+54 9 11 0000-0001' },
      publications: [{ _id: 'p1', title: 'Cartón & papel?', description: '', typed: 'barter' }],
    });
    expect(url.startsWith('https://wa.me/5491100000001?text=')).toBe(true);
    const text = new URL(url).searchParams.get('text');
    expect(text).toBe(contactMessage('Lucía Fernández', ['Cartón & papel?']));
    expect(url).not.toContain(' ');
  });
});
