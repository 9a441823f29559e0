import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/modules/sessions/service.ts';
import { recogniseEntities } from '../src/modules/assistant/entities.ts';
import { recogniseOffer, type Offer } from '../src/modules/assistant/offers.ts';
import { offerMessage } from '../src/modules/assistant/replies.ts';
import { asClient, insertUser } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// Offers on their own: who gives, sells, swaps, teaches or announces something is told how to publish it, in both
// dialects and as people type; searches that only mention those verbs stay searches. The question set
// (assistant-quality.test.ts) measures the same over the demo content.

const offerOf = (text: string): Offer | null => recogniseOffer(text, recogniseEntities(text));

describe('offer recogniser', () => {
  it.each([
    // Argentine voseo
    ['quiero vender mi bici', 'sell', 'market'],
    ['tengo frascos para regalar, qué hago', 'give', 'barter'],
    ['doy un taller de compost', 'teach', 'events'],
    ['cómo publico que regalo ropa', 'give', 'barter'],
    ['organizo una feria el sábado', 'organise', 'events'],
    ['vendo frascos de vidrio', 'sell', 'barter'],
    ['cambio frascos por semillas', 'swap', 'barter'],
    ['vamos a hacer una limpieza de la playa, como aviso?', 'organise', 'events'],
    ['me sobraron tejas de la obra', 'give', 'barter'],
    ['tengo pallets que ya no uso', 'give', 'barter'],
    // Colombian tú and usted
    ['quiero regalar unos frascos', 'give', 'barter'],
    ['vendo abono orgánico', 'sell', 'market'],
    ['tengo un punto de acopio, cómo lo registro', 'register', 'dots'],
    ['dicto un curso de huerta', 'teach', 'courses'],
    ['quisiera ofrecer mis servicios de compostaje', 'sell', 'market'],
    ['tenemos un emprendimiento de jabones, como lo publicamos', 'register', 'market'],
    ['organizamos una minga de limpieza', 'organise', 'events'],
    // As typed: typos, no accents, a pronoun on the verb
    ['kiero bender unas botellas de vidrio', 'sell', 'barter'],
    ['quiero regalr ropa', 'give', 'barter'],
    ['ensenio a compostar', 'teach', 'courses'],
    ['tengo cajas y quiero regalarlas', 'give', 'barter'],
  ] as const)('«%s» offers: %s on %s', (text, act, category) => {
    expect(offerOf(text)).toEqual({ act, category });
  });

  it.each([
    'donde consigo frascos de vidrio',
    'quien vende compost',
    'busco talleres de compost',
    'hay cursos de huerta?',
    'alguien regala frascos',
    'regalan papel de oficina en la plata',
    'quien me regala botellas de vidrio',
    'compro ropa de segunda mano',
    'intercambio de semillas',
    'donde dejo ropa para donar',
    'que le puedo regalar a mi hermana',
    'busco un regalo ecologico',
    'quiero hacer un curso de compost',
    'me quiero capacitar como promotor ambiental',
    // '¿vendo compost?' reads as 'who sells compost', mistyped.
    'vendo compost en la plata?',
    // The site's own questions
    'como publico un anuncio',
    'como dono',
    'quiero donar al proyecto',
    'quiero cambiar mi numero de telefono',
    'quiero dar de baja mi cuenta',
    'como me registro',
    'te doy las gracias',
    'por que no se publica mi aviso',
    'en que categoria publico lo que ofrezco',
  ])('«%s» is no offer', (text) => {
    expect(offerOf(text)).toBeNull();
  });
});

describe('offer message', () => {
  it('names the type, that it is free, what its form asks and the review', () => {
    const message = offerMessage({ act: 'organise', category: 'events' }, { signedIn: true, hasPhone: true });
    expect(message).toBe(
      'Para difundir tu evento o taller, publica un anuncio en Eventos y Talleres: es gratis. En el formulario ' +
        'completa el título, la descripción, la dirección y la fecha, y agrega al menos una foto. El anuncio queda ' +
        'En Revisión hasta que el equipo de moderación lo apruebe.',
    );
  });

  it('asks a guest to sign in first and anyone without a phone to add one', () => {
    const guest = offerMessage({ act: 'give', category: 'barter' }, { signedIn: false, hasPhone: false });
    expect(guest).toContain('Para regalar, publica un anuncio en Mercado de Materiales: es gratis.');
    expect(guest).toContain('Primero ingresa con tu cuenta');
    expect(guest).toContain('los materiales');
    expect(guest).toContain('Aclara en la descripción que es un regalo.');
    expect(guest).toContain('carga tu teléfono en tu perfil');
  });
});

describe('POST /api/io with an offer', () => {
  let subject: TestApp;
  let withoutPhone: { token: string };
  let withPhone: { token: string };

  beforeAll(async () => {
    subject = await createTestApp();
    const { db } = subject.database;
    const first = await insertUser(db, { email: 'sin-telefono@example.com' });
    withoutPhone = await createSession(db, first.id, 3_600_000);
    const second = await insertUser(db, { email: 'con-telefono@example.com' });
    await db.updateTable('users').set({ phone: '+5493515550000' }).where('id', '=', second.id).execute();
    withPhone = await createSession(db, second.id, 3_600_000);
  });

  afterAll(async () => {
    await subject.dispose();
  });

  type Reply = { message: string; publications: unknown[]; links: { to: string; title: string }[] };
  const ask = async (interaction: string, options: { headers?: Record<string, string> } = {}) => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/io',
      payload: { interaction },
      ...options,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ reply: Reply }>().reply;
  };

  it('links the form on the right type, without the publications of others', async () => {
    const guest = await ask('quiero vender mi bici');
    expect(guest.publications).toEqual([]);
    expect(guest.links).toEqual([
      { to: '/publications/new?what=market', title: 'Publicar en Productos y Servicios' },
    ]);
    expect(guest.message).toContain('Primero ingresa con tu cuenta');
  });

  it('sends a member without a phone to the profile too', async () => {
    const member = await ask('dicto un curso de huerta', asClient(withoutPhone.token));
    expect(member.message).not.toContain('ingresa con tu cuenta');
    expect(member.links).toEqual([
      { to: '/publications/new?what=courses', title: 'Publicar en Cursos y Academia' },
      { to: '/dashboard/settings', title: 'Cargar mi teléfono' },
    ]);
    const withOne = await ask('dicto un curso de huerta', asClient(withPhone.token));
    expect(withOne.message).not.toContain('teléfono');
    expect(withOne.links).toHaveLength(1);
  });
});
