import type { Kysely } from 'kysely';

// Web Push (issue 26, decision 038). `push_subscriptions`: one row per device a member turned push on (the
// browser's endpoint is unique: the same device subscribing again replaces its kinds); the kinds it receives as
// `,ratings,sales,`. `push_deliveries`: the durable queue between a notification's transaction and the push service,
// written with the notification and emptied off the request path by every server process (one claims a row by
// deleting it). `push_keys`: the VAPID key pair generated once when the configuration has none, so that every process
// on one database signs with the same key.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('endpoint', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('p256dh', 'text', (column) => column.notNull())
    .addColumn('auth', 'text', (column) => column.notNull())
    .addColumn('kinds', 'text', (column) => column.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user_idx')
    .on('push_subscriptions')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('push_deliveries')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('link', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('push_deliveries_created_idx')
    .on('push_deliveries')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createTable('push_keys')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('public_key', 'text', (column) => column.notNull())
    .addColumn('private_key', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_keys').execute();
  await db.schema.dropTable('push_deliveries').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
