import { useFetcher, useSearchParams } from 'react-router';
import type { FormAnswer } from '../../lib/forms/form-answer';

/** The query parameter that opens one section of the settings page for editing (`?editar=perfil`). */
export const EDIT_PARAM = 'editar';

export type EditSection = 'perfil' | 'pago';

/**
 * The edit toggle of the settings forms, kept in the address: 'Editar' is a link to `?editar=<section>` and
 * 'Cancelar' a link back, so both work before the page's scripts run and the back button closes the form.
 */
export function useEditToggle(section: EditSection) {
  const [searchParams] = useSearchParams();
  const editing = searchParams.get(EDIT_PARAM) === section;
  const others = new URLSearchParams(searchParams);
  others.delete(EDIT_PARAM);
  const rest = others.toString();
  const open = new URLSearchParams(others);
  open.set(EDIT_PARAM, section);
  return { editing, editTo: `?${open.toString()}`, cancelTo: rest ? `?${rest}` : '.' };
}

/**
 * What each settings form needs besides its fields: the edit toggle, its own fetcher (so that saving one form never
 * touches the other), the answer to show (the fetcher's, or the page's when it answered a post without scripts) and
 * whether it is saving.
 */
export function useSettingsForm(section: EditSection, answer: FormAnswer | undefined) {
  const toggle = useEditToggle(section);
  const fetcher = useFetcher<FormAnswer>();
  return { ...toggle, fetcher, shown: fetcher.data ?? answer, saving: fetcher.state !== 'idle' };
}
