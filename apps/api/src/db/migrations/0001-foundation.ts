import type { Kysely } from 'kysely';

// Users, sessions and publications with their images. Timestamps are ISO strings (text) and flags integers 0/1
// on both dialects; see db/schema.ts.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('email', 'text', (column) => column.notNull().unique())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('picture_url', 'text')
    .addColumn('phone', 'text')
    .addColumn('is_super_user', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('location_address', 'text')
    .addColumn('location_country', 'text')
    .addColumn('location_province', 'text')
    .addColumn('location_city', 'text')
    .addColumn('payment_details', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('publications')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('typed', 'text', (column) => column.notNull())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull())
    .addColumn('calendared_at', 'text')
    .addColumn('quantity', 'integer')
    .addColumn('price', 'double precision')
    .addColumn('discount_rate', 'integer')
    .addColumn('location_address', 'text')
    .addColumn('location_url', 'text')
    .addColumn('location_country', 'text')
    .addColumn('location_province', 'text')
    .addColumn('location_city', 'text')
    .addColumn('labels', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('status', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  // Explore lists published items of one category, newest first; the dashboard lists one author's items.
  await db.schema
    .createIndex('publications_status_typed_created_idx')
    .on('publications')
    .columns(['status', 'typed', 'created_at'])
    .execute();
  await db.schema
    .createIndex('publications_status_created_idx')
    .on('publications')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('publications_created_by_idx')
    .on('publications')
    .columns(['created_by', 'created_at'])
    .execute();

  await db.schema
    .createTable('publication_files')
    .addColumn('publication_id', 'text', (column) =>
      column.notNull().references('publications.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('url', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('publication_files_pk', ['publication_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('publication_files').execute();
  await db.schema.dropTable('publications').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
