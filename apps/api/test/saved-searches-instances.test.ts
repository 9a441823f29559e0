import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_JOB, matchHandler, SAVE_BATCH, saveMatches } from '../src/modules/searches/alerts.ts';
import { matchPublication } from '../src/modules/searches/matcher.ts';
import { claimJobs } from '../src/modules/jobs/repository.ts';
import { QueueStopping } from '../src/modules/jobs/worker.ts';
import {
  actor,
  createActors,
  createPublication,
  storePublication,
  uploadImage,
  validForm,
  type Actor,
  type Actors,
} from './helpers/publications.ts';
import { savedSearchRow } from './helpers/saved-searches.ts';
import { createDatabase } from '../src/db/database.ts';
import type { DB } from '../src/db/schema.ts';
import {
  createOtherInstance,
  createTestApp,
  createTestDatabase,
  testDialect,
  type OtherInstance,
  type TestApp,
} from './helpers/test-app.ts';

// Two server processes on one database, each with its worker, plus workers that die mid-way: every match notifies
// its owner exactly once.
describe('saved search alerts across processes and restarts', () => {
  let subject: TestApp;
  let other: OtherInstance;
  let actors: Actors;
  let members: Actor[];

  const matchNotices = async (app: FastifyInstance, who: Actor) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/notifications?pageSize=60',
      headers: who.headers,
    });
    return response
      .json<{ notifications: { title: string; link: string }[] }>()
      .notifications.filter((item) => item.title === 'Nuevo anuncio para tu búsqueda')
      .map((item) => item.link);
  };

  async function publishedBySuperUser(app: FastifyInstance, title: string) {
    const image = await uploadImage(app, actors.superUser);
    return createPublication(app, actors.superUser, validForm('barter', [image.url], { title }));
  }

  const queued = async (db: DB) =>
    (await db.selectFrom('jobs').select('id').where('kind', '=', MATCH_JOB).execute()).length;

  beforeAll(async () => {
    subject = await createTestApp({ env: { JOBS_POLL_MS: '100' } });
    other = await createOtherInstance(subject);
    actors = await createActors(subject.database.db);
    members = await Promise.all(
      ['ana', 'beto', 'caro'].map((name) => actor(subject.database.db, `${name}@example.com`, name)),
    );
    for (const [index, member] of members.entries()) {
      const app = index % 2 === 0 ? subject.app : other.app;
      const saved = await app.inject({
        method: 'POST',
        url: '/api/searches',
        headers: member.headers,
        payload: { name: 'Frascos', term: 'frascos vidrio', province: 'cordoba', country: 'arg' },
      });
      expect(saved.statusCode, saved.body).toBe(201);
      // A second search of the same member that also matches: still one notification per publication.
      await app.inject({
        method: 'POST',
        url: '/api/searches',
        headers: member.headers,
        payload: { name: 'Vidrio', term: 'vidrios' },
      });
    }
  });

  afterAll(async () => {
    await other?.close();
    await subject?.dispose();
  });

  // SQLite is one process's file (decision 002): several server processes are PostgreSQL's.
  it.runIf(testDialect === 'postgres')(
    'publications published on both instances, drained by both at once, notify each owner once',
    async () => {
      const created = [];
      for (let index = 0; index < 6; index++) {
        created.push(
          await publishedBySuperUser(index % 2 === 0 ? subject.app : other.app, `Frascos de vidrio ${index}`),
        );
      }
      // Both processes' job workers race for them.
      await expect.poll(() => queued(subject.database.db), { timeout: 60_000, interval: 100 }).toBe(0);
      for (const member of members) {
        const links = await matchNotices(member === members[1] ? other.app : subject.app, member);
        expect(links.sort()).toEqual(created.map((publication) => `/publications/${publication._id}`).sort());
      }
      const hits = await subject.database.db.selectFrom('saved_search_hits').select('search_id').execute();
      expect(hits).toHaveLength(created.length * members.length * 2);
    },
  );

  it('a job that dies half way through saving, run again twice at once, leaves nothing undone and nothing twice', async () => {
    // Two processes' connections to a database of their own, without apps: only this test works its queue.
    const quiet = await createTestDatabase();
    const second = createDatabase(quiet.config);
    try {
      const { db, dialect } = quiet.database;
      const author = await actor(db, 'autor@example.com', 'Autor');
      const owners = await Promise.all(['dani', 'eli'].map((name) => actor(db, `${name}@example.com`, name)));
      const now = new Date().toISOString();
      for (const owner of owners) {
        for (const term of ['frascos vidrio', 'vidrios']) {
          await db.insertInto('saved_searches').values(savedSearchRow(owner.id, term)).execute();
        }
      }
      // The author's own search never matches.
      await db
        .insertInto('saved_searches')
        .values(savedSearchRow(author.id, 'frascos', { name: 'Frascos' }))
        .execute();
      const id = await storePublication(db, {
        title: 'Frascos de vidrio tras un corte',
        status: 1,
        typed: 'barter',
        createdBy: author.id,
        createdAt: now,
      });
      expect(await queued(db)).toBe(1);
      const [job] = await claimJobs(db, dialect, { limit: 10, leaseMs: 60_000 });
      expect(job).toMatchObject({ kind: MATCH_JOB, subject: `publication:${id}` });
      // The process that claimed it saved half of the work and died.
      const matched = await matchPublication(db, dialect, id);
      expect(matched?.matches).toHaveLength(owners.length * 2);
      await saveMatches(db, { ...matched!, matches: matched!.matches.slice(0, 1) });
      // Its lease ended: the job runs again, here in two processes at once (a slow run and a second claim).
      const handlers = [matchHandler({ db, dialect }), matchHandler({ db: second.db, dialect })];
      // SQLite's file belongs to one process at a time: there the two runs follow each other.
      const unpaced = async () => undefined;
      const failures =
        dialect === 'postgres'
          ? await Promise.all(handlers.map((handler) => handler([job!], unpaced)))
          : [await handlers[0]!([job!], unpaced), await handlers[1]!([job!], unpaced)];
      for (const failed of failures) expect(failed?.size ?? 0).toBe(0);
      for (const owner of owners) {
        const rows = await db
          .selectFrom('notifications')
          .select('id')
          .where('user_id', '=', owner.id)
          .where('link', '=', `/publications/${id}`)
          .execute();
        expect(rows).toHaveLength(1);
      }
      const authorNotices = await db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', author.id)
        .execute();
      expect(authorNotices).toEqual([]);
      const hits = await db
        .selectFrom('saved_search_hits')
        .select('search_id')
        .where('publication_id', '=', id)
        .execute();
      expect(hits).toHaveLength(owners.length * 2);

      // Matched, then deleted or unpublished before its matches are saved: no hit, no notification, no failure.
      for (const end of ['deleted', 'unpublished'] as const) {
        const gone = await storePublication(db, {
          title: `Frascos de vidrio ${end}`,
          status: 1,
          typed: 'barter',
          createdBy: author.id,
          createdAt: now,
        });
        const matchedGone = await matchPublication(db, dialect, gone);
        expect(matchedGone?.matches).toHaveLength(owners.length * 2);
        if (end === 'deleted') await db.deleteFrom('publications').where('id', '=', gone).execute();
        else await db.updateTable('publications').set({ status: 0 }).where('id', '=', gone).execute();
        expect(await saveMatches(db, matchedGone!)).toBe(0);
        const notices = await db
          .selectFrom('notifications')
          .select('id')
          .where('link', '=', `/publications/${gone}`)
          .execute();
        expect(notices).toEqual([]);
        const goneHits = await db
          .selectFrom('saved_search_hits')
          .select('search_id')
          .where('publication_id', '=', gone)
          .execute();
        expect(goneHits).toEqual([]);
      }

      // A publication stored unpublished queues nothing.
      await db.deleteFrom('jobs').execute();
      await storePublication(db, {
        title: 'Frascos de vidrio en revisión',
        status: 0,
        typed: 'barter',
        createdBy: author.id,
        createdAt: now,
      });
      expect(await queued(db)).toBe(0);
    } finally {
      await second.close();
      await quiet.dispose();
    }
  });
  it('saves a publication matching many searches in transactions of a few, a step of the queue between two', async () => {
    const quiet = await createTestDatabase();
    try {
      const { db, dialect } = quiet.database;
      const author = await actor(db, 'autora@example.com', 'Autora');
      const owner = await actor(db, 'dueno@example.com', 'Dueño');
      const other = await actor(db, 'otra@example.com', 'Otra');
      const batch = SAVE_BATCH[dialect];
      // SQLite holds the event loop and its one writer for a whole transaction: smaller ones there.
      expect(SAVE_BATCH.sqlite).toBeLessThan(SAVE_BATCH.postgres);
      const now = new Date().toISOString();
      // Oldest first: the owner's searches fill the first transaction; the other member's first search comes in
      // the second, between two more of the owner's.
      const searches = Array.from({ length: batch + 3 }, (_, index) =>
        savedSearchRow(owner.id, 'frascos', { name: `Frascos ${index}`, digest: 0 }),
      );
      searches.splice(
        batch + 1,
        0,
        savedSearchRow(other.id, 'frascos', { name: 'Frascos de ella', digest: 0 }),
        savedSearchRow(other.id, 'frascos', { name: 'Más frascos', digest: 0 }),
      );
      searches.forEach((search, index) => {
        search.created_at = new Date(Date.parse(now) - (searches.length - index) * 1000).toISOString();
      });
      await db.insertInto('saved_searches').values(searches).execute();
      const id = await storePublication(db, {
        title: 'Frascos para conservas',
        status: 1,
        typed: 'barter',
        createdBy: author.id,
        createdAt: now,
      });
      const matched = await matchPublication(db, dialect, id);
      expect(matched?.matches).toHaveLength(batch + 5);
      const savedAtEachStep: number[] = [];
      const notified = await saveMatches(db, matched!, async () => {
        const hits = await db
          .selectFrom('saved_search_hits')
          .select('search_id')
          .where('publication_id', '=', id)
          .execute();
        savedAtEachStep.push(hits.length);
      });
      // The queue's handler takes the step after the last (matchHandler): a stop there finishes the publication.
      expect(savedAtEachStep).toEqual([batch]);
      // One notification a member, whatever the number of their searches that matched, named by their oldest.
      expect(notified).toBe(2);
      const notifications = await db
        .selectFrom('notifications')
        .select(['user_id', 'message'])
        .where('dedupe_key', '=', `publication:${id}:saved-search`)
        .orderBy('user_id')
        .execute();
      expect(notifications.map(({ user_id, message }) => [user_id, message]).sort()).toEqual(
        [
          [owner.id, '«Frascos para conservas» coincide con tu búsqueda «Frascos 0».'],
          [other.id, '«Frascos para conservas» coincide con tu búsqueda «Frascos de ella».'],
        ].sort(),
      );
    } finally {
      await quiet.dispose();
    }
  });

  it('stopped in the middle of a claim, finishes the publications it saved and hands back the others', async () => {
    const quiet = await createTestDatabase();
    try {
      const { db, dialect } = quiet.database;
      const author = await actor(db, 'autor@example.com', 'Autor');
      const owner = await actor(db, 'duena@example.com', 'Dueña');
      await db.insertInto('saved_searches').values(savedSearchRow(owner.id, 'frascos')).execute();
      const now = new Date().toISOString();
      const ids: string[] = [];
      for (const title of ['Frascos de vidrio', 'Frascos con tapa', 'Frascos grandes']) {
        ids.push(
          await storePublication(db, {
            title,
            status: 1,
            typed: 'barter',
            createdBy: author.id,
            createdAt: now,
          }),
        );
      }
      const jobs = await claimJobs(db, dialect, { limit: 10, leaseMs: 60_000 });
      expect(jobs).toHaveLength(3);
      // The worker stops while the first publication is saved: the step after it throws.
      let steps = 0;
      const stoppingPace = async () => {
        steps += 1;
        if (steps === 2) throw new QueueStopping();
      };
      const failures = await matchHandler({ db, dialect })(jobs, stoppingPace);
      // The handler saves in the claim's order: the first job's publication is the one saved.
      const [first] = jobs;
      const savedId = first!.subject!.slice('publication:'.length);
      expect(ids).toContain(savedId);
      expect([...(failures ?? new Map()).keys()].sort()).toEqual(
        jobs
          .filter((job) => job !== first)
          .map((job) => job.id)
          .sort(),
      );
      for (const error of failures?.values() ?? []) expect(error).toBeInstanceOf(QueueStopping);
      const hits = await db.selectFrom('saved_search_hits').select('publication_id').execute();
      expect(hits.map((hit) => hit.publication_id)).toEqual([savedId]);
      const notices = await db
        .selectFrom('notifications')
        .select('link')
        .where('user_id', '=', owner.id)
        .execute();
      expect(notices.map((notice) => notice.link)).toEqual([`/publications/${savedId}`]);
    } finally {
      await quiet.dispose();
    }
  });
});
