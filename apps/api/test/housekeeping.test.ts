import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaStorage } from '../src/modules/media/create-storage.ts';
import { housekeeping } from '../src/plugins/housekeeping.ts';
import { insertUser } from './helpers/accounts.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-app.ts';

describe('housekeeping', () => {
  let subject: TestDatabase;

  beforeAll(async () => {
    subject = await createTestDatabase();
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('removes expired sessions, link tokens and geocoded addresses now and then, and keeps the valid ones', async () => {
    const { db } = subject.database;
    const user = await insertUser(db, { email: 'limpieza@example.com' });
    const past = '2020-01-01T00:00:00.000Z';
    const future = '2999-01-01T00:00:00.000Z';
    await db
      .insertInto('sessions')
      .values([
        { token_hash: 'old-session', user_id: user.id, expires_at: past, created_at: past },
        { token_hash: 'live-session', user_id: user.id, expires_at: future, created_at: past },
      ])
      .execute();
    await db
      .insertInto('user_tokens')
      .values([
        { token_hash: 'old-link', user_id: user.id, purpose: 'reset', expires_at: past, created_at: past },
        {
          token_hash: 'live-link',
          user_id: user.id,
          purpose: 'activation',
          expires_at: future,
          created_at: past,
        },
      ])
      .execute();
    // The address search's answers: one past its 30 days, one fresh.
    await db
      .insertInto('geocoded_addresses')
      .values([
        { query_hash: 'old-answer', places: '[]', stored_at: past },
        { query_hash: 'live-answer', places: '[]', stored_at: new Date().toISOString() },
      ])
      .execute();

    const app = Fastify();
    await app.register(housekeeping, {
      db,
      storage: createMediaStorage(subject.config),
      intervalMs: 20,
    });
    await app.ready();
    try {
      const remaining = async () => ({
        sessions: (await db.selectFrom('sessions').select('token_hash').execute()).map(
          (row) => row.token_hash,
        ),
        tokens: (await db.selectFrom('user_tokens').select('token_hash').execute()).map(
          (row) => row.token_hash,
        ),
        geocoded: (await db.selectFrom('geocoded_addresses').select('query_hash').execute()).map(
          (row) => row.query_hash,
        ),
      });
      let now = await remaining();
      while (now.sessions.length + now.tokens.length + now.geocoded.length > 3) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        now = await remaining();
      }
      expect(now).toEqual({ sessions: ['live-session'], tokens: ['live-link'], geocoded: ['live-answer'] });
    } finally {
      await app.close();
    }
  });
});
