import { z } from 'zod';

// Web Push (issue 26): what a member may choose to receive on a device, and the subscription a browser hands over.

/** The kinds of notifications a device may receive as a push, in the order the settings list them. */
export const PUSH_KINDS = ['ratings', 'moderation', 'searches', 'reminders', 'sales'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** The labels of the kinds, as the bell and the settings show them. */
export const PUSH_KIND_LABELS: Record<PushKind, string> = {
  ratings: 'Calificaciones',
  moderation: 'Revisión de mis anuncios y denuncias',
  searches: 'Búsquedas guardadas',
  reminders: 'Recordatorios y cambios en lo que guardé',
  sales: 'Ventas y pedidos',
};

export const PUSH_MESSAGES = {
  endpoint: 'La suscripción del navegador debe tener una dirección https:// válida',
  publicEndpoint: 'La suscripción del navegador debe apuntar a un servicio de notificaciones público',
  keys: 'La suscripción del navegador debe traer sus claves (p256dh y auth)',
  kinds: `Elegí al menos un tipo de aviso: ${PUSH_KINDS.join(', ')}`,
  notFound: 'Este dispositivo no tiene las notificaciones activadas',
} as const;

/** Base64url as browsers write a subscription's keys; the exact lengths are checked by the server. */
const base64url = z
  .string({ error: PUSH_MESSAGES.keys })
  .min(16, PUSH_MESSAGES.keys)
  .max(200, PUSH_MESSAGES.keys)
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, PUSH_MESSAGES.keys);

export const pushEndpointSchema = z
  .string({ error: PUSH_MESSAGES.endpoint })
  .max(1000, PUSH_MESSAGES.endpoint)
  .refine((value) => {
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, PUSH_MESSAGES.endpoint);

export const pushKindsSchema = z
  .array(z.enum(PUSH_KINDS, { error: PUSH_MESSAGES.kinds }), { error: PUSH_MESSAGES.kinds })
  .min(1, PUSH_MESSAGES.kinds)
  .transform((kinds) => PUSH_KINDS.filter((kind) => kinds.includes(kind)));

/** `PushSubscription.toJSON()` of the browser and the kinds chosen for the device. */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url, auth: base64url }, { error: PUSH_MESSAGES.keys }),
  kinds: pushKindsSchema,
});

export type PushSubscriptionInput = z.input<typeof pushSubscriptionSchema>;
