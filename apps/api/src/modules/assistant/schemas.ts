import { botMessageSchema } from '@eco/domain';
import { z } from 'zod';
import { publicationJsonSchema } from '../publications/schemas.ts';

// POST /api/io: the visitor's message in, the assistant's reply out.

export const interactionBodySchema = botMessageSchema
  .extend({
    captcha: botMessageSchema.shape.captcha.describe(
      'Visitantes sin sesión, primer mensaje: la solución del widget de verificación humana (como en /signup). ' +
        'Se cambia por `humanToken`; cada solución sirve una sola vez.',
    ),
    near: botMessageSchema.shape.near
      .meta({ type: 'string', example: '-31.4201,-64.1888' })
      .describe(
        'Dónde está quien pregunta (lat,lng), si lo compartió: "cerca de mí" ordena por distancia desde ahí; sin ' +
          'él, desde el centro de la ciudad que nombra o la de su perfil',
      ),
    humanToken: botMessageSchema.shape.humanToken.describe(
      'Visitantes sin sesión, mensajes siguientes: el `humanToken` de una respuesta anterior, en lugar de una ' +
        'solución nueva. Vence a los 30 minutos.',
    ),
  })
  .describe('El mensaje escrito al asistente: 1 a 500 caracteres sin contar los espacios de los extremos');

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

export const interactionAnswerSchema = z.object({
  reply: assistantReplySchema,
  humanToken: z
    .string()
    .optional()
    .describe(
      'Solo cuando un visitante sin sesión envió una solución válida en `captcha`: la constancia firmada de que ' +
        'es una persona, válida 30 minutos, que los mensajes siguientes envían en `humanToken`. No identifica a nadie.',
    ),
});
