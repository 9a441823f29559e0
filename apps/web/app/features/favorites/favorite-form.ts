import type { Notice } from '../../lib/forms/notice';

// The "Guardar" form: where it posts and what it sends. Shared by the toggle and its action.

/** The resource route that saves and unsaves (routes/favorite.tsx). */
export const FAVORITE_ACTION = '/favorite';

export const FIELDS = {
  publicationId: 'publicationId',
  /** '1' to save, '0' to unsave: the state asked for, so a repeated post changes nothing. */
  saved: 'saved',
  /** The page the toggle was on: where a post without scripts (or a guest after signing in) comes back to. */
  back: 'back',
  /** Present once scripts run: the answer is data for the toggle, not a redirect. */
  scripted: 'scripted',
} as const;

/** What the toggle reads back from the action once scripts run. */
/** The toggle's answer once scripts run; a refusal also says its message at the top, as every 4xx of the site does. */
export type FavoriteAnswer = { saved: boolean; notice?: Notice; message?: string };

export const SAVE_LABEL = 'Guardar';
export const SAVED_LABEL = 'Guardado';

/** "Guardado por 3 personas", for the author. */
export function savedByText(count: number): string {
  return `Guardado por ${count} ${count === 1 ? 'persona' : 'personas'}`;
}
