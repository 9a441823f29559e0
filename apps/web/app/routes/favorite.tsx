import { onlyPosts, toggleFavorite } from '../features/favorites/favorite.server';
import { readForm } from '../lib/forms/form-action.server';
import type { Route } from './+types/favorite';

// A resource route: the "Guardar" toggle of cards and publication pages posts here (features/favorites/).
export function loader() {
  return onlyPosts();
}

export async function action({ context, request }: Route.ActionArgs) {
  return toggleFavorite(context, await readForm(request));
}
