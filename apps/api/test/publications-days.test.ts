import type { FastifyInstance } from 'fastify';
import { addDays, isoDayOf, localDayOf, parseIsoDay } from '@eco/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActors, storePublication, type Actors } from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const BOGOTA = 'America/Bogota';
const DAY = 24 * 60 * 60 * 1000;

/** Noon in Bogotá (17:00 UTC) `days` after today there. */
function bogotaNoon(days: number): string {
  const day = addDays(localDayOf(BOGOTA, new Date()), days);
  return `${isoDayOf(day)}T17:00:00.000Z`;
}

describe("GET /api/publications/days (the month view's marks)", () => {
  let subject: TestApp;
  let app: FastifyInstance;
  let actors: Actors;
  const today = isoDayOf(localDayOf(BOGOTA, new Date()));
  const day = (days: number) => isoDayOf(addDays(parseIsoDay(today)!, days));

  const days = (query: string) => app.inject({ method: 'GET', url: `/api/publications/days?${query}` });

  beforeAll(async () => {
    subject = await createTestApp();
    app = subject.app;
    await app.ready();
    actors = await createActors(subject.database.db);
    const store = (title: string, fields: Record<string, unknown>) =>
      storePublication(subject.database.db, {
        typed: 'events',
        title,
        createdBy: actors.author.id,
        createdAt: new Date(Date.now() - 50 * DAY).toISOString(),
        country: 'col',
        province: 'antioquia',
        city: 'medellin',
        ...fields,
      });
    await store('Feria en dos días', { calendaredAt: bogotaNoon(2) });
    await store('Taller en dos días', { calendaredAt: bogotaNoon(2) });
    await store('Encuentro de tres días', { calendaredAt: bogotaNoon(5), calendaredUntil: bogotaNoon(7) });
    await store('Ya terminó', { calendaredAt: bogotaNoon(-3) });
    await store('Curso', { typed: 'courses', calendaredAt: bogotaNoon(2) });
    await store('En revisión', { calendaredAt: bogotaNoon(3), status: 0 });
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('counts what has not ended per day of the country, multi-day events on each of their days', async () => {
    const response = await days(`typed=events&country=col&from=${day(-5)}&to=${day(10)}`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{ days: { day: string; count: number }[]; asOf: string }>();
    expect(answer.days).toEqual([
      { day: day(2), count: 2 },
      { day: day(5), count: 1 },
      { day: day(6), count: 1 },
      { day: day(7), count: 1 },
    ]);
    expect(Date.parse(answer.asOf)).toBeLessThanOrEqual(Date.now());
    const past = await days(`typed=events&country=col&from=${day(-5)}&to=${day(10)}&past=1`);
    expect(past.json<{ days: unknown[] }>().days).toEqual([{ day: day(-3), count: 1 }]);
    const courses = await days(`typed=courses&from=${day(0)}&to=${day(10)}`);
    expect(courses.json<{ days: unknown[] }>().days).toEqual([{ day: day(2), count: 1 }]);
  });

  it('marks a new event as soon as it is stored', async () => {
    const query = `typed=events&country=col&province=antioquia&from=${day(0)}&to=${day(10)}`;
    expect((await days(query)).json<{ days: { day: string }[] }>().days.map((one) => one.day)).not.toContain(
      day(9),
    );
    await storePublication(subject.database.db, {
      typed: 'events',
      title: 'Nuevo',
      createdBy: actors.author.id,
      createdAt: new Date().toISOString(),
      country: 'col',
      province: 'antioquia',
      calendaredAt: bogotaNoon(9),
    });
    expect((await days(query)).json<{ days: { day: string }[] }>().days.map((one) => one.day)).toContain(
      day(9),
    );
  });

  it('answers bad ranges and filters with 400 and a Spanish message', async () => {
    const cases: [string, string][] = [
      [`typed=events&to=${day(0)}`, 'La vista del mes necesita las fechas "desde" (from) y "hasta" (to)'],
      [`typed=events&from=${day(0)}&to=${day(42)}`, 'La vista del mes abarca como mucho 42 días'],
      [
        `typed=events&from=${day(3)}&to=${day(0)}`,
        'La fecha "desde" no puede ser posterior a la fecha "hasta"',
      ],
      [
        `typed=market&from=${day(0)}&to=${day(3)}`,
        'Los calendarios son de eventos (events) o cursos (courses)',
      ],
      [`typed=events&from=2026-02-30&to=${day(3)}`, 'La fecha "desde" debe ser un día válido (AAAA-MM-DD)'],
    ];
    for (const [query, message] of cases) {
      const response = await days(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message, query).toContain(message);
    }
    expect((await days(`typed=events&from=${day(0)}&to=${day(41)}`)).statusCode).toBe(200);
  });

  it('answers the current month of the country without a range', async () => {
    const answer = (await days('typed=events&country=col')).json<{ from: string; to: string }>();
    expect(answer.from).toBe(`${today.slice(0, 8)}01`);
    expect(answer.to.slice(0, 7)).toBe(today.slice(0, 7));
  });
});
