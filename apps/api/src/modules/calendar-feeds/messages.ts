// Spanish answers of the personal calendar feed's routes.

/** An unknown or replaced secret: the same answer for both, so that nothing tells a guessed link from an old one. */
export const FEED_NOT_FOUND_MESSAGE = 'Este calendario no existe o su enlace cambió';
/** The personal feed's name in calendar apps (X-WR-CALNAME). */
export const PERSONAL_FEED_NAME = 'Mi agenda en EcoAnuncios';
