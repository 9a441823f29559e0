import { z } from 'zod';

export const personalFeedParamsSchema = z.object({
  secret: z.string().max(200).describe('El secreto del enlace (lo que va antes de .ics)'),
});

export const feedStateSchema = z.object({
  feed: z
    .object({ createdAt: z.string().describe('Cuándo se creó el enlace actual (ISO)') })
    .nullable()
    .describe('null si el miembro no tiene calendario personal'),
});

export const feedLinksSchema = z.object({
  feed: z.object({
    createdAt: z.string(),
    url: z.string().describe('https://…/api/calendar/{secreto}.ics: solo se muestra ahora'),
    webcalUrl: z.string().describe('La misma, webcal://, para suscribirse desde el teléfono'),
    googleUrl: z.string().describe('"Agregar por URL" de Google Calendar'),
  }),
});
