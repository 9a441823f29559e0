import { z } from 'zod';
import { NOTIFICATION_KINDS } from '@eco/domain';

export const notificationSchema = z
  .object({
    _id: z.string(),
    id: z.string().describe('Igual a _id'),
    title: z.string(),
    message: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    readAt: z.string().nullable().describe('ISO 8601; null mientras no se leyó'),
    createdAt: z.string(),
    fromUser: z
      .object({ name: z.string(), pictureUrl: z.string().nullable() })
      .nullable()
      .describe('Quien la causó; null para las del sistema'),
    link: z.string().nullable().describe('Ruta del sitio a la que lleva, p. ej. /publications/{id}'),
  })
  .describe('Notificación');

export const notificationAnswerSchema = z.object({ notification: notificationSchema });

export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  total: z.number().int(),
  totalPages: z.number().int(),
  nextPage: z.number().int().nullable().describe('null en la última página'),
  unread: z.number().int().describe('Cuántas no leídas tiene (la insignia de la campana)'),
});

export const notificationParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const unsubscribeParamsSchema = z.object({ token: z.string().min(1).max(400) });
