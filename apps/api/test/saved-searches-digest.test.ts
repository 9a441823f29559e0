import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema.ts';
import { alertPublication } from '../src/modules/searches/alerts.ts';
import { sendDigests } from '../src/modules/searches/digest.ts';
import { readUnsubscribeToken } from '../src/modules/notifications/unsubscribe-token.ts';
import { recordingMailer } from './helpers/accounts.ts';
import { savedSearchRow } from './helpers/saved-searches.ts';
import { actor, storePublication, type Actor } from './helpers/publications.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-app.ts';

// The daily e-mail of the saved searches' matches (decision 041): in the member's local morning, at most one a day,
// with the matches and the one-click unsubscribe; nothing for members who turned e-mails off or chose no digest.

const PUBLIC_URL = 'http://localhost:3000';

describe('saved searches: the daily e-mail', () => {
  let subject: TestDatabase;
  let db: DB;
  let author: Actor;

  async function search(owner: Actor, term: string, digest = 1) {
    await db
      .insertInto('saved_searches')
      .values(savedSearchRow(owner.id, term, { name: `Busco ${term}`, digest }))
      .execute();
  }

  async function published(title: string) {
    const id = await storePublication(db, {
      title,
      status: 1,
      typed: 'barter',
      createdBy: author.id,
      createdAt: new Date().toISOString(),
    });
    await alertPublication(db, subject.database.dialect, id);
    return id;
  }

  beforeAll(async () => {
    subject = await createTestDatabase();
    db = subject.database.db;
    author = await actor(db, 'autora@example.com', 'Autora');
  });

  afterAll(async () => {
    await subject?.dispose();
  });

  it('goes once a day in the local morning, with the matches and the one-click unsubscribe', async () => {
    const mailer = recordingMailer();
    const options = { db, mailer, publicUrl: PUBLIC_URL, secretKey: 'k'.repeat(40) };
    const ana = await actor(db, 'ana@example.com', 'Ana');
    const bogota = await actor(db, 'beto@example.com', 'Beto');
    await db.updateTable('users').set({ location_country: 'col' }).where('id', '=', bogota.id).execute();
    const quiet = await actor(db, 'quieta@example.com', 'Quieta');
    await db.updateTable('users').set({ email_notifications: 0 }).where('id', '=', quiet.id).execute();
    const noDigest = await actor(db, 'sin@example.com', 'Sin Resumen');
    for (const owner of [ana, bogota, quiet]) await search(owner, 'frascos');
    await search(noDigest, 'frascos', 0);
    const first = await published('Frascos de vidrio');
    const second = await published('Más frascos');

    // 10:00 UTC: 7:00 in Buenos Aires, 5:00 in Bogotá: nobody's morning yet.
    expect(await sendDigests(options, new Date('2030-03-04T10:00:00Z'))).toBe(0);
    // 11:30 UTC: 8:30 in Buenos Aires; Bogotá is still at 6:30.
    expect(await sendDigests(options, new Date('2030-03-04T11:30:00Z'))).toBe(1);
    const [mail] = mailer.sent;
    expect(mail?.to).toBe('ana@example.com');
    expect(mail?.subject).toBe('2 anuncios nuevos para tus búsquedas');
    expect(mail?.text).toContain(`${PUBLIC_URL}/publications/${first}`);
    expect(mail?.text).toContain(`${PUBLIC_URL}/publications/${second}`);
    expect(mail?.text).toContain('Frascos de vidrio (búsqueda «Busco frascos»)');
    const unsubscribe = /<http:\/\/localhost:3000\/api\/unsubscribe\/([^>]+)>/.exec(
      mail?.headers?.['List-Unsubscribe'] ?? '',
    );
    expect(readUnsubscribeToken(options.secretKey, unsubscribe?.[1] ?? '')).toBe(ana.id);
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // Bogotá's morning; Ana already had hers today, even with a new match.
    await published('Frascos chicos');
    expect(await sendDigests(options, new Date('2030-03-04T14:00:00Z'))).toBe(1);
    expect(mailer.sent.map((sent) => sent.to)).toEqual(['ana@example.com', 'beto@example.com']);
    expect(await sendDigests(options, new Date('2030-03-04T14:30:00Z'))).toBe(0);
    // The next morning, Ana gets what came since.
    expect(await sendDigests(options, new Date('2030-03-05T11:30:00Z'))).toBe(1);
    expect(mailer.sent[2]?.subject).toBe('Un anuncio nuevo para tus búsquedas');
    expect(mailer.sent[2]?.text).toContain('Frascos chicos');
    expect(mailer.sent.map((sent) => sent.to)).not.toContain('quieta@example.com');
    expect(mailer.sent.map((sent) => sent.to)).not.toContain('sin@example.com');
  });
});
