import { GEOCODE_QUERY_MAX, GEOCODE_QUERY_MIN, GEOCODE_RESULTS_MAX, geocodeQuerySchema } from '@eco/domain';
import { z } from 'zod';

// Request and response shapes of the address search.

export const addressQuerySchema = geocodeQuerySchema.describe(
  `q: la dirección (${GEOCODE_QUERY_MIN} a ${GEOCODE_QUERY_MAX} caracteres); country: arg o col; province y city ` +
    '(claves del catálogo, opcionales) acotan la búsqueda',
);

export const addressAnswerSchema = z.object({
  places: z
    .array(
      z.object({
        label: z.string().describe('El nombre completo que da el buscador'),
        lat: z.number().describe('Latitud WGS 84, dentro del país pedido'),
        lng: z.number().describe('Longitud WGS 84'),
      }),
    )
    .max(GEOCODE_RESULTS_MAX)
    .describe(
      `Hasta ${GEOCODE_RESULTS_MAX} candidatos, el más probable primero; vacío si no se encontró nada`,
    ),
});
