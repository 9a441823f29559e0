import { z } from 'zod';
import { pageFields, pageQuerySchema } from '../../paging.ts';
import { publicationJsonSchema } from '../publications/schemas.ts';

// Request and response shapes of the "Me interesa" routes.

export const agendaEntrySchema = z
  .object({
    _id: z.string().describe('El evento o curso'),
    interestedAt: z.string().describe('Cuándo marcó «Me interesa» (ISO 8601)'),
    publication: publicationJsonSchema
      .nullable()
      .describe('null cuando ya no está publicado y el miembro no puede verlo: sin título ni descripción'),
  })
  .describe('Evento o curso de mi agenda');

export type AgendaEntryJson = z.output<typeof agendaEntrySchema>;

export const agendaPageSchema = z.object({ publications: z.array(agendaEntrySchema), ...pageFields });
export type AgendaPageJson = z.output<typeof agendaPageSchema>;

export const agendaQuerySchema = pageQuerySchema.extend({
  past: z
    .enum(['1', '0'], { error: 'past debe ser 1 o 0' })
    .optional()
    .describe(
      '1: los que ya terminaron, el más reciente primero; sin él, los próximos, el más cercano primero',
    ),
});

export const interestedMemberSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    pictureUrl: z.string().nullable(),
    profileUrl: z.string().describe('Su perfil público en el sitio'),
    interestedAt: z.string().describe('Cuándo marcó «Me interesa» (ISO 8601)'),
  })
  .describe('Miembro interesado (solo lo que muestra su perfil: sin correo ni teléfono)');

export const interestedPageSchema = z.object({ members: z.array(interestedMemberSchema), ...pageFields });
export type InterestedPageJson = z.output<typeof interestedPageSchema>;
