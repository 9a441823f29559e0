import type { Kysely } from 'kysely';

// Community: ratings between members, notifications, and the members' choice about e-mails.
//
// Every user row keeps the count and the sum of the stars it received (`rating_count`, `rating_sum`), updated in
// the transaction that writes a rating: cards and lists show every author's average without reading the ratings.
// The distribution of one profile is grouped from `qualifications` through its (to_user_id, …) index.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('rating_count', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('rating_sum', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('email_notifications', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('qualifications')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('from_user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('to_user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (column) => column.notNull())
    .addColumn('comment', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    // One rating per pair: the second is an edit of the first.
    .addUniqueConstraint('qualifications_pair_unique', ['from_user_id', 'to_user_id'])
    .execute();
  await db.schema
    .createIndex('qualifications_to_created_id_idx')
    .on('qualifications')
    .columns(['to_user_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('from_user_id', 'text', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('link', 'text')
    // The same event notified twice (a retried request, an edit of a publication waiting for review) makes one.
    .addColumn('dedupe_key', 'text')
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addUniqueConstraint('notifications_user_dedupe_unique', ['user_id', 'dedupe_key'])
    .execute();
  await db.schema
    .createIndex('notifications_user_created_id_idx')
    .on('notifications')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('notifications_user_read_idx')
    .on('notifications')
    .columns(['user_id', 'read_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('qualifications').execute();
  for (const column of ['email_notifications', 'rating_sum', 'rating_count']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
