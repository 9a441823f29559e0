import { isoDayOf, localDayOf, offsetMinutes, PUBLISHED_STATUS, timeZoneOf } from '@eco/domain';
import type { DB } from '../../db/schema.ts';
import { enqueueJobs } from '../jobs/repository.ts';
import type { JobHandler } from '../jobs/worker.ts';
import { renderEmail } from '../mail/layout.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createUnsubscribeToken } from '../notifications/unsubscribe-token.ts';

// The daily e-mail of the saved searches' matches (decision 041): at most one a day per member, in their local
// morning (the time zone of their country, else Argentina's), with what matched since the last one and the
// one-click unsubscribe of every notification e-mail. It runs as one recurring job of the queue (decision 036):
// whichever process claims it sends, then queues the next round. The day is claimed in the database before the
// e-mail goes, so two rounds never send two on the same day.

export const DIGEST_JOB = 'saved-search-digest';
/** How often the round runs: every member's morning is reached within this. */
export const DIGEST_EVERY_MS = 15 * 60_000;
/** The local hours of the morning when the e-mail goes: from 8:00 until noon. */
export const MORNING_FROM_HOUR = 8;
export const MORNING_UNTIL_HOUR = 12;
/** Publications listed in one e-mail; the rest are counted. */
export const DIGEST_MAX_ITEMS = 20;

const REASON =
  'Recibiste este correo porque guardaste búsquedas con aviso en EcoAnuncios y tienes activados los avisos por correo. Puedes desactivarlos con el enlace de arriba, o quitar cada búsqueda del resumen en Búsquedas guardadas.';

type Options = { db: DB; mailer: Mailer; publicUrl: string; secretKey: string };

function localHour(timeZone: string, now: Date): number {
  const local = new Date(now.getTime() + offsetMinutes(timeZone, now) * 60_000);
  return local.getUTCHours();
}

/** Whether `userId` may get today's e-mail: the local day is claimed (one statement), false if it already was. */
async function claimDay(db: DB, userId: string, day: string, now: Date): Promise<boolean> {
  const claimed = await db
    .insertInto('saved_search_digests')
    .values({ user_id: userId, last_day: day, sent_at: now.toISOString() })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ last_day: day, sent_at: now.toISOString() })
        .where('saved_search_digests.last_day', '<', day),
    )
    .returning('user_id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** One round: every member in their morning with matches waiting gets their e-mail. Answers how many were sent. */
export async function sendDigests(
  { db, mailer, publicUrl, secretKey }: Options,
  now = new Date(),
): Promise<number> {
  const waiting = await db
    .selectFrom('saved_search_hits as h')
    .innerJoin('users as u', 'u.id', 'h.user_id')
    .select(['u.id', 'u.name', 'u.email', 'u.location_country', 'u.is_active', 'u.email_notifications'])
    .where('h.mailed_at', 'is', null)
    .distinct()
    .execute();
  let sent = 0;
  for (const user of waiting) {
    const timeZone = timeZoneOf(user.location_country);
    const hour = localHour(timeZone, now);
    if (hour < MORNING_FROM_HOUR || hour >= MORNING_UNTIL_HOUR) continue;
    const wantsMail = user.is_active === 1 && user.email_notifications === 1;
    if (wantsMail && !(await claimDay(db, user.id, isoDayOf(localDayOf(timeZone, now)), now))) continue;
    const hits = await db
      .selectFrom('saved_search_hits as h')
      .innerJoin('saved_searches as s', 's.id', 'h.search_id')
      .innerJoin('publications as p', 'p.id', 'h.publication_id')
      .innerJoin('users as author', 'author.id', 'p.created_by')
      .select(['h.search_id', 'h.publication_id', 'p.title', 'p.status', 'author.is_active', 's.name'])
      .where('h.user_id', '=', user.id)
      .where('h.mailed_at', 'is', null)
      .orderBy('h.created_at')
      .execute();
    // Whatever happens to the e-mail, these are told (or dropped: a member without e-mails, one unpublished since).
    await db
      .updateTable('saved_search_hits')
      .set({ mailed_at: now.toISOString() })
      .where('user_id', '=', user.id)
      .where('mailed_at', 'is', null)
      .execute();
    const shown = hits.filter((hit) => hit.status === PUBLISHED_STATUS && hit.is_active === 1);
    const unique = [...new Map(shown.map((hit) => [hit.publication_id, hit])).values()];
    if (!wantsMail || unique.length === 0) continue;
    const token = createUnsubscribeToken(secretKey, user.id);
    const listed = unique.slice(0, DIGEST_MAX_ITEMS);
    const more = unique.length - listed.length;
    const email = renderEmail({
      subject:
        unique.length === 1
          ? 'Un anuncio nuevo para tus búsquedas'
          : `${unique.length} anuncios nuevos para tus búsquedas`,
      preheader: `«${listed[0]!.title}» y lo que coincide con tus búsquedas guardadas.`,
      heading: 'Novedades de tus búsquedas guardadas',
      name: user.name,
      blocks: [
        'Esto se publicó desde el último resumen y coincide con tus búsquedas guardadas:',
        ...listed.map((hit) => ({
          label: `${hit.title} (búsqueda «${hit.name}»)`,
          url: `${publicUrl}/publications/${hit.publication_id}`,
        })),
        ...(more > 0 ? [`Y ${more} más en tus búsquedas.`] : []),
        { label: 'Ver mis búsquedas guardadas', url: `${publicUrl}/dashboard/searches`, primary: true },
        { label: 'Dejar de recibir avisos por correo', url: `${publicUrl}/unsubscribe/${token}` },
      ],
      reason: REASON,
      publicUrl,
    });
    await mailer.send({
      ...email,
      to: user.email,
      headers: {
        'List-Unsubscribe': `<${publicUrl}/api/unsubscribe/${token}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    sent++;
  }
  return sent;
}

/** Queues the first round when none is queued (every process asks at start; the job's name makes it one). */
export async function scheduleDigests(db: DB, at = new Date()): Promise<void> {
  await enqueueJobs(db, [{ id: DIGEST_JOB, kind: DIGEST_JOB, runAt: at }]);
}

/** The job queue's handler of DIGEST_JOB: a round, then the next one queued (replacing this finished one). */
export function digestHandler(options: Options): JobHandler {
  return async () => {
    await sendDigests(options);
    await enqueueJobs(
      options.db,
      [{ id: DIGEST_JOB, kind: DIGEST_JOB, runAt: new Date(Date.now() + DIGEST_EVERY_MS) }],
      { replace: true },
    );
  };
}
