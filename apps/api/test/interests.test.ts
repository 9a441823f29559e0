import type { FastifyInstance, InjectOptions } from 'fastify';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordingMailer, type RecordingMailer } from './helpers/accounts.ts';
import { composedMail } from './helpers/composed-mail.ts';
import {
  actor,
  createActors,
  pageOf,
  storePublication,
  type Actor,
  type Actors,
} from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const UNAUTHORIZED = { statusCode: 401, error: 'Unauthorized', message: 'Necesita autorización' };
const NOT_FOUND = { statusCode: 404, error: 'Not Found', message: 'El anuncio no existe' };
const NOT_CALENDARED = {
  statusCode: 400,
  error: 'Bad Request',
  message: 'Solo los eventos y los cursos admiten «Me interesa»',
};
const FORBIDDEN = {
  statusCode: 403,
  error: 'Forbidden',
  message: 'Solo el autor del anuncio y los superusuarios pueden ver a quiénes les interesa',
};
const HOUR = 3_600_000;

type Who = 'guest' | keyof Actors | 'third';
type Detail = { publication: { interestedCount: number; interested?: boolean } };
type Notice = { title: string; message: string; link: string; kind: string };

const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const waitLong = { timeout: 60_000, interval: 100 };
const SLOW = 120_000;

describe('Me interesa', () => {
  let subject: TestApp;
  let app: FastifyInstance;
  let actors: Actors;
  let third: Actor;
  let mailer: RecordingMailer;

  function request(who: Who, options: InjectOptions) {
    const headers = who === 'guest' ? {} : (who === 'third' ? third : actors[who]).headers;
    return app.inject({ ...options, headers: { ...headers, ...options.headers } });
  }
  const mark = (who: Who, id: string) =>
    request(who, { method: 'PUT', url: `/api/publication/${id}/interest` });
  const unmark = (who: Who, id: string) =>
    request(who, { method: 'DELETE', url: `/api/publication/${id}/interest` });
  const detail = async (who: Who, id: string) =>
    (await request(who, { method: 'GET', url: `/api/publication/${id}` })).json<Detail>().publication;

  /** An event of the author starting at `start` (published unless told). */
  const event = (title: string, start: string, options: { status?: 0 | 1; typed?: string } = {}) =>
    storePublication(subject.database.db, {
      typed: options.typed ?? 'events',
      title,
      status: options.status ?? 1,
      createdBy: actors.author.id,
      createdAt: new Date().toISOString(),
      country: 'arg',
      province: 'cordoba',
      city: 'cba-city',
      calendaredAt: start,
    });

  async function noticesOf(who: Who, publicationId: string): Promise<Notice[]> {
    const response = await request(who, { method: 'GET', url: '/api/notifications?pageSize=60' });
    return response
      .json<{ notifications: Notice[] }>()
      .notifications.filter((item) => item.link === `/publications/${publicationId}`);
  }

  const jobsOf = (publicationId: string) =>
    subject.database.db
      .selectFrom('jobs')
      .select(['id', 'kind', 'run_at'])
      .where('subject', '=', `publication:${publicationId}`)
      .orderBy('id')
      .execute();

  /** Makes the publication's queued reminders due now (the clock moved on) and wakes nobody: the poll finds them. */
  const dueNow = (publicationId: string) =>
    subject.database.db
      .updateTable('jobs')
      .set({ run_at: new Date(Date.now() - 1000).toISOString() })
      .where('subject', '=', `publication:${publicationId}`)
      .execute();

  beforeAll(async () => {
    mailer = recordingMailer();
    subject = await createTestApp({
      mailer,
      env: { JOBS_POLL_MS: '100', PUBLIC_URL: 'https://eco.example.org' },
    });
    app = subject.app;
    await app.ready();
    actors = await createActors(subject.database.db);
    third = await actor(subject.database.db, 'tercera@example.com', 'Tercera Persona');
  });

  afterAll(async () => {
    await subject?.dispose();
  });

  it('answers the authorization matrix of marking, unmarking and who is interested', async () => {
    const published = await event('Feria de semillas', inHours(24 * 30));
    const pending = await event('Taller en revisión', inHours(24 * 30), { status: 0 });
    const market = await event('Bicicleta', inHours(24 * 30), { typed: 'market' });

    expect((await mark('guest', published)).json()).toEqual(UNAUTHORIZED);
    expect((await unmark('guest', published)).json()).toEqual(UNAUTHORIZED);
    expect((await mark('other', pending)).json()).toEqual(NOT_FOUND);
    expect((await unmark('other', pending)).json()).toEqual(NOT_FOUND);
    expect((await mark('other', 'no-such-id')).json()).toEqual(NOT_FOUND);
    const refused = await mark('other', market);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(NOT_CALENDARED);

    expect((await mark('other', published)).statusCode).toBe(204);
    expect((await mark('other', published)).statusCode).toBe(204);
    expect((await mark('author', pending)).statusCode).toBe(204);
    expect((await mark('superUser', pending)).statusCode).toBe(204);
    expect((await mark('third', published)).statusCode).toBe(204);

    // Who is interested: the author and the super users; names and profiles, never contact data.
    const url = `/api/publication/${published}/interested`;
    expect((await request('guest', { method: 'GET', url })).json()).toEqual(UNAUTHORIZED);
    expect((await request('other', { method: 'GET', url })).json()).toEqual(FORBIDDEN);
    expect(
      (await request('other', { method: 'GET', url: `/api/publication/${pending}/interested` })).json(),
    ).toEqual(NOT_FOUND);
    for (const who of ['author', 'superUser'] as const) {
      const response = await request(who, { method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json<{ members: Record<string, unknown>[]; total: number }>();
      expect(body.total).toBe(2);
      expect(body.members.map((member) => member.name)).toEqual(['Otro Usuario', 'Tercera Persona']);
      expect(body.members[0]).toEqual({
        _id: actors.other.id,
        name: 'Otro Usuario',
        pictureUrl: null,
        profileUrl: `/users/${actors.other.id}`,
        interestedAt: expect.any(String),
      });
      expect(response.body).not.toContain('@example.com');
      expect(response.body).not.toContain('5493510000000');
    }

    expect((await unmark('other', published)).statusCode).toBe(204);
    expect((await unmark('other', published)).statusCode).toBe(204);
    // A marked one that is no longer visible can still be unmarked.
    await subject.database.db
      .updateTable('publications')
      .set({ status: 0 })
      .where('id', '=', published)
      .execute();
    expect((await unmark('third', published)).statusCode).toBe(204);
    expect((await detail('author', published)).interestedCount).toBe(0);
  });

  it('counts on every answer, says `interested` to the member only, and keeps the shared lists exact', async () => {
    const id = await event('Caminata por el río', inHours(24 * 40));
    const listUrl = '/api/publications?status=published&typed=events&pageSize=60';
    const countInList = async () =>
      (
        pageOf(await request('guest', { method: 'GET', url: listUrl })).publications as unknown as {
          _id: string;
          interestedCount: number;
        }[]
      ).find((item) => item._id === id)?.interestedCount;

    expect(await countInList()).toBe(0);
    expect(await detail('guest', id)).toMatchObject({ interestedCount: 0 });
    expect((await detail('guest', id)).interested).toBeUndefined();
    expect((await detail('other', id)).interested).toBe(false);

    await mark('other', id);
    await mark('third', id);
    expect(await countInList()).toBe(2);
    expect(await detail('guest', id)).toMatchObject({ interestedCount: 2 });
    expect((await detail('other', id)).interested).toBe(true);
    expect((await detail('author', id)).interested).toBe(false);
    const among = await request('other', { method: 'GET', url: `/api/interests/among?ids=${id},otro` });
    expect(among.json()).toEqual({ ids: [id] });

    await unmark('third', id);
    expect(await countInList()).toBe(1);
    expect(await detail('guest', id)).toMatchObject({ interestedCount: 1 });
  });

  it("lists the member's agenda upcoming first, with past ones apart", async () => {
    const member = await actor(subject.database.db, 'agenda@example.com', 'Agenda');
    const headers = member.headers;
    const later = await event('Agenda: después', inHours(24 * 60));
    const sooner = await event('Agenda: antes', inHours(24 * 50));
    const ended = await event('Agenda: pasado', inHours(-24 * 3));
    for (const id of [later, sooner, ended]) {
      expect(
        (await app.inject({ method: 'PUT', url: `/api/publication/${id}/interest`, headers })).statusCode,
      ).toBe(204);
    }
    const upcoming = await app.inject({ method: 'GET', url: '/api/interests', headers });
    expect(upcoming.headers['cache-control']).toBe('no-store');
    const page = upcoming.json<{
      publications: { _id: string; publication: { title: string } }[];
      total: number;
    }>();
    expect(page.publications.map((entry) => entry.publication.title)).toEqual([
      'Agenda: antes',
      'Agenda: después',
    ]);
    expect(page.total).toBe(2);
    const past = await app.inject({ method: 'GET', url: '/api/interests?past=1', headers });
    expect(past.json<{ publications: { _id: string }[] }>().publications.map((entry) => entry._id)).toEqual([
      ended,
    ]);
    expect((await app.inject({ method: 'GET', url: '/api/interests?past=x', headers })).statusCode).toBe(400);
    expect((await request('guest', { method: 'GET', url: '/api/interests' })).json()).toEqual(UNAUTHORIZED);
  });

  it(
    'reminds within the poll when marked less than 24 hours before, with the .ics attached, once',
    async () => {
      const id = await event('Taller de compostaje', inHours(3));
      mailer.sent.length = 0;
      expect((await mark('other', id)).statusCode).toBe(204);
      await vi.waitFor(async () => expect(await noticesOf('other', id)).toHaveLength(1), waitLong);
      const [notice] = await noticesOf('other', id);
      expect(notice).toMatchObject({ title: 'Se acerca un evento que te interesa', kind: 'info' });
      expect(notice?.message).toMatch(/^«Taller de compostaje» empieza el \d\d\/\d\d\/\d{4} \d\d:\d\d\.$/);

      await vi.waitFor(
        () => expect(mailer.sent.filter((mail) => mail.to === 'otro@example.com')).toHaveLength(1),
        waitLong,
      );
      const mail = mailer.sent.find((item) => item.to === 'otro@example.com')!;
      expect(mail.subject).toBe('Se acerca un evento que te interesa: Taller de compostaje');
      expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.headers?.['List-Unsubscribe']).toMatch(
        /^<https:\/\/eco\.example\.org\/api\/unsubscribe\/.+>$/,
      );
      const [attachment] = (await composedMail(mail)).attachments;
      expect(attachment?.contentType).toBe('text/calendar');
      expect(attachment?.filename).toMatch(/\.ics$/);
      const calendar = new ICAL.Component(ICAL.parse(attachment!.content.toString('utf8')));
      const vevent = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
      expect(vevent.summary).toBe('Taller de compostaje');
      expect(vevent.uid).toBe(`publication-${id}@eco.example.org`);
      const stored = await subject.database.db
        .selectFrom('publications')
        .select('calendared_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      // iCalendar keeps whole seconds.
      expect(vevent.startDate.toJSDate().getTime()).toBe(
        Math.floor(Date.parse(stored.calendared_at!) / 1000) * 1000,
      );

      // The hour-before one is queued; this member did not choose it, so it sends nothing.
      expect((await jobsOf(id)).map((job) => job.id)).toEqual([
        `interest-reminder:${id}:${actors.other.id}:1h`,
      ]);
      await dueNow(id);
      await vi.waitFor(async () => expect(await jobsOf(id)).toEqual([]), waitLong);
      expect(await noticesOf('other', id)).toHaveLength(1);
      // Unmarked and marked again: the same reminder is not sent twice.
      await unmark('other', id);
      await mark('other', id);
      await dueNow(id);
      await vi.waitFor(async () => expect(await jobsOf(id)).toEqual([]), waitLong);
      expect(await noticesOf('other', id)).toHaveLength(1);
      expect(mailer.sent.filter((item) => item.to === 'otro@example.com')).toHaveLength(1);
    },
    SLOW,
  );

  it(
    'sends the hour-before reminder to members who chose it, and none by e-mail when e-mails are off',
    async () => {
      const member = await actor(subject.database.db, 'hora@example.com', 'Hora Antes');
      const settings = await app.inject({
        method: 'PUT',
        url: '/api/me',
        headers: member.headers,
        payload: { reminderHourBefore: true, emailNotifications: false },
      });
      expect(settings.statusCode, settings.body).toBeLessThan(300);
      const me = await app.inject({ method: 'GET', url: '/api/me', headers: member.headers });
      expect(me.json()).toMatchObject({ reminderHourBefore: true, emailNotifications: false });
      const bad = await app.inject({
        method: 'PUT',
        url: '/api/me',
        headers: member.headers,
        payload: { reminderHourBefore: 'sí' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('El recordatorio de 1 hora antes debe ser verdadero o falso');

      const id = await event('Charla de huertas', inHours(30));
      const marked = await app.inject({
        method: 'PUT',
        url: `/api/publication/${id}/interest`,
        headers: member.headers,
      });
      expect(marked.statusCode).toBe(204);
      const jobs = await jobsOf(id);
      expect(jobs.map((job) => job.id)).toEqual([
        `interest-reminder:${id}:${member.id}:1h`,
        `interest-reminder:${id}:${member.id}:24h`,
      ]);
      expect(Date.parse(jobs[1]!.run_at)).toBeGreaterThan(Date.now() + 5 * HOUR);
      // Time passes: the start is now 59 minutes away (written directly, so nothing reschedules) and both are due.
      await subject.database.db
        .updateTable('publications')
        .set({ calendared_at: inHours(59 / 60) })
        .where('id', '=', id)
        .execute();
      await dueNow(id);
      const notifications = async () =>
        (await app.inject({ method: 'GET', url: '/api/notifications?pageSize=60', headers: member.headers }))
          .json<{ notifications: Notice[] }>()
          .notifications.filter((item) => item.link === `/publications/${id}`);
      await vi.waitFor(async () => expect(await notifications()).toHaveLength(2), waitLong);
      expect((await notifications()).map((item) => item.title).sort()).toEqual([
        'Empieza en una hora',
        'Se acerca un evento que te interesa',
      ]);
      await vi.waitFor(async () => expect(await jobsOf(id)).toEqual([]), waitLong);
      expect(mailer.sent.filter((mail) => mail.to === 'hora@example.com')).toEqual([]);
    },
    SLOW,
  );

  it(
    'moves reminders with the date, tells of the change, and sends none for an unpublished, past or deleted one',
    async () => {
      const start = inHours(24 * 10);
      const id = await event('Jornada de limpieza', start);
      await subject.database.db
        .updateTable('publications')
        .set({ location_address: 'Plaza San Martín' })
        .where('id', '=', id)
        .execute();
      await mark('other', id);
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
      const edit = (calendaredAt: string, extra: Record<string, unknown> = {}) =>
        request('superUser', {
          method: 'PUT',
          url: `/api/publication/${id}`,
          payload: { ...form, calendaredAt, ...extra },
        });

      const moved = inHours(24 * 20);
      const answer = await edit(moved);
      expect(answer.statusCode, answer.body).toBe(200);
      const jobs = await jobsOf(id);
      const day = jobs.find((job) => job.id.endsWith(':24h'))!;
      expect(Math.abs(Date.parse(day.run_at) - (Date.parse(moved) - 24 * HOUR))).toBeLessThan(1000);
      expect((await noticesOf('other', id)).map((item) => [item.title, item.message])).toEqual([
        ['Cambió un evento que te interesa', '«Jornada de limpieza» cambió de fecha.'],
      ]);
      // A change of place alone tells too, and leaves the reminders where they were.
      expect((await edit(moved, { locationAddress: 'Parque Sarmiento' })).statusCode).toBe(200);
      expect((await noticesOf('other', id))[0]?.message).toBe('«Jornada de limpieza» cambió de lugar.');
      expect((await jobsOf(id)).find((job) => job.id.endsWith(':24h'))?.run_at).toBe(day.run_at);

      // Unpublished when the reminder comes due: nothing is sent, and the job is gone.
      await subject.database.db.updateTable('publications').set({ status: 0 }).where('id', '=', id).execute();
      await dueNow(id);
      await vi.waitFor(async () => expect(await jobsOf(id)).toEqual([]), waitLong);
      expect((await noticesOf('other', id)).filter((item) => item.title.startsWith('Se acerca'))).toEqual([]);

      // Moved to the past: no reminder is left queued.
      const again = await event('Trueque de ropa', inHours(24 * 5));
      await mark('other', again);
      expect(await jobsOf(again)).toHaveLength(2);
      const past = await request('superUser', {
        method: 'PUT',
        url: `/api/publication/${again}`,
        payload: { ...form, title: 'Trueque de ropa', calendaredAt: inHours(-2) },
      });
      expect(past.statusCode, past.body).toBe(200);
      // (The e-mail of the change is queued: a date moved is news even when it is past.)
      expect((await jobsOf(again)).filter((job) => job.kind === 'interest-reminder')).toEqual([]);

      // Deleted: its queued reminders go with it.
      const gone = await event('Feria que se cancela', inHours(24 * 5));
      await mark('other', gone);
      expect(await jobsOf(gone)).toHaveLength(2);
      expect(
        (await request('author', { method: 'DELETE', url: `/api/publication/${gone}` })).statusCode,
      ).toBe(204);
      expect(await jobsOf(gone)).toEqual([]);
    },
    SLOW,
  );

  it("exports the member's interests and removes them (and the counts) with the account", async () => {
    const member = await actor(subject.database.db, 'borrar@example.com', 'Para Borrar');
    const id = await event('Muestra de reciclaje', inHours(24 * 9));
    await app.inject({ method: 'PUT', url: `/api/publication/${id}/interest`, headers: member.headers });
    expect((await detail('guest', id)).interestedCount).toBe(1);
    const exported = await app.inject({ method: 'GET', url: '/api/me/export', headers: member.headers });
    expect(exported.statusCode).toBe(200);
    expect(exported.json<{ interests: { publicationId: string }[] }>().interests).toEqual([
      expect.objectContaining({ publicationId: id, url: `https://eco.example.org/publications/${id}` }),
    ]);
    const { ACCOUNT_DELETION_STEPS } = await import('../src/modules/my-data/deletion-steps.ts');
    await subject.database.db.transaction().execute(async (trx) => {
      for (const step of ACCOUNT_DELETION_STEPS) await step(trx, member.id);
    });
    expect((await detail('guest', id)).interestedCount).toBe(0);
    expect(await jobsOf(id)).toEqual([]);
  });
});
