// Spanish answers of the ratings routes (validation messages come from the domain's ratingSchema), and the texts
// of the notification a rating makes.

export const RATED_USER_NOT_FOUND_MESSAGE = 'El usuario no existe';
export const QUALIFICATION_NOT_FOUND_MESSAGE = 'La calificación no existe';
export const NOT_RATED_YET_MESSAGE = 'Todavía no calificaste a este usuario';
export const SELF_RATING_MESSAGE = 'No puedes calificarte a ti mismo';
export const ALREADY_RATED_MESSAGE = 'Ya calificaste a este usuario. Puedes editar tu calificación.';
export const NOT_YOUR_QUALIFICATION_MESSAGE = 'Solo puedes modificar tu propia calificación';
export const NOT_ACTIVATED_MESSAGE = 'Solo las cuentas activadas pueden calificar';
export const QUALIFICATION_ID_REQUIRED_MESSAGE = 'Falta el identificador de la calificación (_id)';

const stars = (rating: number): string => `${rating} ${rating === 1 ? 'estrella' : 'estrellas'}`;

export function ratedNotification(raterName: string, rating: number): { title: string; message: string } {
  return { title: 'Nueva calificación', message: `${raterName} te calificó con ${stars(rating)}` };
}

export function rerateNotification(raterName: string, rating: number): { title: string; message: string } {
  return {
    title: 'Calificación actualizada',
    message: `${raterName} cambió su calificación: ahora te da ${stars(rating)}`,
  };
}
