import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDate } from '@eco/domain/dates/display';
import { actor, createActors, storePublication, type Actor, type Actors } from './helpers/publications.ts';
import { startInbox, type Inbox, type ReceivedMail } from './helpers/smtp-inbox.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// The e-mail of a change of date or place of an event a member marked (decision 036), through the app's real
// mailer to a real SMTP server: Spanish, the new date and place, the updated .ics (a real parser reads it), the
// one-click unsubscribe; only to interested members who keep e-mails on, never while the event is under review.

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const waitLong = { timeout: 30_000, interval: 100 };
const CHANGED = 'Cambió un evento que te interesa: Jornada de limpieza';

describe('the e-mail of a change to an event of interest', () => {
  let subject: TestApp;
  let app: FastifyInstance;
  let inbox: Inbox;
  let actors: Actors;
  let quiet: Actor;

  beforeAll(async () => {
    inbox = await startInbox();
    subject = await createTestApp({
      env: { JOBS_POLL_MS: '100', PUBLIC_URL: 'https://eco.example.org', SMTP_URL: inbox.url },
    });
    app = subject.app;
    await app.ready();
    actors = await createActors(subject.database.db);
    quiet = await actor(subject.database.db, 'callado@example.com', 'Sin Correos');
    await subject.database.db
      .updateTable('users')
      .set({ email_notifications: 0 })
      .where('id', '=', quiet.id)
      .execute();
  });

  afterAll(async () => {
    await subject?.dispose();
    await inbox?.close();
  });

  const changeMails = (to: string) =>
    inbox.messages.filter((mail) => mail.subject === CHANGED && mail.to.includes(to));

  function calendarOf(mail: ReceivedMail) {
    const [attachment] = mail.attachments;
    expect(attachment?.contentType).toBe('text/calendar');
    expect(attachment?.filename).toMatch(/\.ics$/);
    const calendar = new ICAL.Component(ICAL.parse(attachment!.content));
    return new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  }

  it('tells by e-mail the new date, then the new place, with the updated .ics, to those who keep e-mails on', async () => {
    const id = await storePublication(subject.database.db, {
      typed: 'events',
      title: 'Jornada de limpieza',
      status: 1,
      createdBy: actors.author.id,
      createdAt: new Date().toISOString(),
      country: 'arg',
      province: 'cordoba',
      city: 'cba-city',
      calendaredAt: inHours(24 * 10),
    });
    for (const member of [actors.other, quiet]) {
      const marked = await app.inject({
        method: 'PUT',
        url: `/api/publication/${id}/interest`,
        headers: member.headers,
      });
      expect(marked.statusCode).toBe(204);
    }
    const form = {
      typed: 'events',
      title: 'Jornada de limpieza',
      description: 'Sin más detalles por ahora.',
      files: [{ url: '/media/demo/ejemplo.webp' }],
      locationCountry: 'arg',
      locationProvince: 'cordoba',
      locationCity: 'cba-city',
      locationAddress: 'Plaza San Martín',
    };
    const edit = async (fields: Record<string, unknown>) => {
      const answer = await app.inject({
        method: 'PUT',
        url: `/api/publication/${id}`,
        headers: actors.superUser.headers,
        payload: { ...form, ...fields },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    };

    const moved = inHours(24 * 20);
    await edit({ calendaredAt: moved });
    await vi.waitFor(() => expect(changeMails('otro@example.com')).toHaveLength(1), waitLong);
    const [byDate] = changeMails('otro@example.com');
    expect(byDate!.text).toContain('«Jornada de limpieza» cambió de fecha y de lugar.');
    expect(byDate!.text).toContain(`Fecha: ${formatDate(moved, 'arg')}`);
    expect(byDate!.text).toContain('Lugar: Plaza San Martín');
    expect(byDate!.links).toContain(`https://eco.example.org/publications/${id}`);
    expect(byDate!.headerLines.get('list-unsubscribe-post')).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    expect(byDate!.headerLines.get('list-unsubscribe')).toMatch(
      /^List-Unsubscribe: <https:\/\/eco\.example\.org\/api\/unsubscribe\/.+>$/,
    );
    const first = calendarOf(byDate!);
    expect(first.uid).toBe(`publication-${id}@eco.example.org`);
    // iCalendar keeps whole seconds.
    expect(first.startDate.toJSDate().getTime()).toBe(Math.floor(Date.parse(moved) / 1000) * 1000);
    expect(first.location).toContain('Plaza San Martín');

    // The place alone: a second e-mail, its .ics one SEQUENCE further.
    await edit({ calendaredAt: moved, locationAddress: 'Parque Sarmiento' });
    await vi.waitFor(() => expect(changeMails('otro@example.com')).toHaveLength(2), waitLong);
    const byPlace = changeMails('otro@example.com')[1]!;
    expect(byPlace.text).toContain('«Jornada de limpieza» cambió de lugar.');
    expect(byPlace.text).toContain('Lugar: Parque Sarmiento');
    const second = calendarOf(byPlace);
    expect(second.sequence).toBe(first.sequence + 1);
    expect(second.location).toContain('Parque Sarmiento');

    // An edit that changes neither sends nothing more; the member who turned e-mails off got none.
    await edit({ calendaredAt: moved, locationAddress: 'Parque Sarmiento', description: 'Con guantes.' });
    // The author's own edit sends it back to review: the notification says so, and no e-mail goes.
    const review = await app.inject({
      method: 'PUT',
      url: `/api/publication/${id}`,
      headers: actors.author.headers,
      payload: { ...form, calendaredAt: inHours(24 * 21), locationAddress: 'Parque Sarmiento' },
    });
    expect(review.statusCode, review.body).toBe(200);
    await vi.waitFor(async () => {
      const left = await subject.database.db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', 'interest-change-mail')
        .execute();
      expect(left).toEqual([]);
    }, waitLong);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(changeMails('otro@example.com')).toHaveLength(2);
    expect(changeMails('callado@example.com')).toEqual([]);
    expect(changeMails('autora@example.com')).toEqual([]);
    expect(changeMails('admin@example.com')).toEqual([]);
  }, 60_000);
});
