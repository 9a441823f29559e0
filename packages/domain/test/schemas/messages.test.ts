import { describe, expect, it } from 'vitest';
import {
  FIELDS,
  badFormat,
  incorrect,
  maxCharacters,
  required,
  tooLong,
  tooShort,
} from '../../src/schemas/messages.ts';

describe('validation messages', () => {
  it('name the field and agree with a masculine field', () => {
    expect(tooShort(FIELDS.title, 3)).toBe('El título es demasiado corto (min: 3)');
    expect(tooLong(FIELDS.title, 75)).toBe('El título es demasiado largo (max: 75)');
    expect(required(FIELDS.name)).toBe('El nombre es obligatorio');
    expect(incorrect(FIELDS.file)).toBe('El archivo es incorrecto');
  });

  it('agree with a feminine field', () => {
    expect(tooShort(FIELDS.description, 6)).toBe('La descripción es demasiado corta (min: 6)');
    expect(required(FIELDS.password)).toBe('La contraseña es obligatoria');
    expect(badFormat(FIELDS.locationUrl)).toBe('La URL del mapa tiene un formato incorrecto');
  });

  it('agree with a plural field', () => {
    expect(tooLong(FIELDS.paymentDetails, 540)).toBe('Los datos de pago son demasiado largos (max: 540)');
    expect(badFormat(FIELDS.labels)).toBe('Los materiales tienen un formato incorrecto');
  });

  it('give the description counter message of the specification', () => {
    expect(maxCharacters(1000)).toBe('Máximo 1000 caracteres');
    expect(badFormat(FIELDS.email)).toBe('El correo electrónico tiene un formato incorrecto');
  });
});
