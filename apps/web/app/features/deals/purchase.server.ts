import { PURCHASABLE_TYPES, type PurchaseOptions } from '@eco/domain';
import type { RouterContextProvider } from 'react-router';
import { readApiResponse } from '../../lib/api-client';
import type { PublicationJson } from '../publications/publications';
import { serverContext } from '../../server-context';

/** Whether the detail page offers 'Comprar con Mercado Pago'; a failure only hides the button. */
export async function loadPurchaseOptions(
  context: Readonly<RouterContextProvider>,
  publication: Pick<PublicationJson, '_id' | 'typed' | 'price' | 'status'>,
): Promise<PurchaseOptions | null> {
  const candidate =
    (PURCHASABLE_TYPES as readonly string[]).includes(publication.typed) &&
    publication.status === 1 &&
    publication.price !== null &&
    publication.price > 0;
  if (!candidate) return null;
  const { api } = context.get(serverContext);
  try {
    const options = await readApiResponse<PurchaseOptions>(
      await api(`/api/publication/${encodeURIComponent(publication._id)}/purchase`),
    );
    return options.available ? options : null;
  } catch {
    return null;
  }
}
