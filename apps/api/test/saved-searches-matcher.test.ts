import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchPublication, matchPublications } from '../src/modules/searches/matcher.ts';
import { actor, createActors, storePublication, type Actor, type Actors } from './helpers/publications.ts';
import { saveSearch } from './helpers/saved-searches.ts';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.ts';

// The matcher reads the candidates' distinct criteria, decides them in memory, then reads the searches of the criteria
// that matched (decision 041): every search of a matching criteria is found (several members, the same words written
// twice), none of the others, and the answer is the one explore's own list query gives per criteria.
describe('which saved searches a publication matches', () => {
  let subject: TestApp;
  let actors: Actors;
  let members: Actor[];
  let publicationId: string;
  const expected: string[] = [];
  const unexpected: string[] = [];

  async function save(member: Actor, body: Record<string, unknown>, matches: boolean): Promise<string> {
    const id = await saveSearch(subject.app, member, body);
    (matches ? expected : unexpected).push(id);
    return id;
  }

  beforeAll(async () => {
    subject = await createTestApp();
    const { db } = subject.database;
    actors = await createActors(db);
    members = await Promise.all(
      ['ana', 'beto', 'caro', 'dani', 'eli'].map((name) => actor(db, `${name}@example.com`, name)),
    );
    const [ana, beto, caro, dani, eli] = members as [Actor, Actor, Actor, Actor, Actor];
    publicationId = await storePublication(db, {
      typed: 'barter',
      title: 'Frascos de vidrio para conservas',
      description: 'Regalo frascos limpios, con tapa.',
      labels: ['Vidrios'],
      country: 'arg',
      province: 'cordoba',
      city: 'cba-city',
      createdBy: actors.author.id,
      createdAt: new Date().toISOString(),
    });

    const place = { country: 'arg', province: 'cordoba' };
    // The same criteria for two members, and again written otherwise.
    await save(ana, { term: 'frascos', ...place }, true);
    await save(beto, { term: 'frascos', ...place }, true);
    await save(caro, { term: 'Frascos', ...place }, true);
    await save(caro, { term: 'frasco' }, true);
    // Misspelled: explore's fallback corrects it.
    await save(dani, { term: 'frascso' }, true);
    // No words: the category, a material.
    await save(ana, { typed: 'barter' }, true);
    await save(beto, { labels: ['Vidrios'], ...place, city: 'cba-city' }, true);
    // Excluded in SQL: another province, another category, the author's own.
    await save(caro, { term: 'frascos', country: 'arg', province: 'mendoza' }, false);
    await save(dani, { typed: 'courses' }, false);
    await save(actors.author, { term: 'frascos' }, false);
    // Decided in memory: words or a material it does not have.
    await save(dani, { term: 'botellas' }, false);
    await save(ana, { term: 'frascos plástico' }, false);
    await save(beto, { labels: ['Papel/Cartón'] }, false);
    // A suspended member's, and one already matched.
    await save(eli, { term: 'frascos' }, false);
    await db.updateTable('users').set({ is_active: 0 }).where('id', '=', eli.id).execute();
    const matchedBefore = await save(beto, { term: 'conservas' }, false);
    await db
      .insertInto('saved_search_hits')
      .values({
        search_id: matchedBefore,
        publication_id: publicationId,
        user_id: beto.id,
        created_at: new Date().toISOString(),
        mailed_at: null,
      })
      .execute();
  });

  afterAll(async () => {
    await subject?.dispose();
  });

  it('finds every search of the criteria that match, and none other, as the list query does', async () => {
    const { db } = subject.database;
    const inMemory = await matchPublication(db, testDialect, publicationId);
    const byList = await matchPublication(db, testDialect, publicationId, { byListQuery: true });
    const ids = (matched: typeof inMemory) => (matched?.matches ?? []).map((match) => match.searchId).sort();
    expect(ids(inMemory)).toEqual([...expected].sort());
    expect(ids(byList)).toEqual([...expected].sort());
    const owners = new Map((inMemory?.matches ?? []).map((match) => [match.searchId, match.userId]));
    expect(owners.get(expected[0]!)).toBe(members[0]!.id);
    expect(owners.get(expected[1]!)).toBe(members[1]!.id);
    expect(unexpected.filter((id) => owners.has(id))).toEqual([]);
  });

  it("matches a claim's publications together as each alone, those of one category and place sharing candidates", async () => {
    const { db } = subject.database;
    const createdAt = new Date().toISOString();
    const samePlace = await storePublication(db, {
      typed: 'barter',
      title: 'Botellas de vidrio',
      description: 'Para conservas y frascos caseros.',
      country: 'arg',
      province: 'cordoba',
      city: 'cba-city',
      createdBy: actors.other.id,
      createdAt,
    });
    const elsewhere = await storePublication(db, {
      typed: 'barter',
      title: 'Frascos grandes',
      country: 'arg',
      province: 'mendoza',
      createdBy: actors.author.id,
      createdAt,
    });
    const ids = [publicationId, samePlace, elsewhere];
    const together = await matchPublications(db, testDialect, [...ids, 'no-such-publication']);
    expect([...together.keys()].sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const alone = await matchPublication(db, testDialect, id);
      expect(together.get(id)?.matches, id).toEqual(alone?.matches);
    }
    // The searches read on the reader's connections (SQLite's main thread keeps its own free) match the same.
    const pools: string[] = [];
    const stop = subject.database.observeQueries((pool) => void pools.push(pool));
    const throughReader = await matchPublications(db, testDialect, ids, { reads: subject.database.reader });
    stop();
    for (const id of ids) expect(throughReader.get(id)?.matches, id).toEqual(together.get(id)?.matches);
    expect(pools).toContain('reader');
    const searchIds = (id: string) => (together.get(id)?.matches ?? []).map((match) => match.searchId);
    expect(searchIds(publicationId).sort()).toEqual([...expected].sort());
    // The other author's publication matches the searches of the author, whose own are left out of theirs.
    const own = await db
      .selectFrom('saved_searches')
      .select('id')
      .where('user_id', '=', actors.author.id)
      .execute();
    expect(searchIds(samePlace)).toEqual(expect.arrayContaining(own.map((row) => row.id)));
    expect(searchIds(elsewhere)).not.toEqual(expect.arrayContaining(own.map((row) => row.id)));
    expect(searchIds(elsewhere).length).toBeGreaterThan(0);
  });

  it('matches nothing once the publication is unpublished', async () => {
    const { db } = subject.database;
    await db.updateTable('publications').set({ status: 0 }).where('id', '=', publicationId).execute();
    expect((await matchPublication(db, testDialect, publicationId))?.matches).toEqual([]);
    await db.updateTable('publications').set({ status: 1 }).where('id', '=', publicationId).execute();
  });
});
