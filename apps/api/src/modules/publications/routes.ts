import { gunzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/database.ts';
import { accepts } from '../../plugins/content-encoding.ts';
import { errorResponses } from '../../plugins/error-schema.ts';
import type { CommunityMail } from '../notifications/community-mail.ts';
import { createFavoritesService } from '../favorites/service.ts';
import type { InterestsService } from '../interests/service.ts';
import { requireSession } from '../sessions/require-session.ts';
import {
  calendarDaysAnswerSchema,
  calendarDaysQuerySchema,
  calendarFeedQuerySchema,
  createBodySchema,
  listQuerySchema,
  mapAnswerSchema,
  mapQuerySchema,
  myListQuerySchema,
  publicationAnswerSchema,
  publicationPageSchema,
  publicationParamsSchema,
  updateBodySchema,
  type PublicationJson,
} from './schemas.ts';
import { createRememberedAnswers } from './remembered-answers.ts';
import type { PublicationWithAuthor } from './repository.ts';
import { calendarFileOf } from './calendar-file.ts';
import { createPublicationsService } from './service.ts';

const TAGS = ['publications'];
// Checked on arrival, so that a guest gets 401 before anything is said about the request itself.
const signedIn = { onRequest: async (request: FastifyRequest) => void (await requireSession(request)) };
const SIGNED_IN: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];
const OPTIONAL_SESSION: Record<string, string[]>[] = [{}, ...SIGNED_IN];

/** What only some visitors may see must not be kept by shared caches. */
function privateUnless(reply: FastifyReply, isPublic: boolean): void {
  if (!isPublic) reply.header('cache-control', 'no-store');
}

/** Explore, search, detail, and the authors' and super users' changes: the routes of anuncios. */
export const publicationRoutes: FastifyPluginAsyncZod<{
  database: DatabaseHandle;
  mail: CommunityMail;
  /** The site's public origin (PUBLIC_URL), for the calendar file's links. */
  publicUrl: string;
  /** SECRET_KEY, from which the approximate points are derived. */
  secretKey: string;
  /** "Me interesa": the member's own `interested` on the detail. */
  interests: InterestsService;
}> = async (app, { database, mail, publicUrl, secretKey, interests }) => {
  const publications = createPublicationsService({
    db: database.db,
    reader: database.reader,
    replica: database.replica,
    dialect: database.dialect,
    storage: app.mediaStorage,
    log: app.log,
    mail,
    secretKey,
    wakeJobs: interests.wake,
  });
  // PUT and DELETE of one publication: its row is asked for as the request arrives, along with the session.
  const storedRows = new WeakMap<FastifyRequest, Promise<PublicationWithAuthor | undefined>>();
  const signedInWithRow = {
    onRequest: async (request: FastifyRequest) => {
      const { id } = request.params as { id?: unknown };
      if (typeof id === 'string') {
        const stored = publications.read(id);
        // Awaited by the handler; a request stopped before it (a 401, a 400) leaves no unhandled rejection.
        stored.catch(() => undefined);
        storedRows.set(request, stored);
      }
      await requireSession(request);
    },
  };
  const favorites = createFavoritesService({ db: database.db, storage: app.mediaStorage });
  const isPublished = (publication: PublicationJson) => publication.status === 1;
  const remembered = createRememberedAnswers({
    path: '/api/publications',
    lookUp: (url, request) => publications.rememberedPublishedAnswer(url, request),
  });
  app.frontDoor.add(remembered.lane);
  // The map's, the same way: a map asked before is answered from memory, its bytes compressed once (decision 058).
  const rememberedMaps = createRememberedAnswers({
    path: '/api/publications/map',
    lookUp: (url, request) => publications.rememberedMapAnswer(url, request),
  });
  app.frontDoor.add(rememberedMaps.lane);

  app.get(
    '/publications',
    {
      // A URL answered before at the current version is answered again from memory, before its query is checked.
      onRequest: async (request, reply) => {
        const bytes = await publications.rememberedPublishedAnswer(request.url, request.raw);
        if (bytes !== undefined) return remembered.send(request, reply, bytes);
      },
      onSend: remembered.onSend,
      schema: {
        tags: TAGS,
        summary: 'Explorar y buscar anuncios publicados',
        description:
          'Sin texto, los más nuevos primero. Con `term`, por relevancia (título, materiales, descripción) y luego ' +
          'por fecha; si nada coincide, tolera faltas de ortografía. Los filtros se combinan con la búsqueda.',
        security: OPTIONAL_SESSION,
        querystring: listQuerySchema,
        response: { 200: publicationPageSchema, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      const { query } = request;
      if (query.status === 'published') {
        // The same answer for everybody, so no session is read; served as the route's schema serializes it.
        const serialize = reply.getSerializationFunction('200');
        if (serialize === undefined) throw new Error('GET /publications has no 200 serializer');
        const body = await publications.listPublishedAnswer(
          { ...query, status: 'published' },
          serialize,
          request.url,
          request.raw,
        );
        return remembered.send(request, reply, body);
      }
      const session = await request.getSession();
      const page = await publications.list(session?.user ?? null, query);
      privateUnless(reply, false);
      return page;
    },
  );

  app.get(
    '/publications/map',
    {
      // A URL answered before at the current version is answered again from memory, before its query is checked.
      onRequest: async (request, reply) => {
        const bytes = await publications.rememberedMapAnswer(request.url, request.raw);
        if (bytes !== undefined) return rememberedMaps.send(request, reply, bytes);
      },
      onSend: rememberedMaps.onSend,
      schema: {
        tags: TAGS,
        summary: 'El mapa de los anuncios publicados: grupos y pines de un área',
        description:
          'Los mismos filtros y búsqueda que GET /api/publications, sobre el área visible (`bbox`) a un `zoom`: ' +
          'grupos (cantidad y centroide) en una grilla de unos 64 píxeles, y los anuncios solos como pines con su ' +
          'vista previa. Solo los que tienen punto; los de trueque y venta, con su punto aproximado salvo que su ' +
          'autor elija el exacto.',
        querystring: mapQuerySchema,
        response: { 200: mapAnswerSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // The same answer for everybody: served as the route's schema serializes it.
      const serialize = reply.getSerializationFunction('200');
      if (serialize === undefined) throw new Error('GET /publications/map has no 200 serializer');
      const body = await publications.mapAnswer(request.query, serialize, request.url, request.raw);
      return rememberedMaps.send(request, reply, body);
    },
  );

  app.get(
    '/my-publications',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Mis anuncios, en cualquier estado',
        security: SIGNED_IN,
        querystring: myListQuerySchema,
        response: { 200: publicationPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      reply.header('cache-control', 'no-store');
      return publications.listMine(user, request.query);
    },
  );

  app.get(
    '/publication/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Un anuncio',
        description:
          'Uno no publicado solo lo ven su autor y los superusuarios; para los demás no existe (404). Con sesión ' +
          'dice `favorite` (si quien pregunta lo guardó), `interested` (si marcó «Me interesa», en eventos y cursos) ' +
          'y, a su autor y a los superusuarios, `favoriteCount`.',
        security: OPTIONAL_SESSION,
        params: publicationParamsSchema,
        response: { 200: publicationAnswerSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const session = await request.getSession();
      const publication = await publications.get(session?.user ?? null, request.params.id);
      if (session === null) {
        privateUnless(reply, isPublished(publication));
        return { publication };
      }
      // The member's own fields go on a copy of the shared answer, which must never be served to anybody else.
      reply.header('cache-control', 'no-store');
      const [favorite, interest] = await Promise.all([
        favorites.ownFields(session.user, publication),
        interests.ownFields(session.user, publication),
      ]);
      return { publication: { ...publication, ...favorite, ...interest } };
    },
  );

  app.get(
    '/publication/:id/calendar.ics',
    {
      schema: {
        tags: TAGS,
        summary: 'Un evento o curso como archivo de calendario (.ics)',
        description:
          'iCalendar (RFC 5545) para "Agregar a mi calendario": UID estable por anuncio, SEQUENCE que sube con ' +
          'cada cambio, DTSTART y DTEND (si tiene fin) en UTC, LOCATION, URL de la página del anuncio, ' +
          'DESCRIPTION y SUMMARY. Se ve como GET /api/publication/{id}: uno no publicado solo su autor y los ' +
          'superusuarios (404 para los demás). Un anuncio que no es evento ni curso: 404.',
        security: OPTIONAL_SESSION,
        params: publicationParamsSchema,
        produces: ['text/calendar'],
        response: {
          200: z.string().describe('text/calendar; charset=utf-8, como adjunto'),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const session = await request.getSession();
      const { publication, revision } = await publications.getWithRevision(
        session?.user ?? null,
        request.params.id,
      );
      const file = calendarFileOf(publication, revision, publicUrl);
      privateUnless(reply, isPublished(publication));
      reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
      return reply.type('text/calendar; charset=utf-8').send(file.text);
    },
  );

  app.get(
    '/publications/days',
    {
      schema: {
        tags: TAGS,
        summary: 'Los días con eventos o cursos de un rango (la vista del mes)',
        description:
          'Con los parámetros de la agenda (`from` y `to`, hasta 42 días, y `past`) y los filtros de explorar ' +
          '(sin `term`): cuántos eventos o cursos publicados hay cada día, lo que no terminó (o con past=1 lo que ' +
          'terminó), como la lista con from=to=ese día. Los días, en la zona horaria del país del filtro o, sin ' +
          'país, en la de cada anuncio.',
        querystring: calendarDaysQuerySchema,
        response: { 200: calendarDaysAnswerSchema, ...errorResponses(400) },
      },
    },
    async (request) => publications.calendarDays(request.query),
  );

  app.get(
    '/calendar.ics',
    {
      schema: {
        tags: TAGS,
        summary: 'Calendario suscribible (webcal) de eventos y cursos, con los filtros de explorar',
        description:
          'iCalendar (RFC 5545) con los eventos y cursos publicados que terminan desde hace 30 días en adelante ' +
          '(los 300 más próximos; con `term`, los más relevantes), filtrados y buscados como en GET ' +
          '/api/publications: `typed` (events o courses; sin él, los dos), `country`, `province`, `city`, ' +
          '`labels` y `term`. X-WR-CALNAME lo nombra ("Eventos en Antioquia"); cada evento tiene el UID y la ' +
          'SEQUENCE de GET /api/publication/{id}/calendar.ics. Exacto tras cada cambio: responde `ETag`, y 304 a ' +
          '`If-None-Match` con la misma.',
        querystring: calendarFeedQuerySchema,
        produces: ['text/calendar'],
        response: {
          200: z.string().describe('text/calendar; charset=utf-8'),
          304: z.null().describe('Sin cambios desde la ETag enviada'),
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) => {
      const feed = await publications.calendarFeed(request.query, publicUrl);
      // A calendar app polls: it may keep the answer, but must ask again (with its ETag) every time.
      reply.header('cache-control', 'no-cache');
      reply.header('etag', feed.etag);
      if (request.headers['if-none-match'] === feed.etag) return reply.code(304).send(null);
      // Compressed once per remembered feed, not on every poll; no serializer runs for bytes, the schema's string
      // documents the text.
      reply.type('text/calendar; charset=utf-8').header('vary', 'accept-encoding');
      if (!accepts(request, 'gzip')) return reply.send(gunzipSync(feed.gzip) as unknown as string);
      return reply.header('content-encoding', 'gzip').send(feed.gzip as unknown as string);
    },
  );

  app.post(
    '/publications',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Publicar un anuncio',
        description:
          'Queda en revisión (status 0) hasta que un superusuario lo publique; el de un superusuario se publica ' +
          'salvo que envíe status 0. Las imágenes son las url que respondió POST /api/media al mismo usuario.',
        security: SIGNED_IN,
        body: createBodySchema,
        response: { 201: publicationAnswerSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      const captchaVerified = await app.captcha.check(request.body.captcha, 'publication', request.ip);
      const publication = await publications.create(user, request.body.form, captchaVerified);
      return reply.code(201).send({ publication });
    },
  );

  app.put(
    '/publication/:id',
    {
      ...signedInWithRow,
      schema: {
        tags: TAGS,
        summary: 'Modificar un anuncio (su autor o un superusuario)',
        description:
          'Con el formulario completo, o solo `{ status }` para que un superusuario publique o despublique. Un ' +
          'cambio de su autor devuelve un anuncio publicado a revisión. Las imágenes quitadas se borran. Cuando ' +
          'un superusuario publica o devuelve a revisión el anuncio de otro, su autor recibe una notificación ' +
          '(con `reason`, el motivo) y, si los tiene activados, un correo.',
        security: SIGNED_IN,
        params: publicationParamsSchema,
        body: updateBodySchema,
        response: { 200: publicationAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      const { id } = request.params;
      return { publication: await publications.update(user, id, request.body, storedRows.get(request)) };
    },
  );

  app.delete(
    '/publication/:id',
    {
      ...signedInWithRow,
      schema: {
        tags: TAGS,
        summary: 'Eliminar un anuncio y sus imágenes (su autor o un superusuario)',
        security: SIGNED_IN,
        params: publicationParamsSchema,
        response: { 204: z.null().describe('Eliminado'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      await publications.remove(user, request.params.id, storedRows.get(request));
      return reply.code(204).send(null);
    },
  );
};
