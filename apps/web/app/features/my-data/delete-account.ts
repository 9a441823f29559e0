/** The intent of the deletion form, which posts to the settings page's action. */
export const DELETE_ACCOUNT_INTENT = 'delete-account';

/** The query that opens the deletion form inside the card, for a page without scripts (`?confirmar=…`). */
export const CONFIRM_PARAM = 'confirmar';
export const CONFIRM_VALUE = 'eliminar-cuenta';
