import { contactSeller } from '../features/cart/contact.server';
import { brokenForm, readForm } from '../lib/forms/form-action.server';
import type { Route } from './+types/contact';

// A resource route: the cart's WhatsApp form posts here (features/cart/CartSellerGroup.tsx).
export async function action({ context, request }: Route.ActionArgs) {
  const formData = await readForm(request);
  if (!formData) return brokenForm();
  return contactSeller(context, formData);
}
