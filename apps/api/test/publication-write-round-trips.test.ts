import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createActors,
  uploadImage,
  validForm,
  type Actors,
  type PublicationBody,
} from './helpers/publications.ts';
import { statementsSent, type SentStatement } from './helpers/statements.ts';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.ts';

// On a busy server every round trip of a write waits behind the readers' answers on the event loop. On PostgreSQL a
// super user's create or status change is one statement (no begin, no commit; the images inserted along with their
// publication), and the row a change starts from is read along with the request's session: three round trips in
// all, the answer's two reads going together.

type Sent = SentStatement;

describe.runIf(testDialect === 'postgres')('PostgreSQL: the round trips of a publication write', () => {
  let subject: TestApp;
  let actors: Actors;

  beforeAll(async () => {
    subject = await createTestApp();
    actors = await createActors(subject.database.db);
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    await subject.dispose();
  });

  /** The statements sent while `task` runs, each with how many others were still waiting for their answer. */
  async function statementsOf(task: () => Promise<void>): Promise<Sent[]> {
    // Idle connections for the reads that go together: opening one would take round trips of its own.
    await Promise.all(
      Array.from({ length: 4 }, () => sql`select pg_sleep(0.01)`.execute(subject.database.db)),
    );
    return statementsSent(task);
  }

  /** Statements sent while no other was waiting: the round trips the request waited for, one after the other. */
  const roundTrips = (sent: Sent[]) => sent.filter((statement) => statement.alongside === 0).length;
  const transactions = (sent: Sent[]) =>
    sent.filter((statement) => /^(begin|commit)\b/i.test(statement.text));

  it('creates and publishes in three round trips each, with the images and the status saved', async () => {
    const images = [
      await uploadImage(subject.app, actors.superUser),
      await uploadImage(subject.app, actors.superUser),
    ];
    const form = validForm(
      'market',
      images.map((image) => image.url),
      { status: 0 },
    );
    let created: PublicationBody | undefined;
    const creating = await statementsOf(async () => {
      const response = await subject.app.inject({
        method: 'POST',
        url: '/api/publications',
        headers: actors.superUser.headers,
        payload: form,
      });
      expect(response.statusCode).toBe(201);
      created = response.json<{ publication: PublicationBody }>().publication;
    });
    expect(transactions(creating)).toEqual([]);
    expect(roundTrips(creating)).toBe(3);
    expect(
      creating.filter((statement) => /insert into "publication_files"/.test(statement.text)),
    ).toHaveLength(1);
    expect(created?.files.map((file) => file.url)).toEqual(images.map((image) => image.url));
    expect(created?.status).toBe(0);

    const id = created?._id ?? '';
    const publishing = await statementsOf(async () => {
      const response = await subject.app.inject({
        method: 'PUT',
        url: `/api/publication/${id}`,
        headers: actors.superUser.headers,
        payload: { status: 1 },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ publication: PublicationBody }>().publication.status).toBe(1);
    });
    expect(transactions(publishing)).toEqual([]);
    expect(roundTrips(publishing)).toBe(3);

    const listed = await subject.app.inject({ method: 'GET', url: `/api/publication/${id}` });
    expect(listed.json<{ publication: PublicationBody }>().publication.files).toHaveLength(2);
  });

  it('keeps a transaction where the write says more: an author’s publication and its notice to the super users', async () => {
    const image = await uploadImage(subject.app, actors.author);
    const sent = await statementsOf(async () => {
      const response = await subject.app.inject({
        method: 'POST',
        url: '/api/publications',
        headers: actors.author.headers,
        payload: validForm('market', [image.url]),
      });
      expect(response.statusCode).toBe(201);
    });
    expect(transactions(sent).map((statement) => statement.text.toLowerCase())).toEqual(['begin', 'commit']);
    const notices = await subject.database.db
      .selectFrom('notifications')
      .select('user_id')
      .where('user_id', '=', actors.superUser.id)
      .execute();
    expect(notices.length).toBeGreaterThan(0);
  });
});
