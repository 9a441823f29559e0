import sharp from 'sharp';
import { expect, type APIRequestContext, type Browser } from '@playwright/test';
import { DEMO_SUPER_USER_EMAIL } from '../../apps/api/src/demo/demo-data.ts';
import { E2E_BASE_URL } from './server.ts';
import { signInAs } from './session.ts';

// Recycling points with a place, published through the API by the demo's super user (places and saved searches).

async function photoUrl(request: APIRequestContext): Promise<string> {
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2f6f3e' } })
    .jpeg()
    .toBuffer();
  const media = await request.post('/api/media', {
    headers: { origin: E2E_BASE_URL },
    multipart: { file: { name: 'punto.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(media.status()).toBe(201);
  return ((await media.json()) as { url: string }).url;
}

/** Published recycling points (a super user's publications need no review), open every day from 00:00 to 24:00. */
export async function publishPoints(
  browser: Browser,
  points: Array<{ title: string; lat: number; lng: number }>,
): Promise<string[]> {
  const context = await browser.newContext();
  try {
    await signInAs(context, DEMO_SUPER_USER_EMAIL);
    const url = await photoUrl(context.request);
    const ids: string[] = [];
    for (const point of points) {
      const created = await context.request.post('/api/publications', {
        headers: { origin: E2E_BASE_URL },
        data: {
          typed: 'dots',
          title: point.title,
          description: 'Recibimos vidrio limpio, botellas y frascos, todos los días.',
          labels: ['Vidrios'],
          locationAddress: 'Plaza San Martín, Córdoba',
          locationCountry: 'arg',
          locationProvince: 'cordoba',
          locationCity: 'cba-city',
          locationLat: point.lat,
          locationLng: point.lng,
          openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: '00:00', closes: '24:00' })),
          files: [{ url }],
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      ids.push(((await created.json()) as { publication: { _id: string } }).publication._id);
    }
    return ids;
  } finally {
    await context.close();
  }
}
