import { formatDate, formatDateRange } from '@eco/domain/dates/display';

// Spanish answers of the "Me interesa" routes, and the texts of its reminders and change notices.

export const NOT_CALENDARED_INTEREST_MESSAGE = 'Solo los eventos y los cursos admiten «Me interesa»';
export const INTERESTED_FORBIDDEN_MESSAGE =
  'Solo el autor del anuncio y los superusuarios pueden ver a quiénes les interesa';
export const INTEREST_IDS_MESSAGE = 'Los anuncios deben ser hasta 100 identificadores separados por comas';

export type ReminderWhich = '24h' | '1h';

/** The reminder a member gets before an event or course they marked. */
export function reminderTexts(
  which: ReminderWhich,
  publication: { title: string; calendaredAt: string; locationCountry: string | null },
): { title: string; message: string } {
  const when = formatDate(publication.calendaredAt, publication.locationCountry);
  return {
    title: which === '1h' ? 'Empieza en una hora' : 'Se acerca un evento que te interesa',
    message: `«${publication.title}» empieza el ${when}.`,
  };
}

export type InterestChange = 'date' | 'place' | 'both';

const CHANGED: Record<InterestChange, string> = {
  date: 'cambió de fecha',
  place: 'cambió de lugar',
  both: 'cambió de fecha y de lugar',
};

/** What an interested member reads when the event's date or place changed. */
export function interestChangeTexts(
  title: string,
  change: InterestChange,
  underReview: boolean,
): { title: string; message: string } {
  const review = underReview ? ' Está en revisión: lo verás de nuevo cuando se publique.' : '';
  return { title: 'Cambió un evento que te interesa', message: `«${title}» ${CHANGED[change]}.${review}` };
}

/** The e-mail's lines of a changed event: what it is now (the new date and the new place). */
export function interestChangeDetails(publication: {
  calendaredAt: string;
  calendaredUntil: string | null;
  locationCountry: string | null;
  place: string;
}): string[] {
  const when = formatDateRange(
    publication.calendaredAt,
    publication.calendaredUntil,
    publication.locationCountry,
  );
  return [`Fecha: ${when}`, ...(publication.place === '' ? [] : [`Lugar: ${publication.place}`])];
}
