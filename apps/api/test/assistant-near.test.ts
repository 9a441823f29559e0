import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cityCenter, distanceKm, formatDistance } from '@eco/domain';
import { createSession } from '../src/modules/sessions/service.ts';
import { asClient, insertUser } from './helpers/accounts.ts';
import { placeAt, storePublication } from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// "¿Dónde reciclo pilas cerca de mí?" (issue 24): the nearest points with their distances, from the visitor's
// location when they share it, else from the center of the city they name or have in their profile.

type Reply = {
  message: string;
  publications: { _id: string; title: string; distanceKm?: number }[];
  searchUrl: string | null;
};

const HOUR_MS = 3_600_000;
// Someone in Nueva Córdoba.
const HERE = { lat: -31.4262, lng: -64.1862 };

describe('the assistant, near me', () => {
  let subject: TestApp;
  let member: { token: string };
  const points: Record<string, { lat: number; lng: number }> = {
    'Contenedor de pilas en Nueva Córdoba': { lat: -31.4281, lng: -64.1873 },
    'Recepción de pilas en Alberdi': { lat: -31.4075, lng: -64.2055 },
    'Pilas usadas en el Cerro de las Rosas': { lat: -31.3772, lng: -64.2371 },
    'Pilas en Godoy Cruz': { lat: -32.9254, lng: -68.8444 },
  };
  const CITIES: Record<string, [string, string]> = {
    'Pilas en Godoy Cruz': ['mendoza', 'godoy-cruz'],
  };

  beforeAll(async () => {
    subject = await createTestApp();
    const { db } = subject.database;
    const author = await insertUser(db, { email: 'puntos@example.com' });
    let hour = 0;
    for (const [title, point] of Object.entries(points)) {
      const [province, city] = CITIES[title] ?? ['cordoba', 'cba-city'];
      hour += 1;
      const id = await storePublication(db, {
        typed: 'dots',
        title,
        labels: ['Otros'],
        createdBy: author.id,
        createdAt: `2026-05-01T${String(hour).padStart(2, '0')}:00:00.000Z`,
        country: 'arg',
        province,
        city,
      });
      await placeAt(db, id, point);
    }
    const mendocina = await insertUser(db, { email: 'mendocina@example.com', name: 'Mendocina' });
    await db
      .updateTable('users')
      .set({ location_country: 'arg', location_province: 'mendoza', location_city: 'godoy-cruz' })
      .where('id', '=', mendocina.id)
      .execute();
    member = await createSession(db, mendocina.id, HOUR_MS);
  });

  afterAll(async () => {
    await subject.dispose();
  });

  async function ask(payload: Record<string, unknown>, options: { headers?: Record<string, string> } = {}) {
    const response = await subject.app.inject({ method: 'POST', url: '/api/io', payload, ...options });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ reply: Reply }>().reply;
  }

  it('answers the nearest points to the visitor, with their distances', async () => {
    const reply = await ask({
      interaction: '¿dónde reciclo pilas cerca de mí?',
      near: `${HERE.lat},${HERE.lng}`,
    });
    const titles = reply.publications.map((publication) => publication.title);
    expect(titles.slice(0, 3)).toEqual([
      'Contenedor de pilas en Nueva Córdoba',
      'Recepción de pilas en Alberdi',
      'Pilas usadas en el Cerro de las Rosas',
    ]);
    const first = reply.publications[0]!;
    expect(first.distanceKm).toBeCloseTo(distanceKm(HERE, points[first.title]!), 2);
    expect(reply.message).toContain(
      `Lo más cercano a ti: «Contenedor de pilas en Nueva Córdoba», ${formatDistance(first.distanceKm!)}; «Recepción de pilas en Alberdi», a `,
    );
    expect(reply.searchUrl).toContain(`near=${HERE.lat}%2C${HERE.lng}`);
    // The member's profile city does not filter what is near where they are.
    const asMember = await ask(
      { interaction: 'pilas cerca de mí', near: `${HERE.lat},${HERE.lng}` },
      asClient(member.token),
    );
    expect(asMember.publications[0]?.title).toBe('Contenedor de pilas en Nueva Córdoba');
  });

  it('measures from the center of the city named, or of the profile, without a location', async () => {
    const named = await ask({ interaction: 'dónde reciclo pilas cerca en córdoba' });
    // Córdoba's center is Plaza San Martín.
    expect(named.publications.map((publication) => publication.title)).toEqual([
      'Contenedor de pilas en Nueva Córdoba',
      'Recepción de pilas en Alberdi',
      'Pilas usadas en el Cerro de las Rosas',
    ]);
    expect(named.publications[0]?.distanceKm).toBeCloseTo(
      distanceKm(cityCenter('cba-city')!, points['Contenedor de pilas en Nueva Córdoba']!),
      2,
    );
    expect(named.message).toContain(
      'Lo más cercano al centro de Córdoba: «Contenedor de pilas en Nueva Córdoba», a ',
    );
    const fromProfile = await ask({ interaction: 'pilas cerca' }, asClient(member.token));
    expect(fromProfile.publications[0]?.title).toBe('Pilas en Godoy Cruz');
    expect(fromProfile.message).toContain(
      'Lo más cercano al centro de Godoy Cruz: «Pilas en Godoy Cruz», a ',
    );
  });

  it('refuses a location outside Argentina and Colombia with a Spanish message', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/io',
      payload: { interaction: 'pilas cerca de mí', near: '48.85,2.35' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('El punto debe estar en Argentina o Colombia');
  });
});
