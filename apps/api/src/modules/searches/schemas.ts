import { z } from 'zod';
import { CATEGORY_KEYS } from '@eco/domain';
import { checkQueryLocation, nearParam, placeParams, searchFilterFields } from '../publications/schemas.ts';
import {
  ALERT_INVALID_MESSAGE,
  EMPTY_SEARCH_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  NAME_TOO_LONG_MESSAGE,
  NOTHING_TO_CHANGE_MESSAGE,
  SEARCH_NAME_MAX_LENGTH,
} from './messages.ts';

// Request and response shapes of the saved searches. The term and the filters are explore's own fields
// (publications/schemas.ts `searchFilterFields`, `nearParam`, `placeParams`): what GET /api/publications accepts, a
// search saves, with the same Spanish messages.

const nameSchema = z
  .string({ error: NAME_REQUIRED_MESSAGE })
  .trim()
  .min(1, NAME_REQUIRED_MESSAGE)
  .max(SEARCH_NAME_MAX_LENGTH, NAME_TOO_LONG_MESSAGE)
  .describe(`Nombre que el miembro puede cambiar (1 a ${SEARCH_NAME_MAX_LENGTH} caracteres)`);

/** A form posts "on"/"true"/"1"; JSON sends a boolean. */
const flagSchema = z.preprocess(
  (value) =>
    value === 'on' || value === 'true' || value === '1'
      ? true
      : value === 'false' || value === '0'
        ? false
        : value,
  z.boolean({ error: ALERT_INVALID_MESSAGE }),
);

export const createSearchBodySchema = z
  .object({
    name: nameSchema,
    ...searchFilterFields,
    bbox: placeParams.bbox.describe(
      'El área del mapa ("Buscar en esta zona"): minLng,minLat,maxLng,maxLat. Como en explorar, solo lo que está ' +
        'dentro (el punto que todos ven); los avisos también',
    ),
    near: nearParam.describe(
      'lat,lng ("Cerca de mí"): al abrir la búsqueda ordena por distancia. No filtra, así que no cambia los avisos',
    ),
    open: placeParams.open.describe(
      'now: al abrir la búsqueda, solo los puntos de reciclaje abiertos en ese momento. Es un momento, no un ' +
        'filtro de lo que se publica: los avisos no lo tienen en cuenta',
    ),
    alert: flagSchema
      .optional()
      .describe('Avisar (notificación) cuando se publique un anuncio que coincida; true por omisión'),
    digest: flagSchema
      .optional()
      .describe('Con el aviso, sumar las coincidencias al resumen diario por e-mail; true por omisión'),
  })
  .superRefine((body, ctx) => checkQueryLocation(body, ctx))
  .superRefine((body, ctx) => {
    const empty =
      !body.term &&
      body.typed === undefined &&
      !body.country &&
      body.bbox === undefined &&
      (body.labels === undefined || body.labels.length === 0);
    if (empty) ctx.addIssue({ code: 'custom', path: ['term'], message: EMPTY_SEARCH_MESSAGE });
  });

export type CreateSearchBody = z.output<typeof createSearchBodySchema>;

export const updateSearchBodySchema = z
  .object({
    name: nameSchema.optional(),
    alert: flagSchema.optional().describe('Encender o apagar el aviso'),
    digest: flagSchema.optional().describe('Encender o apagar el resumen diario por e-mail'),
  })
  .refine((body) => body.name !== undefined || body.alert !== undefined || body.digest !== undefined, {
    message: NOTHING_TO_CHANGE_MESSAGE,
  });

export type UpdateSearchBody = z.output<typeof updateSearchBodySchema>;

export const searchParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const savedSearchSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    term: z.string().nullable(),
    typed: z.enum(CATEGORY_KEYS).nullable(),
    labels: z.array(z.string()),
    country: z.string().nullable(),
    province: z.string().nullable(),
    city: z.string().nullable(),
    bbox: z
      .object({ minLng: z.number(), minLat: z.number(), maxLng: z.number(), maxLat: z.number() })
      .nullable()
      .describe('El área del mapa: solo lo que está dentro (también para los avisos)'),
    near: z
      .object({ lat: z.number(), lng: z.number() })
      .nullable()
      .describe('El punto de "Cerca de mí": ordena, no filtra'),
    open: z
      .literal('now')
      .nullable()
      .describe('now: abiertos en el momento de abrirla; los avisos lo ignoran'),
    alert: z.boolean().describe('Si avisa de los anuncios nuevos que coinciden'),
    digest: z.boolean().describe('Si las coincidencias van también al resumen diario por e-mail'),
    query: z
      .string()
      .describe('La búsqueda como query string de explorar y de GET /api/publications (term=…&country=…)'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .describe('Búsqueda guardada');

export type SavedSearchJson = z.output<typeof savedSearchSchema>;

export const searchListSchema = z.object({
  searches: z.array(savedSearchSchema).describe('Las más recientes primero'),
  total: z.number().int(),
});
