import { contactSchema } from '@eco/domain';
import { redirect, type RouterContextProvider } from 'react-router';
import { callApi } from '../../lib/api.server';

const BAD_LINK = 'El enlace de WhatsApp no es válido.';
const BROKEN_FORM =
  'El formulario del carrito llegó incompleto. Ábrelo de nuevo y vuelve a tocar «Contactar por WhatsApp».';
const ONLY_POST = 'Esta dirección recibe el formulario del carrito de contactos: ábrelo desde el carrito.';

/** The API's shape of an error, for a resource route answered to a program or a tab opened on its own. */
function refusal(status: number, message: string, headers: Record<string, string> = {}): Response {
  const error = status === 405 ? 'Method Not Allowed' : 'Bad Request';
  return Response.json({ statusCode: status, error, message }, { status, headers });
}

/** GET /contact: nothing to show, the form posts here. */
export function onlyPosts(): Response {
  return refusal(405, ONLY_POST, { allow: 'POST' });
}

/** A body that is not the cart's form. */
export function brokenContactForm(): Response {
  return refusal(400, BROKEN_FORM);
}

/** Only a WhatsApp chat link: the form carries the message the cart wrote, never an address of elsewhere. */
export function whatsappUrl(value: FormDataEntryValue | null): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname === 'wa.me' && /^\/\d+$/.test(url.pathname)
      ? url.href
      : null;
  } catch {
    return null;
  }
}

/**
 * The cart's "Contactar por WhatsApp": records the contact for the seller's and the visitor's histories (POST
 * /api/contacts, as the visitor), then sends the browser on to WhatsApp. The form opens in a new tab; a record the
 * API refuses (a publication withdrawn meanwhile, too many attempts) loses only the record, never the message.
 */
export async function contactSeller(context: Readonly<RouterContextProvider>, formData: FormData) {
  const target = whatsappUrl(formData.get('whatsapp'));
  if (target === null) return refusal(400, BAD_LINK);
  const contact = contactSchema.safeParse({
    sellerId: formData.get('sellerId'),
    publicationIds: formData.getAll('publicationIds'),
  });
  if (contact.success) {
    await callApi(context, '/api/contacts', { method: 'POST', body: contact.data }).catch(() => undefined);
  }
  return redirect(target, 303);
}
