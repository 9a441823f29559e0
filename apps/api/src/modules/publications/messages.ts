import { SEARCH_TERM_MAX_LENGTH } from '@eco/domain';

// Spanish answers of the publications routes (validation messages come from the domain's schemas).

export const PUBLICATION_NOT_FOUND_MESSAGE = 'El anuncio no existe';
export const CHANGE_FORBIDDEN_MESSAGE = 'No tienes permiso para modificar este anuncio';
export const DELETE_FORBIDDEN_MESSAGE = 'No tienes permiso para eliminar este anuncio';
export const STATUS_FORBIDDEN_MESSAGE = 'Solo un superusuario puede publicar o despublicar un anuncio';
/** A file that is not one of the user's own uploads (POST /api/media) nor already an image of the publication. */
export const INVALID_FILE_MESSAGE = 'El archivo es incorrecto';
export const TERM_TOO_LONG_MESSAGE = `La búsqueda es demasiado larga (max: ${SEARCH_TERM_MAX_LENGTH})`;
export const STATUS_FILTER_MESSAGE = "El estado debe ser 'published', 'pending' o 'all'";
export const REASON_INVALID_MESSAGE = 'El motivo es incorrecto';
export const REASON_TOO_LONG_MESSAGE = 'El motivo es demasiado largo (max: 300)';
/** The calendar file of a publication that is neither an event nor a course. */
export const NOT_CALENDARED_MESSAGE = 'Solo los eventos y los cursos se pueden agregar al calendario';
/** A calendar feed asked for a category that has no dates. */
export const FEED_TYPED_MESSAGE = 'Los calendarios son de eventos (events) o cursos (courses)';
/** The month view's days need a range of days. */
export const DAYS_RANGE_MESSAGE = 'La vista del mes necesita las fechas "desde" (from) y "hasta" (to)';
export const DAYS_TOO_LONG_MESSAGE = 'La vista del mes abarca como mucho 42 días';
