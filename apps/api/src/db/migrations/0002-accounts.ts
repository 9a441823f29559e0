import { sql, type Kysely } from 'kysely';

// Accounts: the moment an account's e-mail was proven, and the single-use tokens of the activation and
// password-reset links (only their SHA-256 is stored, like the sessions').

export async function up(db: Kysely<unknown>): Promise<void> {
  // Null while a new account waits for its activation link. Accounts that already exist are active: their
  // e-mail counts as proven, so that deactivating one later never offers it a new activation link.
  await db.schema.alterTable('users').addColumn('activated_at', 'text').execute();
  await sql`update users set activated_at = created_at where is_active = 1`.execute(db);

  await db.schema
    .createTable('user_tokens')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('user_tokens_user_purpose_idx')
    .on('user_tokens')
    .columns(['user_id', 'purpose'])
    .execute();
  await db.schema.createIndex('user_tokens_expires_at_idx').on('user_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_tokens').execute();
  await db.schema.alterTable('users').dropColumn('activated_at').execute();
}
