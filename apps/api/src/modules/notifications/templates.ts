import { savedChangeTexts, type SavedChange } from '../favorites/messages.ts';
import {
  interestChangeDetails,
  interestChangeTexts,
  reminderTexts,
  type InterestChange,
  type ReminderWhich,
} from '../interests/messages.ts';
import { renderEmail, type RenderedEmail } from '../mail/layout.ts';

// The e-mails that repeat a notification (published, sent back, rated). Each ends with the link that turns them off.

type Common = { name: string; publicUrl: string; unsubscribeUrl: string };

const REASON =
  'Recibiste este correo porque tienes activados los avisos por correo de EcoAnuncios. Puedes desactivarlos con el enlace de arriba o desde tu configuración.';

const unsubscribe = (url: string) => ({ label: 'Dejar de recibir avisos por correo', url });

const stars = (rating: number): string => `${rating} ${rating === 1 ? 'estrella' : 'estrellas'}`;

export function publishedEmail(input: Common & { title: string; url: string }): RenderedEmail {
  return renderEmail({
    subject: 'Tu anuncio ya está publicado',
    preheader: `«${input.title}» ya se ve en EcoAnuncios.`,
    heading: '¡Tu anuncio está publicado!',
    name: input.name,
    blocks: [
      `Revisamos tu anuncio «${input.title}» y ya está publicado: cualquiera puede verlo y contactarte.`,
      { label: 'Ver mi anuncio', url: input.url, primary: true },
      unsubscribe(input.unsubscribeUrl),
    ],
    reason: REASON,
    publicUrl: input.publicUrl,
  });
}

export function sentBackEmail(
  input: Common & { title: string; url: string; reason: string | null },
): RenderedEmail {
  return renderEmail({
    subject: 'Tu anuncio volvió a revisión',
    preheader: `«${input.title}» volvió a revisión.`,
    heading: 'Tu anuncio volvió a revisión',
    name: input.name,
    blocks: [
      `Tu anuncio «${input.title}» volvió a revisión y por ahora no se muestra en EcoAnuncios.`,
      ...(input.reason === null ? [] : [`Motivo: ${input.reason}`]),
      'Puedes revisarlo y modificarlo desde tus anuncios.',
      { label: 'Ver mi anuncio', url: input.url, primary: true },
      unsubscribe(input.unsubscribeUrl),
    ],
    reason: REASON,
    publicUrl: input.publicUrl,
  });
}

export function ratedEmail(
  input: Common & {
    raterName: string;
    rating: number;
    comment: string | null;
    changed: boolean;
    url: string;
  },
): RenderedEmail {
  const sentence = input.changed
    ? `${input.raterName} cambió su calificación: ahora te da ${stars(input.rating)}.`
    : `${input.raterName} te calificó con ${stars(input.rating)}.`;
  return renderEmail({
    subject: input.changed ? `${input.raterName} cambió su calificación` : `${input.raterName} te calificó`,
    preheader: sentence,
    heading: input.changed ? 'Calificación actualizada' : 'Recibiste una calificación',
    name: input.name,
    blocks: [
      sentence,
      ...(input.comment === null ? [] : [`Su comentario: «${input.comment}»`]),
      { label: 'Ver mis calificaciones', url: input.url, primary: true },
      unsubscribe(input.unsubscribeUrl),
    ],
    reason: REASON,
    publicUrl: input.publicUrl,
  });
}

export function savedChangedEmail(
  input: Common & { title: string; change: SavedChange; underReview: boolean; url: string },
): RenderedEmail {
  const texts = savedChangeTexts(input.title, input.change, input.underReview);
  return renderEmail({
    subject: texts.title,
    preheader: texts.message,
    heading: texts.title,
    name: input.name,
    blocks: [
      texts.message,
      { label: 'Ver el anuncio', url: input.url, primary: true },
      unsubscribe(input.unsubscribeUrl),
    ],
    reason: REASON,
    publicUrl: input.publicUrl,
  });
}

/** The reminder of an event or course the member marked "Me interesa"; its .ics goes attached. */
export function interestReminderEmail(
  input: Common & {
    which: ReminderWhich;
    title: string;
    calendaredAt: string;
    locationCountry: string | null;
    place: string;
    url: string;
  },
): RenderedEmail {
  const texts = reminderTexts(input.which, input);
  return renderEmail({
    subject: `${texts.title}: ${input.title}`,
    preheader: texts.message,
    heading: texts.title,
    name: input.name,
    blocks: [
      texts.message,
      ...(input.place === '' ? [] : [`Lugar: ${input.place}`]),
      'Adjuntamos el evento para agregarlo a tu calendario.',
      { label: 'Ver el evento', url: input.url, primary: true },
      unsubscribe(input.unsubscribeUrl),
    ],
    reason: REASON,
    publicUrl: input.publicUrl,
  });
}

/** An event or course the member marked changed its date or place: what it is now, and the updated .ics attached. */
export function interestChangeEmail(
  input: Common & {
    change: InterestChange;
    title: string;
    calendaredAt: string;
    calendaredUntil: string | null;
    locationCountry: string | null;
    place: string;
    url: string;
  },
): RenderedEmail {
  const texts = interestChangeTexts(input.title, input.change, false);
  return renderEmail({
    subject: `${texts.title}: ${input.title}`,
    preheader: texts.message,
    heading: texts.title,
    name: input.name,
    blocks: [
      texts.message,
      ...interestChangeDetails(input),
      'Adjuntamos el evento actualizado: ábrelo para que tu calendario cambie la fecha y el lugar.',
      { label: 'Ver el evento', url: input.url, primary: true },
      unsubscribe(input.unsubscribeUrl),
    ],
    reason: REASON,
    publicUrl: input.publicUrl,
  });
}
