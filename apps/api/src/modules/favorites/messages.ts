// Spanish answers of the favorites routes, and the texts of the notification a saved publication's change makes.

export const IDS_MESSAGE = 'Los anuncios deben ser hasta 100 identificadores separados por comas';

/** What a saver reads when the price or the date of a publication they saved changed. */
export type SavedChange = 'price' | 'date' | 'both';

const CHANGED: Record<SavedChange, string> = {
  price: 'cambió de precio',
  date: 'cambió de fecha',
  both: 'cambió de precio y de fecha',
};

/**
 * The notification (and e-mail) sentence. `title` is the one the saver saw, never the edit's new text: an author's
 * edit sends the publication back to review, and what is under review is not shown to others.
 */
export function savedChangeTexts(
  title: string,
  change: SavedChange,
  underReview: boolean,
): { title: string; message: string } {
  const review = underReview ? ' Está en revisión: lo verás de nuevo cuando se publique.' : '';
  return {
    title: 'Cambió un anuncio que guardaste',
    message: `«${title}» ${CHANGED[change]}.${review}`,
  };
}
