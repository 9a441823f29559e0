import { describe, expect, it } from 'vitest';
import {
  LISTING_TYPES,
  MATERIAL_LABELS,
  REQUIRED_BY_TYPE,
  fileNameSchema,
  isCalendaredType,
  isRequiredFor,
  normalizeStatus,
  publicationSchema,
  type ListingType,
  type TypedField,
} from '../../src/index.ts';
import { issuesOf, lengthCases, messagesAt, parseValid, textOf } from '../helpers.ts';

/** A publication that satisfies the rules of every listing type at once. */
const complete = {
  typed: 'courses',
  title: 'Curso de compostaje',
  description: 'Aprende a compostar en casa en cuatro encuentros.',
  quantity: 20,
  price: 1500,
  discountRate: 10,
  locationAddress: 'Av. Belgrano 1234',
  locationUrl: 'https://maps.google.com/?q=-27.78,-64.26',
  calendaredAt: '2026-03-01T18:00:00-03:00',
  labels: ['Papel/Cartón'],
  files: [{ url: '/media/curso.webp' }],
};

const withField = (field: string, value: unknown, base: Record<string, unknown> = complete) => ({
  ...base,
  [field]: value,
});
const without = (field: string, base: Record<string, unknown> = complete) => {
  const copy = { ...base };
  delete copy[field];
  return copy;
};

describe('publicationSchema: per-type requirements', () => {
  const expected: Record<ListingType, Partial<Record<TypedField, string>>> = {
    dots: { locationAddress: 'La dirección es obligatoria', labels: 'Elige al menos un material' },
    events: { locationAddress: 'La dirección es obligatoria', calendaredAt: 'La fecha es obligatoria' },
    courses: {
      quantity: '¿Qué disponibilidad tienes?',
      price: 'El precio es obligatorio',
      locationAddress: 'La dirección es obligatoria',
      calendaredAt: 'La fecha es obligatoria',
    },
    market: { quantity: '¿Qué disponibilidad tienes?', price: 'El precio es obligatorio' },
    barter: { labels: 'Elige al menos un material' },
  };
  const typedFields: TypedField[] = ['quantity', 'price', 'locationAddress', 'calendaredAt', 'labels'];
  const cases = LISTING_TYPES.flatMap((typed) =>
    typedFields.map((field) => ({ typed, field, message: expected[typed][field] ?? null })),
  );

  it.each(cases)('$typed without $field: $message', ({ typed, field, message }) => {
    const input = without(field, withField('typed', typed));
    if (message) {
      expect(issuesOf(publicationSchema, input)).toEqual([{ path: field, message }]);
    } else {
      const data = parseValid(publicationSchema, input);
      expect(data[field]).toEqual(field === 'labels' ? [] : null);
    }
  });

  it.each([
    ['quantity', ''],
    ['quantity', '   '],
    ['quantity', null],
    ['price', ''],
    ['locationAddress', '   '],
    ['calendaredAt', ''],
  ])('reads %s given as %j as missing', (field, value) => {
    expect(messagesAt(publicationSchema, withField(field, value), field)).toEqual([
      expected.courses[field as TypedField],
    ]);
  });

  it('reads an empty label list as missing', () => {
    expect(messagesAt(publicationSchema, { ...complete, typed: 'barter', labels: [] }, 'labels')).toEqual([
      'Elige al menos un material',
    ]);
  });

  it('reports each missing field on its own path, together with the other errors', () => {
    const issues = issuesOf(publicationSchema, { typed: 'courses', title: 'ab', files: [] });
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'title', message: 'El título es demasiado corto (min: 3)' },
        { path: 'description', message: 'La descripción es obligatoria' },
        { path: 'files', message: 'Agrega al menos una imagen' },
        { path: 'quantity', message: '¿Qué disponibilidad tienes?' },
        { path: 'price', message: 'El precio es obligatorio' },
        { path: 'locationAddress', message: 'La dirección es obligatoria' },
        { path: 'calendaredAt', message: 'La fecha es obligatoria' },
      ]),
    );
    expect(issues).toHaveLength(7);
  });

  it('does not report a field that failed its own rule as missing too', () => {
    expect(messagesAt(publicationSchema, withField('quantity', 'muchos'), 'quantity')).toEqual([
      'La cantidad debe ser un número',
    ]);
  });

  it('exposes the requirements it applies', () => {
    for (const typed of LISTING_TYPES) {
      expect([...REQUIRED_BY_TYPE[typed]].sort()).toEqual(Object.keys(expected[typed]).sort());
    }
    expect(isRequiredFor('market', 'price')).toBe(true);
    expect(isRequiredFor('barter', 'price')).toBe(false);
  });
});

describe('publicationSchema: typed', () => {
  it('is required', () => {
    expect(messagesAt(publicationSchema, without('typed'), 'typed')).toEqual([
      'El tipo de anuncio es obligatorio',
    ]);
    expect(messagesAt(publicationSchema, withField('typed', ''), 'typed')).toEqual([
      'El tipo de anuncio es obligatorio',
    ]);
  });

  it('accepts every listing type', () => {
    for (const typed of LISTING_TYPES)
      expect(parseValid(publicationSchema, withField('typed', typed)).typed).toBe(typed);
  });

  it('refuses tips, which are not creatable, and unknown types', () => {
    expect(messagesAt(publicationSchema, withField('typed', 'tips'), 'typed')).toEqual([
      'El tipo de anuncio es incorrecto',
    ]);
    expect(messagesAt(publicationSchema, withField('typed', 'news'), 'typed')).toEqual([
      'El tipo de anuncio es incorrecto',
    ]);
  });
});

describe('publicationSchema: title', () => {
  it.each(
    lengthCases(
      { min: 3, max: 75 },
      {
        belowMin: 'El título es demasiado corto (min: 3)',
        aboveMax: 'El título es demasiado largo (max: 75)',
      },
    ),
  )('$length characters: $message', ({ length, message }) => {
    expect(messagesAt(publicationSchema, withField('title', textOf(length)), 'title')).toEqual(
      message ? [message] : [],
    );
  });

  it('is required', () => {
    expect(messagesAt(publicationSchema, without('title'), 'title')).toEqual(['El título es obligatorio']);
    expect(messagesAt(publicationSchema, withField('title', '   '), 'title')).toEqual([
      'El título es obligatorio',
    ]);
  });

  it('is trimmed before its length is checked', () => {
    expect(messagesAt(publicationSchema, withField('title', '  ab  '), 'title')).toEqual([
      'El título es demasiado corto (min: 3)',
    ]);
    expect(parseValid(publicationSchema, withField('title', '  Abc  ')).title).toBe('Abc');
  });

  it('must be a text', () => {
    expect(messagesAt(publicationSchema, withField('title', 42), 'title')).toEqual([
      'El título es incorrecto',
    ]);
  });
});

describe('publicationSchema: description', () => {
  it.each(
    lengthCases(
      { min: 6, max: 1000 },
      { belowMin: 'La descripción es demasiado corta (min: 6)', aboveMax: 'Máximo 1000 caracteres' },
    ),
  )('$length characters: $message', ({ length, message }) => {
    expect(messagesAt(publicationSchema, withField('description', textOf(length)), 'description')).toEqual(
      message ? [message] : [],
    );
  });

  it('is required', () => {
    expect(messagesAt(publicationSchema, withField('description', ''), 'description')).toEqual([
      'La descripción es obligatoria',
    ]);
  });
});

describe('publicationSchema: quantity', () => {
  it.each([
    [0, 'La cantidad debe ser como mínimo 1'],
    [-3, 'La cantidad debe ser como mínimo 1'],
    [1.5, 'La cantidad debe ser un número entero'],
    ['2.5', 'La cantidad debe ser un número entero'],
    ['dos', 'La cantidad debe ser un número'],
    [true, 'La cantidad debe ser un número'],
  ])('refuses %j', (quantity, message) => {
    expect(messagesAt(publicationSchema, withField('quantity', quantity), 'quantity')).toEqual([message]);
  });

  it.each([
    [1, 1],
    ['1', 1],
    [' 12 ', 12],
    [500, 500],
  ])('accepts %j as %j', (quantity, value) => {
    expect(parseValid(publicationSchema, withField('quantity', quantity)).quantity).toBe(value);
  });

  it('is checked when given to a type that does not require it', () => {
    const dots = { ...complete, typed: 'dots' };
    expect(messagesAt(publicationSchema, withField('quantity', '0', dots), 'quantity')).toEqual([
      'La cantidad debe ser como mínimo 1',
    ]);
    expect(parseValid(publicationSchema, withField('quantity', '', dots)).quantity).toBeNull();
  });
});

describe('publicationSchema: price', () => {
  it.each([
    [-0.01, 'El precio debe ser como mínimo 0'],
    ['-1', 'El precio debe ser como mínimo 0'],
    ['gratis', 'El precio debe ser un número'],
    ['1,5', 'El precio debe ser un número'],
  ])('refuses %j', (price, message) => {
    expect(messagesAt(publicationSchema, withField('price', price), 'price')).toEqual([message]);
  });

  it.each([
    [0, 0],
    ['0', 0],
    ['12.50', 12.5],
    [99.99, 99.99],
  ])('accepts the decimal %j as %j', (price, value) => {
    expect(parseValid(publicationSchema, withField('price', price)).price).toBe(value);
  });
});

describe('publicationSchema: discountRate', () => {
  it.each([
    [-1, 'El descuento debe estar entre 0 y 100'],
    [101, 'El descuento debe estar entre 0 y 100'],
    ['101', 'El descuento debe estar entre 0 y 100'],
    [12.5, 'El descuento debe ser un número entero'],
    ['mitad', 'El descuento debe ser un número'],
  ])('refuses %j', (discountRate, message) => {
    expect(messagesAt(publicationSchema, withField('discountRate', discountRate), 'discountRate')).toEqual([
      message,
    ]);
  });

  it.each([
    [0, 0],
    [100, 100],
    ['15', 15],
    ['', null],
    [undefined, null],
  ])('accepts %j as %j', (discountRate, value) => {
    expect(parseValid(publicationSchema, withField('discountRate', discountRate)).discountRate).toBe(value);
  });
});

describe('publicationSchema: locationAddress', () => {
  it.each(
    lengthCases(
      { min: 6, max: 333 },
      {
        belowMin: 'La dirección es demasiado corta (min: 6)',
        aboveMax: 'La dirección es demasiado larga (max: 333)',
      },
    ),
  )('$length characters: $message', ({ length, message }) => {
    for (const typed of ['events', 'market']) {
      const input = { ...complete, typed, locationAddress: textOf(length) };
      expect(messagesAt(publicationSchema, input, 'locationAddress')).toEqual(message ? [message] : []);
    }
  });

  it('is trimmed', () => {
    expect(
      parseValid(publicationSchema, withField('locationAddress', '  Plaza Libertad  ')).locationAddress,
    ).toBe('Plaza Libertad');
  });
});

describe('publicationSchema: locationUrl', () => {
  it.each(['https://maps.app.goo.gl/AbCd123', 'http://www.openstreetmap.org/#map=16/-27.78/-64.26'])(
    'accepts %s',
    (locationUrl) => {
      expect(parseValid(publicationSchema, withField('locationUrl', locationUrl)).locationUrl).toBe(
        locationUrl,
      );
    },
  );

  it.each([
    'Plaza Libertad',
    'maps.google.com',
    'ftp://maps.example.com/a',
    'javascript:alert(1)',
    'https://',
  ])('refuses %s', (locationUrl) => {
    expect(messagesAt(publicationSchema, withField('locationUrl', locationUrl), 'locationUrl')).toEqual([
      'La URL del mapa tiene un formato incorrecto',
    ]);
  });

  it('is optional', () => {
    expect(parseValid(publicationSchema, withField('locationUrl', '')).locationUrl).toBeNull();
    expect(parseValid(publicationSchema, without('locationUrl')).locationUrl).toBeNull();
  });
});

describe('publicationSchema: calendaredAt', () => {
  it('accepts an ISO date-time and gives it back in UTC', () => {
    expect(parseValid(publicationSchema, complete).calendaredAt).toBe('2026-03-01T21:00:00.000Z');
    expect(
      parseValid(publicationSchema, withField('calendaredAt', '2026-03-01T21:00:00Z')).calendaredAt,
    ).toBe('2026-03-01T21:00:00.000Z');
  });

  it.each([
    'mañana',
    '01/03/2026 18:00',
    '2026-03-01',
    '2026-03-01T18:00:00',
    '2026-02-30T18:00:00Z',
    1740000000,
  ])('refuses %j', (calendaredAt) => {
    expect(messagesAt(publicationSchema, withField('calendaredAt', calendaredAt), 'calendaredAt')).toEqual([
      'La fecha tiene un formato incorrecto',
    ]);
  });
});

describe('isCalendaredType', () => {
  it.each(LISTING_TYPES)('%s: exactly the types whose form requires a date', (typed) => {
    expect(isCalendaredType(typed)).toBe(isRequiredFor(typed, 'calendaredAt'));
  });

  it('is false for tips and anything else', () => {
    expect(isCalendaredType('tips')).toBe(false);
    expect(isCalendaredType(undefined)).toBe(false);
  });
});

describe('publicationSchema: calendaredUntil', () => {
  const until = (value: unknown, base: Record<string, unknown> = complete) =>
    withField('calendaredUntil', value, base);

  it('is optional: absent or empty reads as null', () => {
    expect(parseValid(publicationSchema, complete).calendaredUntil).toBeNull();
    expect(parseValid(publicationSchema, until('')).calendaredUntil).toBeNull();
  });

  it('accepts an end after the start, in UTC', () => {
    expect(parseValid(publicationSchema, until('2026-03-01T21:00:00-03:00')).calendaredUntil).toBe(
      '2026-03-02T00:00:00.000Z',
    );
  });

  it.each(['2026-03-01T18:00:00-03:00', '2026-03-01T17:59:00-03:00', '2026-02-28T23:00:00Z'])(
    'refuses an end %j not after the start',
    (value) => {
      expect(messagesAt(publicationSchema, until(value), 'calendaredUntil')).toEqual([
        'La fecha de fin debe ser posterior a la de inicio',
      ]);
    },
  );

  it('compares instants, whatever the offsets they were written with', () => {
    // 16:00 in Bogotá is 18:00 in Buenos Aires: the same instant as the start.
    expect(messagesAt(publicationSchema, until('2026-03-01T16:00:00-05:00'), 'calendaredUntil')).toEqual([
      'La fecha de fin debe ser posterior a la de inicio',
    ]);
    expect(parseValid(publicationSchema, until('2026-03-01T16:01:00-05:00')).calendaredUntil).toBe(
      '2026-03-01T21:01:00.000Z',
    );
  });

  it('gives a bad format its own message only', () => {
    expect(messagesAt(publicationSchema, until('01/03/2026 20:00'), 'calendaredUntil')).toEqual([
      'La fecha de fin tiene un formato incorrecto',
    ]);
  });

  it('says nothing more about an end when the required start is missing', () => {
    const input = until('2026-03-01T21:00:00Z', without('calendaredAt'));
    expect(messagesAt(publicationSchema, input, 'calendaredAt')).toEqual(['La fecha es obligatoria']);
    expect(messagesAt(publicationSchema, input, 'calendaredUntil')).toEqual([]);
  });

  it('refuses an end without a start where the start is optional', () => {
    const input = until('2026-03-01T21:00:00Z', { ...without('calendaredAt'), typed: 'market' });
    expect(messagesAt(publicationSchema, input, 'calendaredUntil')).toEqual([
      'La fecha de fin necesita una fecha de inicio',
    ]);
  });
});

describe('publicationSchema: labels', () => {
  it('accepts every material label and drops repeated ones', () => {
    expect(parseValid(publicationSchema, withField('labels', [...MATERIAL_LABELS])).labels).toEqual([
      ...MATERIAL_LABELS,
    ]);
    expect(parseValid(publicationSchema, withField('labels', ['Vidrios', 'Vidrios'])).labels).toEqual([
      'Vidrios',
    ]);
  });

  it('refuses a label that is not a material', () => {
    expect(messagesAt(publicationSchema, withField('labels', ['Vidrios', 'Cartón']), 'labels.1')).toEqual([
      'El material es incorrecto',
    ]);
    expect(messagesAt(publicationSchema, withField('labels', 'Vidrios'), 'labels')).toEqual([
      'Los materiales son incorrectos',
    ]);
  });
});

describe('publicationSchema: files', () => {
  it('needs at least one image', () => {
    expect(messagesAt(publicationSchema, withField('files', []), 'files')).toEqual([
      'Agrega al menos una imagen',
    ]);
    expect(messagesAt(publicationSchema, without('files'), 'files')).toEqual(['Agrega al menos una imagen']);
  });

  it('accepts images served by the app or by a file storage', () => {
    const files = [{ url: '/media/u1/foto.webp' }, { url: 'https://storage.example.com/u1/foto.jpg' }];
    expect(parseValid(publicationSchema, withField('files', files)).files).toEqual(files);
  });

  it('refuses an image without an address', () => {
    expect(messagesAt(publicationSchema, withField('files', [{ url: '' }]), 'files.0.url')).toEqual([
      'La imagen es obligatoria',
    ]);
    expect(messagesAt(publicationSchema, withField('files', [{ url: 'foto.jpg' }]), 'files.0.url')).toEqual([
      'La imagen es incorrecta',
    ]);
    expect(
      messagesAt(publicationSchema, withField('files', [{ url: '//evil.example.com/x.jpg' }]), 'files.0.url'),
    ).toEqual(['La imagen es incorrecta']);
  });
});

describe('fileNameSchema', () => {
  it.each(['foto.jpg', 'Mi Foto.PNG', 'huerta.2026.webp'])('accepts %s', (name) => {
    expect(fileNameSchema.safeParse(name).success).toBe(true);
  });

  it.each(['foto', 'foto.', '.png', ''])('refuses %j', (name) => {
    expect(issuesOf(fileNameSchema, name)).toEqual([{ path: '', message: 'El archivo es incorrecto' }]);
  });
});

describe('publicationSchema: status', () => {
  it.each([
    [1, 1],
    [0, 0],
    ['published', 1],
    ['private', 0],
    [undefined, undefined],
  ])('reads %j as %j', (status, value) => {
    expect(parseValid(publicationSchema, withField('status', status)).status).toBe(value);
  });

  it('refuses other values', () => {
    expect(messagesAt(publicationSchema, withField('status', 'draft'), 'status')).toEqual([
      'El estado es incorrecto',
    ]);
    expect(messagesAt(publicationSchema, withField('status', 2), 'status')).toEqual([
      'El estado es incorrecto',
    ]);
  });
});

describe('normalizeStatus', () => {
  it('reads 1 and published as published', () => {
    expect(normalizeStatus(1)).toBe(1);
    expect(normalizeStatus('1')).toBe(1);
    expect(normalizeStatus('published')).toBe(1);
  });

  it('reads any other value as not published', () => {
    for (const value of [0, 'private', '', null, undefined, 2, 'Publicado'])
      expect(normalizeStatus(value)).toBe(0);
  });
});

describe('publicationSchema: location keys', () => {
  const located = { ...complete, locationCountry: 'arg', locationProvince: 'sde', locationCity: 'la-banda' };

  it('accepts a consistent country, province and city', () => {
    const data = parseValid(publicationSchema, located);
    expect([data.locationCountry, data.locationProvince, data.locationCity]).toEqual([
      'arg',
      'sde',
      'la-banda',
    ]);
  });

  it('leaves them empty when not given', () => {
    const data = parseValid(publicationSchema, { ...complete, locationCountry: '' });
    expect([data.locationCountry, data.locationProvince, data.locationCity]).toEqual([null, null, null]);
  });

  it('refuses unknown keys', () => {
    expect(issuesOf(publicationSchema, { ...located, locationCountry: 'chl' })).toEqual([
      { path: 'locationCountry', message: 'El país es incorrecto' },
    ]);
    expect(issuesOf(publicationSchema, { ...located, locationProvince: 'salta' })).toEqual([
      { path: 'locationProvince', message: 'La provincia es incorrecta' },
    ]);
    expect(issuesOf(publicationSchema, { ...located, locationCity: 'rosario' })).toEqual([
      { path: 'locationCity', message: 'La ciudad es incorrecta' },
    ]);
  });

  it('refuses a province of another country and a city of another province', () => {
    expect(issuesOf(publicationSchema, { ...located, locationCountry: 'col' })).toEqual([
      { path: 'locationProvince', message: 'La provincia no corresponde al país elegido' },
    ]);
    expect(issuesOf(publicationSchema, { ...located, locationCity: 'caba' })).toEqual([
      { path: 'locationCity', message: 'La ciudad no corresponde a la provincia elegida' },
    ]);
  });

  it('needs the level above a province or a city', () => {
    expect(issuesOf(publicationSchema, { ...located, locationCountry: '' })).toEqual([
      { path: 'locationCountry', message: 'El país es obligatorio' },
    ]);
    expect(issuesOf(publicationSchema, { ...located, locationProvince: undefined })).toEqual([
      { path: 'locationProvince', message: 'La provincia es obligatoria' },
    ]);
  });
});

describe('publicationSchema: output', () => {
  it('drops unknown fields and keeps the id of an edited publication', () => {
    const data = parseValid(publicationSchema, { ...complete, _id: 'p1', createdBy: 'u1', views: 3 });
    expect(data._id).toBe('p1');
    expect(data).not.toHaveProperty('createdBy');
    expect(data).not.toHaveProperty('views');
  });

  it('converts the numeric strings that forms send', () => {
    const data = parseValid(publicationSchema, {
      ...complete,
      quantity: '3',
      price: '99.5',
      discountRate: '20',
    });
    expect([data.quantity, data.price, data.discountRate]).toEqual([3, 99.5, 20]);
  });
});
