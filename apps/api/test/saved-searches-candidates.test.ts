import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema.ts';
import { candidatesOfPlace, type Candidates } from '../src/modules/searches/candidates.ts';
import { actor, createActors, type Actor, type Actors } from './helpers/publications.ts';
import { saveSearch } from './helpers/saved-searches.ts';
import {
  createOtherInstance,
  createTestApp,
  testDialect,
  type OtherInstance,
  type TestApp,
} from './helpers/test-app.ts';

// A place's candidate searches are kept at the saved searches' version (migration 0046, decision 065): read once
// while nothing changes, and read again, on every process, after each change that can alter them: a search saved,
// edited or deleted, a member suspended or reinstated.
describe("a place's candidate searches, kept while the saved searches stay as they are", () => {
  let subject: TestApp;
  let other: OtherInstance;
  let actors: Actors;
  let ana: Actor;
  let beto: Actor;
  const place = {
    typed: 'barter',
    location_country: 'arg',
    location_province: 'cordoba',
    location_city: 'cba-city',
  };
  const idsOf = (candidates: Candidates) => candidates.flatMap((entry) => entry.ids.split(',')).sort();

  const save = (member: Actor, body: Record<string, unknown>) => saveSearch(subject.app, member, body);

  /** The candidates as the first process and the other one each keep them. */
  async function bothProcesses(): Promise<string[][]> {
    const processes: [DB, DB][] = [
      [subject.database.db, subject.database.reader],
      [other.database.db, other.database.reader],
    ];
    return Promise.all(
      processes.map(async ([db, reads]) => idsOf(await candidatesOfPlace(db, reads, testDialect, place))),
    );
  }

  beforeAll(async () => {
    subject = await createTestApp();
    other = await createOtherInstance(subject);
    const { db } = subject.database;
    actors = await createActors(db);
    ana = await actor(db, 'ana@example.com', 'Ana');
    beto = await actor(db, 'beto@example.com', 'Beto');
  });

  afterAll(async () => {
    await other?.close();
    await subject?.dispose();
  });

  it('reads them once while nothing changes, and again on every process after each change', async () => {
    const { db, reader } = subject.database;
    const frascos = await save(ana, { term: 'frascos', country: 'arg' });
    // Another province's search is never a candidate here.
    await save(ana, { term: 'papel', country: 'arg', province: 'mendoza' });
    const first = await candidatesOfPlace(db, reader, testDialect, place);
    expect(idsOf(first)).toEqual([frascos]);

    const pools: string[] = [];
    const stop = subject.database.observeQueries((pool) => void pools.push(pool));
    const again = await candidatesOfPlace(db, reader, testDialect, place);
    stop();
    expect(again).toBe(first);
    // At most the version's read (PostgreSQL: through Kysely; SQLite reads it on the connection itself).
    expect(pools.filter((pool) => pool !== 'main')).toEqual([]);
    expect(pools.length).toBeLessThanOrEqual(1);
    expect(await bothProcesses()).toEqual([[frascos], [frascos]]);

    // Saved through the first process: both read it.
    const botellas = await save(beto, { term: 'botellas' });
    const both = [botellas, frascos].sort();
    expect(await bothProcesses()).toEqual([both, both]);

    // Its alert turned off, then on again.
    const alert = async (on: boolean) => {
      const response = await subject.app.inject({
        method: 'PUT',
        url: `/api/search/${botellas}`,
        headers: beto.headers,
        payload: { alert: on },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await alert(false);
    expect(await bothProcesses()).toEqual([[frascos], [frascos]]);
    await alert(true);
    expect(await bothProcesses()).toEqual([both, both]);

    // Its owner suspended by the desk, then reinstated.
    const desk = async (action: 'suspend' | 'reinstate') => {
      const response = await subject.app.inject({
        method: 'POST',
        url: `/api/moderation/users/${beto.id}/${action}`,
        headers: actors.superUser.headers,
        payload: { reason: 'Publicaciones engañosas' },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await desk('suspend');
    expect(await bothProcesses()).toEqual([[frascos], [frascos]]);
    await desk('reinstate');
    expect(await bothProcesses()).toEqual([both, both]);

    // Deleted by its owner.
    const deleted = await subject.app.inject({
      method: 'DELETE',
      url: `/api/search/${frascos}`,
      headers: ana.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await bothProcesses()).toEqual([[botellas], [botellas]]);
  });
});
