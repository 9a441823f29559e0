import type { Kysely } from 'kysely';

// The optional address search (issue 24, decision 050). `geocoder_pace`: one row, the earliest moment the next
// request may leave for the geocoder (epoch milliseconds), so that every server process on the database keeps the
// service's pace together. `geocoded_addresses`: its answers for a while, keyed by a hash of the query (the policy
// of the public instance asks for a cache; nobody's typed address is kept in the clear).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('geocoder_pace')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('next_at', 'double precision', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('geocoded_addresses')
    .addColumn('query_hash', 'text', (column) => column.primaryKey())
    .addColumn('places', 'text', (column) => column.notNull())
    .addColumn('stored_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('geocoded_addresses_stored_idx')
    .on('geocoded_addresses')
    .column('stored_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('geocoded_addresses').execute();
  await db.schema.dropTable('geocoder_pace').execute();
}
