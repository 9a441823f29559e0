import type { Kysely } from 'kysely';

// Favorites (issue 26): a member saves a publication ("Guardar") to find it again. One row per member and
// publication; both foreign keys cascade, so deleting an account or a publication takes its favorites with it. The
// member's list reads newest saved first through (user_id, created_at); the author's count and the savers notified
// of a change of price or date read through (publication_id).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('favorites')
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('publication_id', 'text', (column) =>
      column.notNull().references('publications.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('favorites_pkey', ['user_id', 'publication_id'])
    .execute();
  await db.schema
    .createIndex('favorites_user_created_idx')
    .on('favorites')
    .columns(['user_id', 'created_at', 'publication_id'])
    .execute();
  await db.schema
    .createIndex('favorites_publication_idx')
    .on('favorites')
    .columns(['publication_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('favorites').execute();
}
