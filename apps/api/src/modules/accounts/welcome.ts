import type { DB } from '../../db/schema.ts';
import { notify } from '../notifications/service.ts';

export const WELCOME_NOTIFICATION = {
  title: '¡Te damos la bienvenida!',
  message:
    'Tu cuenta de EcoAnuncios está activa. Ya puedes publicar, contactar a otras personas y calificarlas.',
  kind: 'success',
  link: '/publications/new',
  dedupeKey: 'welcome',
} as const;

/** The first notification of a member, in the transaction that activates the account; once per account. */
export async function notifyWelcome(trx: DB, userId: string): Promise<void> {
  await notify(trx, { userId, ...WELCOME_NOTIFICATION });
}
