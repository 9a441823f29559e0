import { describe, expect, it } from 'vitest';
import { whatsappUrl } from './contact.server';

describe('the contact form only ever leads to a WhatsApp chat', () => {
  it('takes a wa.me chat link with its message', () => {
    const link = 'https://wa.me/5493510000002?text=%C2%A1Hola%2C%20Mart%C3%ADn!';
    expect(whatsappUrl(link)).toBe(link);
  });

  it.each([
    ['another site', 'https://evil.example/5493510000002'],
    ['a look-alike host', 'https://wa.me.evil.example/549351'],
    ['a user-info trick', 'https://wa.me@evil.example/549351'],
    ['plain http', 'http://wa.me/549351'],
    ['a path that is not a number', 'https://wa.me/evil/549351'],
    ['a script', 'javascript:alert(1)'],
    ['no link', null],
    ['a file', new File([], 'x')],
  ])('refuses %s', (_what, value) => {
    expect(whatsappUrl(value)).toBeNull();
  });
});
