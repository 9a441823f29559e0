import { describe, expect, it } from 'vitest';
import { profileSchema } from '../../src/index.ts';
import { issuesOf, lengthCases, messagesAt, parseValid, textOf } from '../helpers.ts';

const valid = {
  name: 'Ana Pérez',
  locationCountry: 'arg',
  locationProvince: 'sde',
  locationCity: 'sde-city',
};

describe('profileSchema', () => {
  it('accepts a profile with the optional fields left out, as null', () => {
    expect(parseValid(profileSchema, valid)).toEqual({
      ...valid,
      pictureUrl: null,
      phone: null,
      locationAddress: null,
    });
  });

  it('accepts the optional fields empty, as null', () => {
    const data = parseValid(profileSchema, { ...valid, pictureUrl: '', phone: '', locationAddress: '   ' });
    expect([data.pictureUrl, data.phone, data.locationAddress]).toEqual([null, null, null]);
  });

  it.each(
    lengthCases(
      { min: 3, max: 33 },
      {
        belowMin: 'El nombre es demasiado corto (min: 3)',
        aboveMax: 'El nombre es demasiado largo (max: 33)',
      },
    ),
  )('name of $length characters: $message', ({ length, message }) => {
    expect(messagesAt(profileSchema, { ...valid, name: textOf(length) }, 'name')).toEqual(
      message ? [message] : [],
    );
  });

  it('requires the name', () => {
    expect(messagesAt(profileSchema, { ...valid, name: '' }, 'name')).toEqual(['El nombre es obligatorio']);
  });

  it('requires the country, the province and the city', () => {
    expect(issuesOf(profileSchema, { name: 'Ana' })).toEqual([
      { path: 'locationCountry', message: 'El país es obligatorio' },
      { path: 'locationProvince', message: 'La provincia es obligatoria' },
      { path: 'locationCity', message: 'La ciudad es obligatoria' },
    ]);
    expect(
      issuesOf(profileSchema, { ...valid, locationCountry: '', locationProvince: '', locationCity: '' }),
    ).toEqual([
      { path: 'locationCountry', message: 'El país es obligatorio' },
      { path: 'locationProvince', message: 'La provincia es obligatoria' },
      { path: 'locationCity', message: 'La ciudad es obligatoria' },
    ]);
  });

  it('refuses unknown places and places that do not fit together', () => {
    expect(issuesOf(profileSchema, { ...valid, locationCountry: 'per' })).toEqual([
      { path: 'locationCountry', message: 'El país es incorrecto' },
    ]);
    expect(
      issuesOf(profileSchema, { ...valid, locationProvince: 'antioquia', locationCity: 'medellin' }),
    ).toEqual([{ path: 'locationProvince', message: 'La provincia no corresponde al país elegido' }]);
    expect(issuesOf(profileSchema, { ...valid, locationCity: 'cba-city' })).toEqual([
      { path: 'locationCity', message: 'La ciudad no corresponde a la provincia elegida' },
    ]);
  });

  it('accepts a Colombian profile', () => {
    const colombian = { ...valid, locationCountry: 'col', locationProvince: 'boyaca', locationCity: 'tunja' };
    expect(parseValid(profileSchema, colombian).locationCity).toBe('tunja');
  });

  it.each(
    lengthCases(
      { min: 3, max: 300 },
      {
        belowMin: 'La dirección es demasiado corta (min: 3)',
        aboveMax: 'La dirección es demasiado larga (max: 300)',
      },
    ),
  )('address of $length characters: $message', ({ length, message }) => {
    expect(
      messagesAt(profileSchema, { ...valid, locationAddress: textOf(length) }, 'locationAddress'),
    ).toEqual(message ? [message] : []);
  });

  it.each(
    lengthCases(
      { min: 9, max: 300 },
      {
        belowMin: 'El teléfono es demasiado corto (min: 9)',
        aboveMax: 'El teléfono es demasiado largo (max: 300)',
      },
    ),
  )('phone of $length characters: $message', ({ length, message }) => {
    expect(messagesAt(profileSchema, { ...valid, phone: '3'.repeat(length) }, 'phone')).toEqual(
      message ? [message] : [],
    );
  });

  it('trims the phone before its length is checked', () => {
    expect(messagesAt(profileSchema, { ...valid, phone: '  12345678  ' }, 'phone')).toEqual([
      'El teléfono es demasiado corto (min: 9)',
    ]);
    expect(parseValid(profileSchema, { ...valid, phone: ' +54 385 1234567 ' }).phone).toBe('+54 385 1234567');
  });

  it('accepts an uploaded picture and refuses anything else', () => {
    expect(parseValid(profileSchema, { ...valid, pictureUrl: '/media/avatar.webp' }).pictureUrl).toBe(
      '/media/avatar.webp',
    );
    expect(messagesAt(profileSchema, { ...valid, pictureUrl: 'avatar' }, 'pictureUrl')).toEqual([
      'La foto de perfil es incorrecta',
    ]);
  });

  it('never takes the e-mail address', () => {
    expect(parseValid(profileSchema, { ...valid, email: 'otra@example.com' })).not.toHaveProperty('email');
  });
});
