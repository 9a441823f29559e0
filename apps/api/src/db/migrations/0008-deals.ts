import type { Kysely } from 'kysely';

// Deals: sellers' Mercado Pago accounts (tokens encrypted), the pending OAuth authorizations, orders with their
// status history, and the contacts sent through the WhatsApp cart.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('seller_authorizations')
    .addColumn('state_hash', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_verifier', 'text', (column) => column.notNull())
    .addColumn('redirect_uri', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('seller_authorizations_expires_at_idx')
    .on('seller_authorizations')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('seller_accounts')
    .addColumn('user_id', 'text', (column) => column.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('marketplace_user_id', 'text', (column) => column.notNull())
    .addColumn('nickname', 'text')
    .addColumn('access_token', 'text', (column) => column.notNull())
    .addColumn('refresh_token', 'text', (column) => column.notNull())
    .addColumn('token_expires_at', 'text', (column) => column.notNull())
    .addColumn('connected_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  // One Mercado Pago account belongs to one member: its webhooks name it by this id.
  await db.schema
    .createIndex('seller_accounts_marketplace_user_idx')
    .unique()
    .on('seller_accounts')
    .column('marketplace_user_id')
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('buyer_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('seller_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('publication_id', 'text', (column) =>
      column.references('publications.id').onDelete('set null'),
    )
    .addColumn('typed', 'text', (column) => column.notNull())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('image_url', 'text')
    .addColumn('quantity', 'integer', (column) => column.notNull())
    .addColumn('unit_price', 'double precision', (column) => column.notNull())
    .addColumn('total_amount', 'double precision', (column) => column.notNull())
    .addColumn('fee_amount', 'double precision', (column) => column.notNull())
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('marketplace_user_id', 'text', (column) => column.notNull())
    .addColumn('preference_id', 'text')
    .addColumn('checkout_url', 'text')
    .addColumn('payment_id', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('orders_buyer_idx').on('orders').columns(['buyer_id', 'created_at']).execute();
  await db.schema
    .createIndex('orders_seller_idx')
    .on('orders')
    .columns(['seller_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('order_events')
    .addColumn('order_id', 'text', (column) => column.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('payment_id', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('order_events_order_idx').on('order_events').column('order_id').execute();

  await db.schema
    .createTable('contacts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('seller_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('buyer_id', 'text', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('contacts_seller_idx')
    .on('contacts')
    .columns(['seller_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('contacts_buyer_idx')
    .on('contacts')
    .columns(['buyer_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('contact_items')
    .addColumn('contact_id', 'text', (column) =>
      column.notNull().references('contacts.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('publication_id', 'text', (column) =>
      column.references('publications.id').onDelete('set null'),
    )
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('image_url', 'text')
    .addPrimaryKeyConstraint('contact_items_pk', ['contact_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'contact_items',
    'contacts',
    'order_events',
    'orders',
    'seller_accounts',
    'seller_authorizations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
