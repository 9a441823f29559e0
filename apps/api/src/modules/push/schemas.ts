import { PUSH_KINDS, pushEndpointSchema, pushKindsSchema, pushSubscriptionSchema } from '@eco/domain';
import { z } from 'zod';

// Request and response shapes of the push routes.

export const pushKeyAnswerSchema = z.object({
  publicKey: z
    .string()
    .describe('La clave pública VAPID (base64url), para `pushManager.subscribe({ applicationServerKey })`'),
});

export const subscribeBodySchema = pushSubscriptionSchema.describe(
  'El `PushSubscription.toJSON()` del navegador y los tipos de avisos que recibe el dispositivo',
);

export const kindsSchema = pushKindsSchema.describe(
  `Tipos de avisos: ${PUSH_KINDS.join(', ')} (calificaciones, revisión de anuncios y denuncias, búsquedas ` +
    'guardadas, recordatorios y cambios de lo guardado, ventas y pedidos)',
);

export const deviceSchema = z
  .object({
    endpoint: z
      .string()
      .describe('Dirección del servicio de notificaciones del navegador: identifica al dispositivo'),
    kinds: z.array(z.enum(PUSH_KINDS)),
    userAgent: z.string().nullable().describe('El navegador con que se activó'),
    createdAt: z.string().describe('Cuándo se activó o se cambió por última vez (ISO 8601)'),
  })
  .describe('Dispositivo con notificaciones push');

export type DeviceJson = z.output<typeof deviceSchema>;

export const deviceListSchema = z.object({ devices: z.array(deviceSchema) });

export const unsubscribeBodySchema = z.object({ endpoint: pushEndpointSchema });
