import { botMessageSchema } from '@eco/domain';
import { z } from 'zod';
import { publicationJsonSchema } from '../publications/schemas.ts';

// POST /api/io: the visitor's message in, the assistant's reply out.

export const interactionBodySchema = botMessageSchema.describe(
  'El mensaje escrito al asistente: 1 a 500 caracteres sin contar los espacios de los extremos',
);

export const assistantReplySchema = z
  .object({
    message: z.string().describe('La respuesta, en español (tú)'),
    publications: z
      .array(publicationJsonSchema)
      .describe('Anuncios que responden la pregunta, el mejor primero'),
    faq: z
      .array(z.object({ key: z.string(), question: z.string() }))
      .describe('Preguntas frecuentes que responden (/questions#key)'),
    links: z.array(z.object({ to: z.string(), title: z.string() })).describe('Páginas del sitio que ayudan'),
    searchUrl: z
      .string()
      .nullable()
      .describe('La búsqueda completa en /publications con los mismos filtros; null si no es una búsqueda'),
    suggestions: z.array(z.string()).describe('Preguntas para seguir la conversación'),
  })
  .describe('Respuesta del asistente');

export const interactionAnswerSchema = z.object({ reply: assistantReplySchema });
