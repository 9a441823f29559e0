import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filtersOf, type ListCriteria } from '../src/modules/publications/list-repository.ts';
import { explainPlan, planScans } from './helpers/postgres-plans.ts';
import { createActors, storePublication } from './helpers/publications.ts';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.ts';

// Every public list leaves out suspended members' publications. PostgreSQL learns who they are from their partial
// index (migration 0037) instead of reading every member: with thousands of members, a whole read of users was most
// of a list page's cost. Here the planner chooses freely, on statistics of 4,000 members.

const CRITERIA: ListCriteria = { status: 'published', words: [], offset: 120, limit: 6 };

describe.runIf(testDialect === 'postgres')('suspended authors on PostgreSQL', () => {
  let subject: TestApp;

  beforeAll(async () => {
    subject = await createTestApp();
    const { db } = subject.database;
    const actors = await createActors(db);
    await sql`insert into users (id, email, name, password_hash, is_active, created_at, updated_at)
      select 'member-' || n, 'member' || n || '@example.com', 'Miembro ' || n, 'x', case when n = 1 then 0 else 1 end,
        '2030-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z'
      from generate_series(1, 4000) as n`.execute(db);
    for (let index = 0; index < 30; index++) {
      await storePublication(db, {
        title: `Frascos ${index}`,
        createdBy: actors.author.id,
        createdAt: '2030-11-01T10:00:00.000Z',
      });
    }
    await sql`analyze users`.execute(db);
    await sql`analyze publications`.execute(db);
  });

  afterAll(async () => {
    await subject.dispose();
  });

  function planOf(query: { compile: () => { sql: string; parameters: readonly unknown[] } }) {
    return explainPlan(subject.database.db, query.compile());
  }

  it.each([
    ['looked up per row', false],
    ['read as a set', true],
  ] as const)('reads the suspended members from their index, %s (migration 0037)', async (_name, asSet) => {
    const { db } = subject.database;
    const page = db
      .selectFrom('publications as p')
      .where(filtersOf(CRITERIA, false, asSet, 'postgres'))
      .select('p.id')
      .orderBy(sql`p.seq desc`)
      .limit(CRITERIA.limit)
      .offset(CRITERIA.offset);
    const count = db
      .selectFrom('publications as p')
      .where(filtersOf(CRITERIA, false, asSet, 'postgres'))
      .select((eb) => eb.fn.countAll().as('count'));
    for (const query of [page, count]) {
      const plan = await planOf(query);
      const users = planScans(plan).filter(
        (node) => node['Relation Name'] === 'users' || node['Index Name']?.startsWith('users'),
      );
      expect(
        users.map((node) => node['Index Name']),
        JSON.stringify(plan),
      ).toEqual(users.map(() => 'users_suspended_idx'));
      expect(users.length).toBeGreaterThan(0);
    }
  });

  it('still leaves out a suspended member’s publications', async () => {
    const { db } = subject.database;
    await storePublication(db, {
      title: 'De una suspendida',
      createdBy: 'member-1',
      createdAt: '2030-11-02T10:00:00.000Z',
    });
    const listed = await db
      .selectFrom('publications as p')
      .where(filtersOf({ ...CRITERIA, offset: 0, limit: 100 }, false, false, 'postgres'))
      .select('p.title')
      .execute();
    expect(listed.map((row) => row.title)).not.toContain('De una suspendida');
    expect(listed).toHaveLength(30);
  });
});
