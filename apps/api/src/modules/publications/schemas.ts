import { z } from 'zod';
import { pageParams } from '../../paging.ts';
import { captchaToken } from '@eco/domain/schemas/captcha';
import {
  CALENDARED_TYPES,
  CATEGORY_KEYS,
  isCalendaredType,
  LISTING_TYPES,
  MATERIAL_LABELS,
  SEARCH_TERM_MAX_LENGTH,
  checkPoint,
  parseBbox,
  parseNear,
  parseZoom,
  publicationSchema,
  type ParseResult,
  type PublicationData,
} from '@eco/domain';
import { agendaParams, checkAgenda } from '@eco/domain/schemas/agenda';
import { checkLocation, optionalLocationKey, whenObject } from '@eco/domain/schemas/fields';
import { FIELDS, incorrect, required } from '@eco/domain/schemas/messages';
import {
  DAYS_RANGE_MESSAGE,
  DAYS_TOO_LONG_MESSAGE,
  FEED_TYPED_MESSAGE,
  REASON_INVALID_MESSAGE,
  REASON_TOO_LONG_MESSAGE,
  STATUS_FILTER_MESSAGE,
  TERM_TOO_LONG_MESSAGE,
} from './messages.ts';

// Request and response shapes of the publications routes. The form itself is the domain's publicationSchema, so the
// API answers the messages the web form shows ('El título es demasiado corto (min: 3)').

// ---------------------------------------------------------------------------------------------------------------
// Answers

export const publicationFileSchema = z.object({
  url: z.string(),
  thumbnailUrl: z.string().describe('Miniatura (480×360) cuando la imagen la tiene; si no, la misma url'),
});

export const sellerSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    pictureUrl: z.string().nullable(),
    phone: z.string().nullable().describe('WhatsApp; sin él no se ofrece el carrito de contacto'),
    rating: z
      .object({
        qualificationAvg: z.number().nullable().describe('Promedio con un decimal; null sin calificaciones'),
        count: z.number().int(),
      })
      .describe('Calificaciones que recibió el autor'),
  })
  .describe('Autor');

export const publicationJsonSchema = z
  .object({
    _id: z.string(),
    typed: z.enum(CATEGORY_KEYS),
    title: z.string(),
    description: z.string(),
    calendaredAt: z.string().nullable().describe('ISO 8601 (UTC)'),
    calendaredUntil: z.string().nullable().describe('Fin del evento o curso, ISO 8601 (UTC); null sin fin'),
    quantity: z.number().int().nullable(),
    price: z.number().nullable(),
    discountRate: z.number().int().nullable(),
    locationAddress: z.string().nullable(),
    locationUrl: z.string().nullable(),
    locationCountry: z.string().nullable(),
    locationProvince: z.string().nullable(),
    locationCity: z.string().nullable(),
    locationLat: z
      .number()
      .nullable()
      .describe(
        'WGS 84; null sin punto. En trueque y venta, salvo que su autor elija el lugar exacto, todos menos su ' +
          'autor y los superusuarios reciben un punto aproximado (locationApproximate)',
      ),
    locationLng: z.number().nullable().describe('WGS 84; null sin punto'),
    locationApproximate: z
      .boolean()
      .describe('true: el punto está corrido unos cientos de metros; dibujar un círculo de 500 m'),
    locationExact: z
      .boolean()
      .nullable()
      .describe('Trueque y venta: true si su autor eligió mostrar el lugar exacto; null, lo de su tipo'),
    openingHours: z
      .array(
        z.object({
          day: z.number().int().describe('0 domingo … 6 sábado'),
          opens: z.string().describe('HH:MM'),
          closes: z.string().describe('HH:MM, hasta 24:00'),
        }),
      )
      .nullable()
      .describe(
        'Puntos de reciclaje: horarios por día, en la zona horaria del país; un día sin rangos está cerrado',
      ),
    distanceKm: z
      .number()
      .optional()
      .describe('Solo con `near`: kilómetros desde ese punto hasta el punto que se muestra'),
    labels: z.array(z.string()),
    files: z.array(publicationFileSchema),
    status: z.union([z.literal(1), z.literal(0)]).describe('1 publicado; 0 en revisión o no publicado'),
    createdBy: sellerSchema,
    reviewNote: z
      .string()
      .nullable()
      .optional()
      .describe(
        'Por qué un moderador (o las denuncias) lo devolvió a revisión; solo para su autor y los superusuarios',
      ),
    createdAt: z.string(),
    updatedAt: z.string(),
    ended: z
      .boolean()
      .optional()
      .describe(
        'Solo en GET /publication/{id} de un evento o curso: si ya terminó (su fin, o su inicio sin fin)',
      ),
    interestedCount: z
      .number()
      .int()
      .describe('Cuántos miembros marcaron «Me interesa» (eventos y cursos; 0 en los demás)'),
    // Per visitor, added to GET /publication/{id} after its shared part (decisions 033, 036); never in the lists.
    interested: z.boolean().optional().describe('Si quien pregunta marcó «Me interesa»; solo con sesión'),
    favorite: z.boolean().optional().describe('Si quien pregunta lo guardó; solo con sesión'),
    favoriteCount: z
      .number()
      .int()
      .optional()
      .describe('Cuántos miembros lo guardaron; solo para su autor y los superusuarios'),
  })
  .describe('Anuncio');

export type PublicationJson = z.output<typeof publicationJsonSchema>;

export const publicationAnswerSchema = z.object({ publication: publicationJsonSchema });

export const publicationPageSchema = z.object({
  publications: z.array(publicationJsonSchema),
  total: z.number().int(),
  totalPages: z.number().int(),
  nextPage: z.number().int().nullable().describe('null en la última página'),
  asOf: z
    .string()
    .optional()
    .describe(
      'En la agenda (eventos, cursos, períodos, pasados): el minuto (ISO, UTC) para el que se calculó, el primero del tramo sin comienzos, fines ni medianoches que llega hasta el ahora: la misma lista, los mismos "hoy" y "mañana"',
    ),
});

export type PublicationPageJson = z.output<typeof publicationPageSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Query strings

/** An empty parameter (`?country=`) reads as absent: forms send their empty fields. */
function optionalParam<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

const listParams = {
  ...pageParams,
  term: z
    .string()
    .trim()
    .max(SEARCH_TERM_MAX_LENGTH, TERM_TOO_LONG_MESSAGE)
    .optional()
    .describe(
      'Texto buscado en título, descripción y materiales: sin distinguir mayúsculas ni acentos, singular o plural, ' +
        'palabras incompletas y con alguna falta de ortografía. Ordena por relevancia y luego por fecha.',
    ),
  typed: optionalParam(z.enum(CATEGORY_KEYS, { error: incorrect(FIELDS.typed) })).describe(
    'Categoría (incluye tips)',
  ),
};

const labelsParam = optionalParam(
  z
    .union([z.string(), z.array(z.string())], { error: incorrect(FIELDS.labels) })
    .transform((value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((item) => item.split(','))
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    )
    .pipe(z.array(z.enum(MATERIAL_LABELS, { error: incorrect(FIELDS.label) })))
    .transform((labels) => [...new Set(labels)]),
).describe('Materiales: repetido (labels=Vidrios&labels=Plásticos) o separados por comas; alcanza con uno');

/** A query parameter read by one of the domain's parsers, its message reported as the parameter's. */
function parsedParam<T>(parse: (text: string) => ParseResult<T>, example: string) {
  return optionalParam(
    z
      .string()
      .transform((text, ctx) => {
        const result = parse(text);
        if (result.ok) return result.value;
        ctx.addIssue({ code: 'custom', message: result.message, input: text });
        return z.NEVER;
      })
      .meta({ type: 'string', example }),
  );
}

/** The place filters of the list and of the map (and of a saved search, decision 041). */
export const placeParams = {
  bbox: parsedParam(parseBbox, '-64.3,-31.5,-64.1,-31.3').describe(
    'Solo lo que está dentro: minLng,minLat,maxLng,maxLat (WGS 84, el orden de GeoJSON)',
  ),
  open: optionalParam(z.literal('now', { error: incorrect(FIELDS.openingHours) })).describe(
    'now: solo los puntos de reciclaje abiertos en este momento (en la zona horaria de su país)',
  ),
};

/** `near=lat,lng`: the list's order (a saved search keeps it too). */
export const nearParam = parsedParam(parseNear, '-31.4201,-64.1888').describe(
  'lat,lng en Argentina o Colombia: ordena por distancia, lo más cercano primero (cada anuncio con punto dice ' +
    'su distanceKm); los que no tienen punto van al final, los más nuevos primero. No filtra: el total es el ' +
    'de la lista',
);

export const STATUS_FILTERS = ['published', 'pending', 'all'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** Explore's term and filters: the list's query and a saved search's (decision 041) take the same fields. */
export const searchFilterFields = {
  term: listParams.term,
  typed: listParams.typed,
  country: optionalParam(optionalLocationKey('locationCountry')).describe('Clave del país (arg, col)'),
  province: optionalParam(optionalLocationKey('locationProvince')).describe('Clave de la provincia'),
  city: optionalParam(optionalLocationKey('locationCity')).describe('Clave de la ciudad'),
  labels: labelsParam,
};

const QUERY_NAMES: Record<string, string> = {
  locationCountry: 'country',
  locationProvince: 'province',
  locationCity: 'city',
};

/** The place's keys belong together (the province is of the country, the city of the province), named as sent. */
export function checkQueryLocation(
  query: {
    country?: string | null | undefined;
    province?: string | null | undefined;
    city?: string | null | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  checkLocation(
    {
      locationCountry: query.country ?? undefined,
      locationProvince: query.province ?? undefined,
      locationCity: query.city ?? undefined,
    },
    {
      addIssue: (issue) =>
        ctx.addIssue({ ...issue, path: issue.path?.map((field) => QUERY_NAMES[field] ?? field) }),
    },
    false,
  );
}

export const listQuerySchema = z
  .object({
    ...pageParams,
    ...searchFilterFields,
    near: nearParam,
    ...placeParams,
    author: optionalParam(z.string().trim().min(1).max(100)).describe(
      'Id de un usuario: solo sus anuncios (el perfil público)',
    ),
    status: optionalParam(z.enum(STATUS_FILTERS, { error: STATUS_FILTER_MESSAGE }))
      .transform((status) => status ?? 'published')
      .describe('published (por omisión) | pending | all: los dos últimos solo para superusuarios'),
    when: agendaParams.when.describe(
      'Agenda: today (hoy), weekend (sábado y domingo: el que transcurre o el próximo), week (hoy y los 6 días ' +
        'siguientes) o month (el mes calendario); lo que transcurre en ese período, en la zona horaria del país ' +
        'del filtro, o sin país, cada anuncio en la de su país',
    ),
    from: agendaParams.from
      .meta({ type: 'string', format: 'date' })
      .describe('Agenda: desde este día (AAAA-MM-DD, inclusive), en la zona horaria del país'),
    to: agendaParams.to
      .meta({ type: 'string', format: 'date' })
      .describe('Agenda: hasta este día (AAAA-MM-DD, inclusive), en la zona horaria del país'),
    past: agendaParams.past
      .meta({ type: 'string', enum: ['1', '0', 'true', 'false'] })
      .describe(
        'Agenda: 1, solo lo que ya terminó, lo último primero. Sin él (o con 0), con typed=events o courses, un ' +
          'período o past=0 (cualquier categoría con fecha), solo lo que no terminó, lo más próximo primero (con ' +
          'term, por relevancia)',
      ),
  })
  .superRefine((query, ctx) => checkAgenda(query, ctx))
  .superRefine(checkQueryLocation);

/**
 * GET /calendar.ics: explore's filters, parsed as GET /publications parses them; the category, when given, an
 * event or course type.
 */
export const calendarFeedQuerySchema = z
  .object(searchFilterFields)
  .superRefine((query, ctx) => {
    if (query.typed !== undefined && !isCalendaredType(query.typed)) {
      ctx.addIssue({ code: 'custom', path: ['typed'], message: FEED_TYPED_MESSAGE });
    }
  })
  .superRefine(checkQueryLocation);

export type CalendarFeedQuery = z.output<typeof calendarFeedQuerySchema>;

/** The most days the month view asks for: six weeks. */
export const CALENDAR_DAYS_MAX = 42;

/**
 * GET /publications/days: the month view's marks, with the agenda's parameters (`from`, `to`, `past`) and explore's
 * filters but the search, for events or courses.
 */
export const calendarDaysQuerySchema = z
  .object({
    typed: z.enum(CALENDARED_TYPES, { error: FEED_TYPED_MESSAGE }).describe('events o courses'),
    country: searchFilterFields.country,
    province: searchFilterFields.province,
    city: searchFilterFields.city,
    labels: searchFilterFields.labels,
    from: agendaParams.from.meta({ type: 'string', format: 'date' }).describe('Primer día (AAAA-MM-DD)'),
    to: agendaParams.to
      .meta({ type: 'string', format: 'date' })
      .describe('Último día (AAAA-MM-DD), inclusive'),
    past: agendaParams.past
      .meta({ type: 'string', enum: ['1', '0', 'true', 'false'] })
      .describe('1: los días de lo que ya terminó; sin él, los de lo que no terminó (como la lista)'),
  })
  .describe('Sin from ni to: el mes en curso en la zona horaria del país (o la de Argentina sin país)')
  .superRefine((query, ctx) => {
    // Neither: the current month (in the country's zone); one alone says no range.
    if (query.from === undefined && query.to === undefined) return;
    if (query.from === undefined || query.to === undefined) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: DAYS_RANGE_MESSAGE });
      return;
    }
    checkAgenda(query, ctx);
    const span =
      Date.UTC(query.to.year, query.to.month - 1, query.to.day) -
      Date.UTC(query.from.year, query.from.month - 1, query.from.day);
    if (span >= CALENDAR_DAYS_MAX * 24 * 60 * 60 * 1000) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: DAYS_TOO_LONG_MESSAGE });
    }
  })
  .superRefine(checkQueryLocation);

export type CalendarDaysQuery = z.output<typeof calendarDaysQuerySchema>;

export const calendarDaysAnswerSchema = z.object({
  days: z
    .array(z.object({ day: z.string().describe('AAAA-MM-DD'), count: z.number().int() }))
    .describe('Los días con algo, en la zona horaria del país (del filtro, o de cada anuncio)'),
  from: z.string().describe('Primer día del rango (AAAA-MM-DD): sin from ni to, el del mes en curso'),
  to: z.string().describe('Último día del rango (AAAA-MM-DD)'),
  asOf: z
    .string()
    .describe(
      'El minuto (ISO, UTC) para el que se calculó: el primero del tramo, sin comienzos, fines ni medianoches, hasta el ahora',
    ),
});

export type CalendarDaysAnswer = z.output<typeof calendarDaysAnswerSchema>;

export type ListQuery = z.output<typeof listQuerySchema>;

/** The map: the list's filters (without paging and order) over a visible area at a zoom. */
export const mapQuerySchema = z
  .object({
    term: listParams.term,
    typed: listParams.typed,
    country: optionalParam(optionalLocationKey('locationCountry')).describe('Clave del país (arg, col)'),
    province: optionalParam(optionalLocationKey('locationProvince')).describe('Clave de la provincia'),
    city: optionalParam(optionalLocationKey('locationCity')).describe('Clave de la ciudad'),
    labels: labelsParam,
    ...placeParams,
    bbox: z
      .string({ error: required(FIELDS.bbox) })
      .transform((text, ctx) => {
        const result = parseBbox(text);
        if (result.ok) return result.value;
        ctx.addIssue({ code: 'custom', message: result.message, input: text });
        return z.NEVER;
      })
      .meta({ type: 'string', example: '-65,-32,-63,-30' })
      .describe('El área visible: minLng,minLat,maxLng,maxLat'),
    zoom: z
      .string({ error: required(FIELDS.zoom) })
      .transform((text, ctx) => {
        const result = parseZoom(text);
        if (result.ok) return result.value;
        ctx.addIssue({ code: 'custom', message: result.message, input: text });
        return z.NEVER;
      })
      .meta({ type: 'string', example: '12' })
      .describe(
        'Zoom del mapa, 0 a 22 (decimales admitidos). Los grupos son celdas de 360 / 2^zoom / 4 grados (zoom ' +
          'entero); un área de más de 64 celdas por lado se agrupa con el zoom menor en que entra, como al alejarse',
      ),
  })
  .superRefine((query, ctx) =>
    checkLocation(
      { locationCountry: query.country, locationProvince: query.province, locationCity: query.city },
      {
        addIssue: (issue) =>
          ctx.addIssue({ ...issue, path: issue.path?.map((field) => QUERY_NAMES[field] ?? field) }),
      },
      false,
    ),
  );

export type MapQuery = z.output<typeof mapQuerySchema>;

const clusterSchema = z.object({
  lat: z.number().describe('Centroide de los puntos que se muestran'),
  lng: z.number(),
  count: z.number().int(),
});

const pinSchema = z.object({
  _id: z.string(),
  typed: z.enum(CATEGORY_KEYS),
  title: z.string(),
  lat: z.number(),
  lng: z.number(),
  approximate: z.boolean().describe('true: punto aproximado, dibujar un círculo de 500 m'),
  thumbnailUrl: z.string().nullable().describe('Miniatura de la portada, para la vista previa'),
  price: z.number().nullable(),
  locationCity: z.string().nullable(),
});

export const mapAnswerSchema = z
  .object({
    total: z.number().int().describe('Cuántos anuncios con punto hay en el área'),
    clusters: z.array(clusterSchema).describe('Grupos de dos o más, con su cantidad'),
    pins: z.array(pinSchema).describe('Anuncios solos, con lo que muestra su vista previa'),
  })
  .describe('El área del mapa: grupos con cantidad al alejarse, pines al acercarse');

export type MapAnswerJson = z.output<typeof mapAnswerSchema>;

export const myListQuerySchema = z.object(listParams);
export type MyListQuery = z.output<typeof myListQuerySchema>;

export const publicationParamsSchema = z.object({ id: z.string().min(1).max(100) });

// ---------------------------------------------------------------------------------------------------------------
// Bodies

/** A tip: the publication form with the category 'tips' (super users only) and no per-type requirement. */
export const tipSchema = z
  .object({ ...publicationSchema.shape, typed: z.literal('tips', { error: incorrect(FIELDS.typed) }) })
  .superRefine(
    (value, ctx) => {
      checkLocation(value, ctx, true);
      checkPoint(value, ctx);
    },
    { when: whenObject },
  );

export type TipData = z.output<typeof tipSchema>;
export type PublicationForm = PublicationData | TipData;

/**
 * A body field taken as is and checked by the domain's schemas in the body's transform (for their messages and
 * per-type rules); the API description gets its type from `json`.
 */
function field(json: Record<string, unknown>) {
  return z.unknown().optional().meta(json);
}

const nullableString = (description?: string) => field({ type: 'string', nullable: true, description });
const nullableNumber = (description?: string) =>
  field({ oneOf: [{ type: 'number' }, { type: 'string' }], nullable: true, description });

const FORM_FIELDS = {
  _id: field({ type: 'string', description: 'Se ignora: vale el id de la ruta' }),
  typed: field({
    type: 'string',
    enum: [...LISTING_TYPES, 'tips'],
    description: 'tips solo para superusuarios',
  }),
  title: field({ type: 'string', description: '3 a 75 caracteres' }),
  description: field({ type: 'string', description: '6 a 1000 caracteres' }),
  quantity: nullableNumber('Entero; obligatorio en market y courses'),
  price: nullableNumber('Obligatorio en market y courses'),
  discountRate: nullableNumber('Entero de 0 a 100'),
  locationAddress: nullableString('Obligatoria en dots, events y courses; 6 a 333 caracteres'),
  locationUrl: nullableString('URL del mapa'),
  locationCountry: nullableString('Clave del país'),
  locationProvince: nullableString('Clave de la provincia'),
  locationCity: nullableString('Clave de la ciudad'),
  locationLat: nullableNumber(
    'WGS 84, en Argentina o Colombia, con locationLng. Sin ellas, se toman de locationUrl si el enlace las tiene',
  ),
  locationLng: nullableNumber('WGS 84, con locationLat'),
  locationExact: field({
    type: 'boolean',
    nullable: true,
    description:
      'Trueque y venta: true muestra el lugar exacto a todos; si no, los demás ven un punto aproximado',
  }),
  openingHours: field({
    type: 'array',
    nullable: true,
    items: {
      type: 'object',
      properties: {
        day: { type: 'integer', minimum: 0, maximum: 6, description: '0 domingo … 6 sábado' },
        opens: { type: 'string', example: '09:00' },
        closes: { type: 'string', example: '18:00', description: 'Hasta 24:00' },
      },
      required: ['day', 'opens', 'closes'],
    },
    description: 'Solo puntos de reciclaje: hasta 3 rangos por día; un día sin rangos está cerrado',
  }),
  calendaredAt: nullableString('ISO 8601 con zona horaria; obligatoria en events y courses'),
  calendaredUntil: nullableString('Fin opcional, ISO 8601 con zona horaria; posterior a calendaredAt'),
  labels: field({
    type: 'array',
    items: { type: 'string', enum: [...MATERIAL_LABELS] },
    description: 'Obligatorios en dots y barter',
  }),
  files: field({
    type: 'array',
    items: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
    description: 'Al menos una imagen: las url que respondió POST /api/media',
  }),
  status: field({
    oneOf: [
      { type: 'integer', enum: [1, 0] },
      { type: 'string', enum: ['published', 'private'] },
    ],
    description: 'Solo superusuarios (por omisión 1 al crear); se ignora para los demás',
  }),
};
const FORM_KEYS = Object.keys(FORM_FIELDS) as (keyof typeof FORM_FIELDS)[];

export const REASON_MAX_LENGTH = 300;

/** Why a super user sends a publication back to review: told to its author in the notification and the e-mail. */
const reasonSchema = z
  .string({ error: REASON_INVALID_MESSAGE })
  .trim()
  .max(REASON_MAX_LENGTH, REASON_TOO_LONG_MESSAGE)
  .nullish()
  .transform((text) => text || null);

const REASON_FIELD = field({
  type: 'string',
  nullable: true,
  description: `Superusuarios: el motivo al devolver un anuncio publicado a revisión (max. ${REASON_MAX_LENGTH})`,
});

function parseReason(body: { reason?: unknown }, ctx: IssueSink): string | null {
  const result = reasonSchema.safeParse(body.reason);
  if (result.success) return result.data;
  for (const issue of result.error.issues)
    ctx.addIssue({ code: 'custom', path: ['reason'], message: issue.message });
  return null;
}

type IssueSink = {
  addIssue(issue: { code: 'custom'; path: PropertyKey[]; message: string; input?: unknown }): void;
};

/** Checks the form with the domain's schema (tips with their own), re-reporting each issue on its field. */
function parseForm(body: Record<string, unknown>, ctx: IssueSink): PublicationForm | undefined {
  const result = (body.typed === 'tips' ? tipSchema : publicationSchema).safeParse(body);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }
  return undefined;
}

/** The form, and the captcha of the form: recorded as a signal for the moderation desk, never a gate. */
export const createBodySchema = z
  .object({
    ...FORM_FIELDS,
    captcha: captchaToken.describe('Solución del widget de verificación humana; se registra, no bloquea'),
  })
  .transform((body, ctx) => ({ form: parseForm(body, ctx) as PublicationForm, captcha: body.captcha }));

const statusValueSchema = publicationSchema.shape.status.unwrap();

export type UpdateBody = ({ kind: 'form'; form: PublicationForm } | { kind: 'status'; status: 0 | 1 }) & {
  reason: string | null;
};

/** The whole form, or only `{ status }` (and a `reason`): the publish switch of the cards (super users). */
export const updateBodySchema = z
  .object({ ...FORM_FIELDS, reason: REASON_FIELD })
  .transform((body, ctx): UpdateBody => {
    const reason = parseReason(body, ctx);
    const statusOnly =
      body.status !== undefined &&
      FORM_KEYS.every((key) => key === 'status' || key === '_id' || body[key] === undefined);
    if (statusOnly) {
      const result = statusValueSchema.safeParse(body.status);
      if (result.success) return { kind: 'status', status: result.data, reason };
      ctx.addIssue({ code: 'custom', path: ['status'], message: incorrect(FIELDS.status) });
      return { kind: 'status', status: 0, reason };
    }
    return { kind: 'form', form: parseForm(body, ctx) as PublicationForm, reason };
  });
