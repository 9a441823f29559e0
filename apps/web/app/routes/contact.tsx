import { brokenContactForm, contactSeller, onlyPosts } from '../features/cart/contact.server';
import { readForm } from '../lib/forms/form-action.server';
import type { Route } from './+types/contact';

// A resource route: the cart's WhatsApp form posts here (features/cart/CartSellerGroup.tsx).
export function loader() {
  return onlyPosts();
}

export async function action({ context, request }: Route.ActionArgs) {
  const formData = await readForm(request);
  if (!formData) return brokenContactForm();
  return contactSeller(context, formData);
}
