import type { DB } from '../../db/schema.ts';
import type { CommunityMail } from '../notifications/community-mail.ts';
import { notify } from '../notifications/service.ts';

// The notifications of a publication's life: waiting for review (to the super users), published and sent back to
// review (to the author). Each runs inside the transaction of the change; the e-mails go after the commit.

export const detailLink = (id: string): string => `/publications/${id}`;

type Subject = { id: string; title: string; authorId: string };

/** The texts of the notifications (the demo content writes the same ones). */
export const PUBLICATION_TEXTS = {
  awaitingReview: (title: string) => ({
    title: 'Anuncio para revisar',
    message: `«${title}» espera tu revisión para publicarse.`,
  }),
  published: (title: string) => ({
    title: 'Anuncio publicado',
    message: `Tu anuncio «${title}» ya está publicado.`,
  }),
  sentBack: (title: string, reason: string | null) => ({
    title: 'Anuncio devuelto a revisión',
    message: `Tu anuncio «${title}» volvió a revisión y por ahora no se muestra.${reason === null ? '' : ` Motivo: ${reason}`}`,
  }),
};

/** Every super user but the author learns, once per publication, that it waits for review. */
export async function notifyAwaitingReview(trx: DB, publication: Subject): Promise<void> {
  const superUsers = await trx
    .selectFrom('users')
    .select('id')
    .where('is_super_user', '=', 1)
    .where('is_active', '=', 1)
    .where('id', '!=', publication.authorId)
    .execute();
  for (const { id } of superUsers) {
    await notify(trx, {
      userId: id,
      ...PUBLICATION_TEXTS.awaitingReview(publication.title),
      kind: 'info',
      push: 'moderation',
      fromUserId: publication.authorId,
      link: detailLink(publication.id),
      dedupeKey: `publication:${publication.id}:review`,
    });
  }
}

export async function notifyPublished(trx: DB, publication: Subject, superUserId: string): Promise<void> {
  await notify(trx, {
    userId: publication.authorId,
    ...PUBLICATION_TEXTS.published(publication.title),
    kind: 'success',
    push: 'moderation',
    fromUserId: superUserId,
    link: detailLink(publication.id),
  });
}

export async function notifySentBack(
  trx: DB,
  publication: Subject,
  superUserId: string,
  reason: string | null,
): Promise<void> {
  await notify(trx, {
    userId: publication.authorId,
    ...PUBLICATION_TEXTS.sentBack(publication.title, reason),
    kind: 'warning',
    push: 'moderation',
    fromUserId: superUserId,
    link: detailLink(publication.id),
  });
}

/** The e-mail that follows a status change made by a super user, after the commit. */
export async function mailStatusChange(
  mail: CommunityMail,
  publication: Subject,
  published: boolean,
  reason: string | null,
): Promise<void> {
  const input = { title: publication.title, publicationId: publication.id };
  if (published) await mail.published(publication.authorId, input);
  else await mail.sentBack(publication.authorId, { ...input, reason });
}
