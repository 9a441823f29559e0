import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.ts';

// The map's cells counted ahead (decision 042). For each zoom band 0–15 (cells of 90 / 2^band degrees, the grid of
// GET /api/publications/map at that zoom: 64-pixel cells), category and country, how many publications the public
// sees (published, author not suspended) have their public point in each cell, and the sums of their points in
// 1e-7 degrees (integers: adding and taking away is exact, the centroid is the sum over the count). A zoomed-out
// map reads a few hundred of these rows instead of grouping every point in view. Triggers keep them in the
// transaction of every write to a publication's status, category, country, point or author and of every suspension
// or reinstatement, as publication_counts (migration 0014), so the cells are exact on the next request on every
// process. A band's cell is exactly 2 × 2 cells of the next band (sizes are powers of two apart, and dividing by a
// power of two is exact in floating point), so a zoom's cells are sums of a finer band's.

/** The bands counted: a zoom's own band and, for the viewport's edges, the band three zooms finer (see map-cells.ts). */
const BANDS = 16;

const KEY = 'band, typed, country, cell_lat, cell_lng';
const UPSERT = `on conflict (${KEY}) do update set n = publication_map_cells.n + excluded.n,
  sum_lat = publication_map_cells.sum_lat + excluded.sum_lat,
  sum_lng = publication_map_cells.sum_lng + excluded.sum_lng`;
const UPDATED_COLUMNS = 'status, typed, location_country, public_lat, public_lng, created_by';

/** Whether the public sees publication `row` on a map: published, author not suspended, with a point. */
function visible(row: string): string {
  return `${row}.status = 1 and ${row}.public_lat is not null and ${row}.public_lng is not null
    and not exists (select 1 from users as author where author.id = ${row}.created_by and author.is_active = 0)`;
}

/** The point in 1e-7 degrees, as an integer (the same expression as the map's grouped query, map-cells.ts). */
function units(value: string, sqlite: boolean): string {
  return sqlite ? `cast(round(${value} * 10000000) as integer)` : `round(${value} * 10000000)::bigint`;
}

/** The key and sums of `row`'s point in every band (`b`), `delta` times. */
function cellsOf(row: string, delta: string, sqlite: boolean): string {
  const floor = (value: string) =>
    sqlite ? `cast(floor(${value} / b.size) as integer)` : `floor(${value} / b.size)::integer`;
  return `b.band, ${row}.typed, coalesce(${row}.location_country, ''), ${floor(`${row}.public_lat`)},
    ${floor(`${row}.public_lng`)}, ${delta}, ${delta} * ${units(`${row}.public_lat`, sqlite)},
    ${delta} * ${units(`${row}.public_lng`, sqlite)}`;
}

function add(row: string, delta: number, sqlite: boolean): string {
  return `insert into publication_map_cells (${KEY}, n, sum_lat, sum_lng)
    select ${cellsOf(row, String(delta), sqlite)} from map_cell_bands as b where true ${UPSERT}`;
}

/** An author suspended or reinstated takes their published points off the map's cells, or back. */
function authorDelta(sqlite: boolean): string {
  const sign = '(case when new.is_active = 0 then -1 else 1 end)';
  return `insert into publication_map_cells (${KEY}, n, sum_lat, sum_lng)
    select band, typed, country, cell_lat, cell_lng, ${sign} * count(*), ${sign} * sum(lat), ${sign} * sum(lng)
    from (select ${namedCellsOf('p', sqlite)} from publications as p cross join map_cell_bands as b
      where p.created_by = new.id and p.status = 1 and p.public_lat is not null and p.public_lng is not null) as c
    group by band, typed, country, cell_lat, cell_lng ${UPSERT}`;
}

/** The same columns named, for the grouped statements. */
function namedCellsOf(row: string, sqlite: boolean): string {
  const floor = (value: string) =>
    sqlite ? `cast(floor(${value} / b.size) as integer)` : `floor(${value} / b.size)::integer`;
  return `b.band as band, ${row}.typed as typed, coalesce(${row}.location_country, '') as country,
    ${floor(`${row}.public_lat`)} as cell_lat, ${floor(`${row}.public_lng`)} as cell_lng,
    ${units(`${row}.public_lat`, sqlite)} as lat, ${units(`${row}.public_lng`, sqlite)} as lng`;
}

/** Whether an update changed anything the cells depend on (the others are not worth 32 upserts). */
const CHANGED = UPDATED_COLUMNS.split(', ')
  .map((column) => `old.${column} is distinct from new.${column}`)
  .join(' or ');

async function run(db: Kysely<unknown>, statement: string): Promise<void> {
  await sql.raw(statement).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = dialectOf(db) === 'sqlite';
  await db.schema
    .createTable('map_cell_bands')
    .addColumn('band', 'integer', (column) => column.primaryKey())
    .addColumn('size', sql`double precision`, (column) => column.notNull())
    .execute();
  // 360 / 2^band / 4 degrees, computed as the map computes its cell (the same double, so the same floor()).
  await db
    .insertInto('map_cell_bands' as never)
    .values(Array.from({ length: BANDS }, (_, band) => ({ band, size: 360 / 2 ** band / 4 })) as never)
    .execute();
  await db.schema
    .createTable('publication_map_cells')
    .addColumn('band', 'integer', (column) => column.notNull())
    .addColumn('cell_lat', 'integer', (column) => column.notNull())
    .addColumn('cell_lng', 'integer', (column) => column.notNull())
    .addColumn('typed', 'text', (column) => column.notNull())
    .addColumn('country', 'text', (column) => column.notNull())
    .addColumn('n', 'bigint', (column) => column.notNull())
    .addColumn('sum_lat', 'bigint', (column) => column.notNull())
    .addColumn('sum_lng', 'bigint', (column) => column.notNull())
    // A viewport reads one band's rows by a range of rows of cells, then of columns.
    .addPrimaryKeyConstraint('publication_map_cells_pk', ['band', 'cell_lat', 'cell_lng', 'typed', 'country'])
    .execute();

  const changed = sqlite ? CHANGED.replaceAll(' is distinct from ', ' is not ') : CHANGED;
  if (sqlite) {
    await run(
      db,
      `create trigger publications_map_cells_insert after insert on publications when ${visible('new')}
      begin ${add('new', 1, true)}; end`,
    );
    await run(
      db,
      `create trigger publications_map_cells_update_old after update of ${UPDATED_COLUMNS} on publications
      when (${changed}) and ${visible('old')} begin ${add('old', -1, true)}; end`,
    );
    await run(
      db,
      `create trigger publications_map_cells_update_new after update of ${UPDATED_COLUMNS} on publications
      when (${changed}) and ${visible('new')} begin ${add('new', 1, true)}; end`,
    );
    await run(
      db,
      `create trigger publications_map_cells_delete after delete on publications when ${visible('old')}
      begin ${add('old', -1, true)}; end`,
    );
    await run(
      db,
      `create trigger users_map_cells after update of is_active on users
      when (old.is_active = 0) is not (new.is_active = 0)
      begin ${authorDelta(true)}; end`,
    );
  } else {
    await run(
      db,
      `create or replace function eco_map_cells() returns trigger language plpgsql as $body$
      begin
        if tg_op = 'UPDATE' and not (${changed}) then
          return null;
        end if;
        if tg_op <> 'INSERT' and (${visible('old')}) then
          ${add('old', -1, false)};
        end if;
        if tg_op <> 'DELETE' and (${visible('new')}) then
          ${add('new', 1, false)};
        end if;
        return null;
      end
    $body$`,
    );
    await run(
      db,
      `create trigger publications_map_cells
      after update of ${UPDATED_COLUMNS} or delete on publications
      for each row execute function eco_map_cells()`,
    );
    // Inserts once per statement over its rows (a transition table), grouped: a bulk insert of a thousand rows is
    // one upsert of their cells, not sixteen thousand (the bench's fill; one row from the API is the same).
    await run(
      db,
      `create or replace function eco_map_cells_inserted() returns trigger language plpgsql as $body$
      begin
        insert into publication_map_cells (${KEY}, n, sum_lat, sum_lng)
          select band, typed, country, cell_lat, cell_lng, count(*), sum(lat), sum(lng)
          from (select ${namedCellsOf('p', false)} from inserted as p cross join map_cell_bands as b
            where ${visible('p')}) as c
          group by band, typed, country, cell_lat, cell_lng ${UPSERT};
        return null;
      end
    $body$`,
    );
    await run(
      db,
      `create trigger publications_map_cells_inserted after insert on publications
      referencing new table as inserted for each statement execute function eco_map_cells_inserted()`,
    );
    await run(
      db,
      `create or replace function eco_map_cells_author() returns trigger language plpgsql as $body$
      begin
        ${authorDelta(false)};
        return null;
      end
    $body$`,
    );
    await run(
      db,
      `create trigger users_map_cells after update of is_active on users
      for each row when ((old.is_active = 0) is distinct from (new.is_active = 0))
      execute function eco_map_cells_author()`,
    );
  }

  // The publications that existed before this migration.
  await run(
    db,
    `insert into publication_map_cells (${KEY}, n, sum_lat, sum_lng)
    select band, typed, country, cell_lat, cell_lng, count(*), sum(lat), sum(lng)
    from (select ${namedCellsOf('p', sqlite)} from publications as p cross join map_cell_bands as b
      where ${visible('p')}) as c
    group by band, typed, country, cell_lat, cell_lng`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    for (const name of ['insert', 'update_old', 'update_new', 'delete']) {
      await sql`drop trigger if exists ${sql.id(`publications_map_cells_${name}`)}`.execute(db);
    }
    await sql`drop trigger if exists users_map_cells`.execute(db);
  } else {
    await sql`drop trigger if exists publications_map_cells on publications`.execute(db);
    await sql`drop trigger if exists publications_map_cells_inserted on publications`.execute(db);
    await sql`drop function if exists eco_map_cells_inserted()`.execute(db);
    await sql`drop trigger if exists users_map_cells on users`.execute(db);
    await sql`drop function if exists eco_map_cells()`.execute(db);
    await sql`drop function if exists eco_map_cells_author()`.execute(db);
  }
  await db.schema.dropTable('publication_map_cells').execute();
  await db.schema.dropTable('map_cell_bands').execute();
}
