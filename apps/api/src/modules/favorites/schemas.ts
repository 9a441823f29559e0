import { z } from 'zod';
import { MAX_PAGE_SIZE } from '@eco/domain';
import { pageFields, pageQuerySchema } from '../../paging.ts';
import { publicationJsonSchema } from '../publications/schemas.ts';
import { IDS_MESSAGE } from './messages.ts';

// Request and response shapes of the favorites routes.

export const favoriteEntrySchema = z
  .object({
    _id: z.string().describe('El anuncio guardado'),
    savedAt: z.string().describe('Cuándo se guardó (ISO 8601)'),
    publication: publicationJsonSchema
      .nullable()
      .describe(
        'null cuando ya no está publicado y quien lo guardó no puede verlo: "Este anuncio ya no está publicado", ' +
          'sin título ni descripción',
      ),
  })
  .describe('Anuncio guardado');

export type FavoriteEntryJson = z.output<typeof favoriteEntrySchema>;

export const favoritePageSchema = z.object({ publications: z.array(favoriteEntrySchema), ...pageFields });

export type FavoritePageJson = z.output<typeof favoritePageSchema>;

export const favoriteQuerySchema = pageQuerySchema;

/** `?ids=a,b,c`: the publications of a list the page shows (at most a page's worth). */
export const amongQuerySchema = z.object({
  ids: z
    .string({ error: IDS_MESSAGE })
    .max(MAX_PAGE_SIZE * 101, IDS_MESSAGE)
    .transform((value) => [...new Set(value.split(',').filter((id) => id !== ''))])
    .refine((ids) => ids.length <= MAX_PAGE_SIZE && ids.every((id) => id.length <= 100), IDS_MESSAGE)
    .describe(`Hasta ${MAX_PAGE_SIZE} identificadores de anuncios, separados por comas`),
});

export const amongAnswerSchema = z.object({
  ids: z.array(z.string()).describe('Los de la consulta que el miembro guardó'),
});
