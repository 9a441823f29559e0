import { z } from 'zod';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@eco/domain';

// Every list of the API is paged the same way: `page` and `pageSize` in the query, and `total`, `totalPages` and
// `nextPage` beside the items in the answer, with the same Spanish messages for bad paging.

export const PAGE_MESSAGE = 'La página debe ser un número entero mayor que 0';
export const PAGE_SIZE_MESSAGE = 'El tamaño de página debe ser un número entero mayor que 0';

/** The paging parameters, to spread into a list's query schema. */
export const pageParams = {
  page: z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).default(DEFAULT_PAGE),
  pageSize: z.coerce
    .number({ error: PAGE_SIZE_MESSAGE })
    .int(PAGE_SIZE_MESSAGE)
    .min(1, PAGE_SIZE_MESSAGE)
    // The largest page served, whatever the client asks for.
    .transform((size) => Math.min(size, MAX_PAGE_SIZE))
    .default(DEFAULT_PAGE_SIZE)
    .describe(`Por omisión ${DEFAULT_PAGE_SIZE}, máximo ${MAX_PAGE_SIZE}`),
};

/** The query of a list with nothing but paging. */
export const pageQuerySchema = z.object(pageParams);

/** What an answer carries beside its items, to spread into a list's answer schema. */
export const pageFields = {
  total: z.number().int(),
  totalPages: z.number().int(),
  nextPage: z.number().int().nullable().describe('null en la última página'),
};
