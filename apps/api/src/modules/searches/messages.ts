// Spanish answers of the saved searches' routes, and the texts of the notification and the e-mail of a match.

/** How many searches a member may keep: each listening one is matched against every publication published. */
export const MAX_SAVED_SEARCHES = 50;
export const SEARCH_NAME_MAX_LENGTH = 60;

export const SEARCH_NOT_FOUND_MESSAGE = 'La búsqueda no existe';
export const TOO_MANY_SEARCHES_MESSAGE = `Podés guardar hasta ${MAX_SAVED_SEARCHES} búsquedas: eliminá alguna para guardar otra`;
export const NAME_REQUIRED_MESSAGE = 'El nombre de la búsqueda es obligatorio';
export const NAME_TOO_LONG_MESSAGE = `El nombre de la búsqueda es demasiado largo (max: ${SEARCH_NAME_MAX_LENGTH})`;
export const EMPTY_SEARCH_MESSAGE = 'Escribí qué buscás o elegí algún filtro para guardar la búsqueda';
export const ALERT_INVALID_MESSAGE = 'El aviso debe ser true o false';
export const NOTHING_TO_CHANGE_MESSAGE = 'Indicá el nombre, el aviso o el resumen por e-mail a cambiar';

/** The notification of a publication that matches one of the member's searches. */
export function matchTexts(title: string, searchName: string): { title: string; message: string } {
  return {
    title: 'Nuevo anuncio para tu búsqueda',
    message: `«${title}» coincide con tu búsqueda «${searchName}».`,
  };
}
