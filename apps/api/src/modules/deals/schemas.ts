import { z } from 'zod';
import { pageFields } from '../../paging.ts';
import { contactSchema as contactBody, ORDER_STATUSES } from '@eco/domain';
import { QUANTITY_FORMAT_MESSAGE } from './messages.ts';

// Request and response shapes of the deals routes.

const CURRENCIES = ['ARS', 'COP'] as const;

export const sellerAccountSchema = z
  .object({ nickname: z.string().nullable(), connectedAt: z.string().describe('ISO 8601') })
  .describe('Cuenta de Mercado Pago conectada (nunca los tokens)');

export const authorizationSchema = z.object({
  authorizationUrl: z.string().describe('Página de Mercado Pago a la que se envía al vendedor'),
  marketplaceRandomValidationId: z.string().describe('El state: un solo uso, 10 minutos, de este usuario'),
  marketplaceRedirectURI: z.string(),
});

const requiredText = (max: number) =>
  z.string({ error: 'Falta un dato de la autorización' }).trim().min(1).max(max);

export const credentialsBodySchema = z.object({
  marketplaceSellerAuthorizationCode: requiredText(512),
  marketplaceRandomValidationId: requiredText(256),
  marketplaceRedirectURI: requiredText(2048),
});

const partySchema = z.object({ _id: z.string(), name: z.string(), pictureUrl: z.string().nullable() });
const dealPublicationSchema = z.object({
  _id: z.string().nullable().describe('null si el anuncio ya no existe'),
  title: z.string(),
  imageUrl: z.string().nullable(),
});

export const orderSchema = z
  .object({
    _id: z.string(),
    publication: dealPublicationSchema.describe('Lo comprado, copiado del anuncio al comprar'),
    buyer: partySchema,
    seller: partySchema,
    quantity: z.number().int(),
    unitPrice: z.number().describe('Con el descuento aplicado'),
    totalAmount: z.number(),
    feeAmount: z.number().describe('Comisión del sitio'),
    currency: z.enum(CURRENCIES),
    status: z.enum(ORDER_STATUSES),
    paymentId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .describe('Compra');

export const contactSchema = z
  .object({
    _id: z.string(),
    seller: partySchema,
    buyer: partySchema.nullable().describe('null: un visitante sin cuenta'),
    publications: z.array(dealPublicationSchema),
    createdAt: z.string(),
  })
  .describe('Consulta por WhatsApp');

export const orderPageSchema = z.object({ orders: z.array(orderSchema), ...pageFields });
export const contactPageSchema = z.object({ contacts: z.array(contactSchema), ...pageFields });

/** Paged like the other lists (`page`, `pageSize`). */
export { pageQuerySchema } from '../../paging.ts';

export const idParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const orderBodySchema = z.object({
  publicationId: z.string({ error: 'Falta el anuncio' }).min(1, 'Falta el anuncio').max(100),
  quantity: z
    .number({ error: QUANTITY_FORMAT_MESSAGE })
    .int(QUANTITY_FORMAT_MESSAGE)
    .min(1, QUANTITY_FORMAT_MESSAGE)
    .default(1)
    .describe('Por omisión 1; como mucho la cantidad ofrecida'),
});

export const createdOrderSchema = z.object({
  order: orderSchema,
  checkoutUrl: z.string().describe('Checkout Pro de Mercado Pago, donde paga el comprador'),
});

export const checkQuerySchema = z.object({
  paymentId: z
    .string()
    .regex(/^\d{1,30}$/, 'El pago no es válido')
    .optional()
    .describe('payment_id que Mercado Pago agregó a la dirección de regreso'),
  recheck: z
    .enum(['1', 'true'])
    .optional()
    .transform((value) => value !== undefined)
    .describe('Vuelve a consultar el último pago conocido'),
});

export const purchaseOptionsSchema = z.object({
  available: z.boolean().describe('Si se ofrece «Comprar con Mercado Pago»'),
  unitPrice: z.number().nullable(),
  currency: z.enum(CURRENCIES),
  maxQuantity: z.number().int(),
});

/** The contact cart's record: the domain's schema, which the web's action also checks. */
export const contactBodySchema = contactBody;

export const webhookBodySchema = z
  .object({
    type: z.string().optional(),
    action: z.string().optional(),
    user_id: z.union([z.string(), z.number()]).optional(),
    data: z
      .object({ id: z.union([z.string(), z.number()]).optional() })
      .loose()
      .optional(),
  })
  .loose();

export const webhookQuerySchema = z.record(z.string(), z.string().optional());
