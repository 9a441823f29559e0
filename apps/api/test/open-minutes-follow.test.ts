import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpeningHours } from '@eco/domain';
import type { DB } from '../src/db/schema.ts';
import {
  openingRangeRows,
  openMinutesOf,
  writeOpeningRanges,
} from '../src/modules/publications/place-columns.ts';
import {
  createActors,
  createPublication,
  uploadImage,
  validForm,
  type Actors,
} from './helpers/publications.ts';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.ts';

// PostgreSQL's open=now reads `open_minutes` (migration 0044). A process still running the code from before 0044 (a
// rolling deploy) writes the stretches but not the column; migration 0045's deferred trigger makes the column follow
// the stretches at commit, and writes nothing when the writer already wrote it.

// Wednesday 11 December 2030 (Argentina, UTC−3).
const at = (time: string) => new Date(`2030-12-11T${time}:00-03:00`);
const WEDNESDAY = 3;
const wednesday = (opens: string, closes: string): OpeningHours => [{ day: WEDNESDAY, opens, closes }];

describe.runIf(testDialect === 'postgres')('open minutes follow the stretches (migration 0045)', () => {
  let subject: TestApp;
  let db: DB;
  let actors: Actors;

  beforeAll(async () => {
    subject = await createTestApp();
    db = subject.database.db;
    actors = await createActors(db);
  });

  afterAll(async () => {
    await subject.dispose();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  /** A published recycling point in its own box (so that no answer of another test is kept for it); its id. */
  async function point(title: string, lng: number, hours: OpeningHours | null): Promise<string> {
    const image = (await uploadImage(subject.app, actors.superUser)).url;
    const created = await createPublication(subject.app, actors.superUser, {
      ...validForm('dots', [image], { title }),
      locationLat: -27.4,
      locationLng: lng,
      ...(hours === null ? {} : { openingHours: hours }),
    });
    return created._id;
  }

  /** Writes the point's hours the way the code before 0044 did: the JSON and the stretches, not `open_minutes`. */
  async function writeAsBefore0044(id: string, hours: OpeningHours | null): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('publications')
        .set({ opening_hours: hours === null ? null : JSON.stringify(hours) })
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('publication_opening_ranges').where('publication_id', '=', id).execute();
      const rows = openingRangeRows(id, hours);
      if (rows.length > 0) await trx.insertInto('publication_opening_ranges').values(rows).execute();
    });
  }

  /** What this code writes in `open_minutes` for these hours, as PostgreSQL keeps it. */
  async function canonical(hours: OpeningHours | null): Promise<string | null> {
    const { rows } = await sql<{ minutes: string | null }>`
      select ${openMinutesOf(hours)}::int4multirange::text as minutes`.execute(db);
    return rows[0]?.minutes ?? null;
  }

  const stored = async (id: string) =>
    (
      await db
        .selectFrom('publications')
        .select('open_minutes')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).open_minutes;

  /** The titles open=now lists around the point's longitude at `time` on the Wednesday. */
  async function openTitles(lng: number, time: string): Promise<string[]> {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at(time));
    const bbox = `${lng - 0.01},-27.41,${lng + 0.01},-27.39`;
    const response = await subject.app.inject({ url: `/api/publications?bbox=${bbox}&typed=dots&open=now` });
    vi.useRealTimers();
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ publications: { title: string }[] }>().publications.map((item) => item.title);
  }

  it('fills, moves and clears the column of a point whose stretches an older process wrote', async () => {
    // Written with no hours by this code; an older process then gives it hours.
    const id = await point('Punto sin horario', -55.5, null);
    expect(await stored(id)).toBeNull();
    await writeAsBefore0044(id, wednesday('09:00', '10:00'));
    expect(await stored(id)).toBe(await canonical(wednesday('09:00', '10:00')));
    expect(await openTitles(-55.5, '09:30')).toEqual(['Punto sin horario']);

    // It moves the hours: the column follows, with a stretch past Saturday midnight too.
    const moved: OpeningHours = [...wednesday('14:00', '15:00'), { day: 6, opens: '22:00', closes: '24:00' }];
    await writeAsBefore0044(id, moved);
    expect(await stored(id)).toBe(await canonical(moved));
    expect(await openTitles(-55.5, '14:30')).toEqual(['Punto sin horario']);

    // It removes them.
    await writeAsBefore0044(id, null);
    expect(await stored(id)).toBeNull();
  });

  it('writes nothing more when the writer wrote the column, as this code does', async () => {
    const id = await point('Punto al día', -55.6, wednesday('09:00', '10:00'));
    expect(await stored(id)).toBe(await canonical(wednesday('09:00', '10:00')));
    /** Writes the hours as this code or the older one does; whether the trigger then wrote anything. */
    const rewritten = (hours: OpeningHours, withColumn: boolean) =>
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('publications')
          .set({
            opening_hours: JSON.stringify(hours),
            ...(withColumn ? { open_minutes: openMinutesOf(hours) } : {}),
          })
          .where('id', '=', id)
          .execute();
        await writeOpeningRanges(trx, id, JSON.stringify(hours));
        // The row's place, and what the statement triggers of `publications` keep (the lists' versions and change
        // log): an update, even of no row, would move them.
        const state = async () =>
          JSON.stringify([
            (await sql`select ctid::text from publications where id = ${id}`.execute(trx)).rows,
            (await sql`select * from list_versions order by 1`.execute(trx)).rows,
            (await sql`select count(*) from list_changes`.execute(trx)).rows,
          ]);
        const before = await state();
        // The deferred triggers run now rather than at commit, so that the row can be read after them.
        await sql`set constraints all immediate`.execute(trx);
        return (await state()) !== before;
      });
    expect(await rewritten(wednesday('11:00', '12:00'), true)).toBe(false);
    expect(await stored(id)).toBe(await canonical(wednesday('11:00', '12:00')));
    // The same write without the column: the trigger writes it (what the check above would have seen).
    expect(await rewritten(wednesday('16:00', '17:00'), false)).toBe(true);
    expect(await stored(id)).toBe(await canonical(wednesday('16:00', '17:00')));
  });
});
