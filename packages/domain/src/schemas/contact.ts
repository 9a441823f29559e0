import { z } from 'zod';

/** More publications than any cart holds for one seller. */
export const MAX_CONTACT_PUBLICATIONS = 50;

export const CONTACT_EMPTY_MESSAGE = 'Elige al menos un anuncio.';

/** POST /api/contacts: the cart's publications of one seller that a visitor writes to by WhatsApp. */
export const contactSchema = z.object({
  sellerId: z.string({ error: 'Falta el vendedor' }).min(1, 'Falta el vendedor').max(100),
  publicationIds: z
    .array(z.string().min(1).max(100), { error: CONTACT_EMPTY_MESSAGE })
    .min(1, CONTACT_EMPTY_MESSAGE)
    .max(MAX_CONTACT_PUBLICATIONS),
});

export type ContactInput = z.input<typeof contactSchema>;
