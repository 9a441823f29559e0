import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agendaStretchProbes } from '../src/modules/publications/agenda-stretch.ts';
import { byStart } from '../src/modules/publications/date-criteria.ts';
import { armCounts, soonestArm, type ListCriteria } from '../src/modules/publications/list-repository.ts';
import { sqlitePlan } from './helpers/sqlite-plans.ts';
import { agendaListCriteria } from './helpers/agenda-criteria.ts';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.ts';

// SQLite's choice for the agenda's arms on the statistics a large site really has: the server's connections run
// `pragma optimize` with `analysis_limit = 1000`, and such a sample makes every leading column of an index look like a
// thousand rows. These are the statistics it wrote for 1,000,000 publications (258,778 of them dated). On them the
// lasting arm was read from the start index (every event begun before it: 15 ms a page instead of 2) and the count of
// a province's events to come from the start index too (every one of both countries: 43 ms instead of 6), until the
// start's bounds were kept off the indexes in those arms (decision 069). The probes of a category's stretch of minutes
// (decision 070) are held to their seeks on them too.

const SAMPLED: readonly (readonly [string, string])[] = [
  ['publications_agenda_end_idx', '258778 1001 1001 9 1 1 1 1 1 1 1 1'],
  ['publications_agenda_lasting_idx', '559 280 140 35 1 1 1 1 1 1 1 1'],
  ['publications_agenda_place_idx', '258778 1001 1001 1001 667 87 2 1 1 1 1 1'],
  ['publications_agenda_start_idx', '258778 1001 1001 51 1 1 1 1 1 1 1 1'],
  ['publications_author_created_id_idx', '1000000 1001 1 1'],
  ['publications_status_created_id_idx', '1000000 1001 1 1'],
  ['publications_status_province_created_id_idx', '1000000 1001 1001 1 1'],
  ['publications_status_typed_calendared_idx', '1000000 1001 1001 1001 1'],
  ['publications_status_typed_created_id_idx', '1000000 1001 1001 1 1'],
  ['sqlite_autoindex_publications_1', '1000000 1'],
];

/** Monday 7 December 2026, 21:18 UTC: when the bench's list asked it. */
const NOW = new Date('2026-12-07T21:18:00Z');

const listCriteria = (query: Parameters<typeof agendaListCriteria>[0]) =>
  agendaListCriteria(query, NOW, { limit: 6 });

describe.runIf(testDialect === 'sqlite')("the agenda's arms on statistics sampled from a large site", () => {
  let subject: TestApp;

  beforeAll(async () => {
    subject = await createTestApp();
    const { db } = subject.database;
    await sql`analyze`.execute(db);
    await sql`delete from sqlite_stat1 where tbl = 'publications'`.execute(db);
    for (const [index, stat] of SAMPLED) {
      await sql`insert into sqlite_stat1 (tbl, idx, stat) values ('publications', ${index}, ${stat})`.execute(
        db,
      );
    }
    // The planner reads the statistics again when the schema is loaded again.
    await sql`analyze sqlite_schema`.execute(db);
  });

  afterAll(async () => {
    await subject.dispose();
  });

  const planOf = (query: Parameters<typeof sqlitePlan>[1]) => sqlitePlan(subject.database.db, query);

  it.each([
    ['events to come', { typed: 'events' }],
    ["a province's courses to come", { typed: 'courses', country: 'arg', province: 'tucuman' }],
  ] as const)('pages the lasting arm of %s from its own index', async (_name, query) => {
    const [lasting] = byStart(listCriteria(query)) ?? [];
    const plan = await planOf(soonestArm(subject.database.db, 'sqlite', lasting as ListCriteria, 6));
    expect(plan).toMatch(/COVERING INDEX publications_agenda_lasting_idx/);
    expect(plan).not.toMatch(/publications_agenda_start_idx/);
  });

  it("counts a province's events from the lasting, start and place indexes, each arm its own", async () => {
    const arms = byStart(listCriteria({ typed: 'events', country: 'arg', province: 'tucuman' })) ?? [];
    const plans = await Promise.all(armCounts(subject.database.db, 'sqlite', arms).map(planOf));
    expect(plans[0]).toMatch(/COVERING INDEX publications_agenda_lasting_idx/);
    // Two days of starts: the start index's short range.
    expect(plans[1]).toMatch(/COVERING INDEX publications_agenda_start_idx/);
    expect(plans[2]).toMatch(/COVERING INDEX publications_agenda_place_idx/);
  });

  it.each([
    ['a whole country (every province)', { country: 'arg' }],
    // The place index narrows from its country and province on: a city named alone would not narrow it.
    ['a city named without its country and province', { city: 'jesus-maria' }],
  ] as const)('keeps the start index and its range for what is still to come in %s', async (_name, place) => {
    const arms = byStart(listCriteria({ typed: 'events', ...place })) ?? [];
    const count = armCounts(subject.database.db, 'sqlite', arms)[2];
    expect(await planOf(count as NonNullable<typeof count>)).toMatch(
      /COVERING INDEX publications_agenda_start_idx/,
    );
    // The start's bound stays where the index reads it: the plan's words show a range either way (`is not null` too).
    expect(count?.compile().sql).not.toContain('+"p"."calendared_at"');
  });

  it("reads a category's stretch of minutes in four seeks, none a scan or a sort", async () => {
    const { db } = subject.database;
    const plan = await planOf({ compile: () => agendaStretchProbes('events', NOW).compile(db) });
    const seeks = plan.split('\n').filter((line) => line.startsWith('SEARCH p USING COVERING INDEX'));
    expect(seeks, plan).toHaveLength(4);
    // Each a range of an index that begins with the category and the status, in its order: one entry read.
    for (const seek of seeks)
      expect(seek).toMatch(/\((status=\? AND typed=\?|typed=\? AND status=\?) AND .*[<>]\?\)$/);
    expect(plan).not.toMatch(/SCAN p|TEMP B-TREE/);
  });
});
