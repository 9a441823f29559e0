import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.ts';

// The number of publications a list without a text search shows (its `total`), read from a small table instead of
// counted over the matching publications: `publication_counts` holds, for each category × country × province × city
// × set of material labels, how many publications the public sees (published, author not suspended). Triggers keep
// it in the transaction of every write to publications and of every suspension or reinstatement of an author, so
// a total is exact on the very next request on every process. A list's total is the sum over the matching groups:
// a few hundred rows at most, whatever the number of publications (decision 010).

/** The catalog's material labels when this migration was written; a label added later needs a migration. */
const MATERIAL_LABELS = [
  'Papel/Cartón',
  'Telas/Trapos',
  'Aluminio/Hojalata',
  'Telgopor',
  'Vidrios',
  'Plásticos',
  'Tetrabrik',
  'Otros',
] as const;

const GROUP = 'typed, location_country, location_province, location_city, label_mask';
const UPDATED_COLUMNS =
  'status, typed, location_country, location_province, location_city, labels, created_by';
const UPSERT = `on conflict (${GROUP}) do update set n = publication_counts.n + excluded.n`;

/** Whether the public sees publication `row` (the list's own filter: published, author not suspended). */
function visible(row: string): string {
  return `${row}.status = 1 and not exists (select 1 from users as author where author.id = ${row}.created_by and author.is_active = 0)`;
}

/** The bits of the material labels of publication `row`, a JSON array of names. */
function maskOf(row: string, sqlite: boolean): string {
  return sqlite
    ? `(select coalesce(sum(distinct bits.bit), 0) from json_each(case when json_valid(${row}.labels) then ${row}.labels else '[]' end) as item join material_label_bits as bits on bits.name = item.value)`
    : `eco_label_mask(${row}.labels)`;
}

/** The group of publication `row` (no place is '', so that the key has no nulls). */
function groupOf(row: string, sqlite: boolean): string {
  return `${row}.typed, coalesce(${row}.location_country, ''), coalesce(${row}.location_province, ''), coalesce(${row}.location_city, ''), ${maskOf(row, sqlite)}`;
}

function add(row: string, delta: number, sqlite: boolean): string {
  return `insert into publication_counts (${GROUP}, n) values (${groupOf(row, sqlite)}, ${delta}) ${UPSERT}`;
}

/** An author suspended (is_active 0) or reinstated takes their published publications out of the counts, or back. */
function authorDelta(sqlite: boolean): string {
  return `insert into publication_counts (${GROUP}, n)
    select ${groupOf('p', sqlite)}, (case when new.is_active = 0 then -1 else 1 end) * count(*)
    from publications as p where p.created_by = new.id and p.status = 1
    group by 1, 2, 3, 4, 5 ${UPSERT}`;
}

async function run(db: Kysely<unknown>, statement: string): Promise<void> {
  await sql.raw(statement).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = dialectOf(db) === 'sqlite';
  await db.schema
    .createTable('material_label_bits')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('bit', 'integer', (column) => column.notNull())
    .execute();
  await db
    .insertInto('material_label_bits' as never)
    .values(MATERIAL_LABELS.map((name, index) => ({ name, bit: 2 ** index })) as never)
    .execute();
  await db.schema
    .createTable('publication_counts')
    .addColumn('typed', 'text', (column) => column.notNull())
    .addColumn('location_country', 'text', (column) => column.notNull())
    .addColumn('location_province', 'text', (column) => column.notNull())
    .addColumn('location_city', 'text', (column) => column.notNull())
    .addColumn('label_mask', 'integer', (column) => column.notNull())
    .addColumn('n', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('publication_counts_pk', [
      'typed',
      'location_country',
      'location_province',
      'location_city',
      'label_mask',
    ])
    .execute();

  if (sqlite) {
    await run(
      db,
      `create trigger publications_counts_insert after insert on publications when ${visible('new')}
      begin ${add('new', 1, true)}; end`,
    );
    await run(
      db,
      `create trigger publications_counts_update_old after update of ${UPDATED_COLUMNS} on publications
      when ${visible('old')} begin ${add('old', -1, true)}; end`,
    );
    await run(
      db,
      `create trigger publications_counts_update_new after update of ${UPDATED_COLUMNS} on publications
      when ${visible('new')} begin ${add('new', 1, true)}; end`,
    );
    await run(
      db,
      `create trigger publications_counts_delete after delete on publications when ${visible('old')}
      begin ${add('old', -1, true)}; end`,
    );
    await run(
      db,
      `create trigger users_counts after update of is_active on users
      when (old.is_active = 0) is not (new.is_active = 0)
      begin ${authorDelta(true)}; end`,
    );
  } else {
    await run(
      db,
      `create or replace function eco_label_mask(labels text) returns integer language plpgsql stable as $body$
      begin
        return coalesce((select sum(distinct bits.bit) from jsonb_array_elements_text(labels::jsonb) as item(name)
          join material_label_bits as bits on bits.name = item.name), 0);
      exception when others then
        return 0;
      end
    $body$`,
    );
    await run(
      db,
      `create or replace function eco_count_publications() returns trigger language plpgsql as $body$
      begin
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
      `create trigger publications_counts
      after insert or update of ${UPDATED_COLUMNS} or delete on publications
      for each row execute function eco_count_publications()`,
    );
    await run(
      db,
      `create or replace function eco_count_author_publications() returns trigger language plpgsql as $body$
      begin
        ${authorDelta(false)};
        return null;
      end
    $body$`,
    );
    await run(
      db,
      `create trigger users_counts after update of is_active on users
      for each row when ((old.is_active = 0) is distinct from (new.is_active = 0))
      execute function eco_count_author_publications()`,
    );
  }

  // The publications that existed before this migration.
  await run(
    db,
    `insert into publication_counts (${GROUP}, n)
    select ${groupOf('p', sqlite)}, count(*) from publications as p where ${visible('p')}
    group by 1, 2, 3, 4, 5`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    for (const name of ['insert', 'update_old', 'update_new', 'delete']) {
      await sql`drop trigger if exists ${sql.id(`publications_counts_${name}`)}`.execute(db);
    }
    await sql`drop trigger if exists users_counts`.execute(db);
  } else {
    await sql`drop trigger if exists publications_counts on publications`.execute(db);
    await sql`drop trigger if exists users_counts on users`.execute(db);
    await sql`drop function if exists eco_count_publications()`.execute(db);
    await sql`drop function if exists eco_count_author_publications()`.execute(db);
    await sql`drop function if exists eco_label_mask(text)`.execute(db);
  }
  await db.schema.dropTable('publication_counts').execute();
  await db.schema.dropTable('material_label_bits').execute();
}
