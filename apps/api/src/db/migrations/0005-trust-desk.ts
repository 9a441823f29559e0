import { sql, type Kysely } from 'kysely';

// Trust and safety: the captcha's replay guard, reports, the moderation desk's audit log, the captcha signal of
// publications, the reason a publication was sent back, and suspended members.

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per solved challenge until it expires: a second use of the same solution finds its row.
  await db.schema
    .createTable('captcha_solutions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('captcha_solutions_expires_at_idx')
    .on('captcha_solutions')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('target_type', 'text', (column) => column.notNull())
    .addColumn('target_id', 'text', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('comment', 'text')
    .addColumn('reporter_id', 'text', (column) => column.references('users.id').onDelete('cascade'))
    // 'user:<id>' for members, 'guest:<keyed hash of the address>' for guests: one open report each per target.
    .addColumn('reporter_key', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('open'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('resolved_at', 'text')
    .addColumn('resolved_by', 'text', (column) => column.references('users.id').onDelete('set null'))
    .execute();
  // Enforced by the database, so that two processes (or two clicks) cannot open a second report.
  await db.schema
    .createIndex('reports_open_reporter_idx')
    .on('reports')
    .columns(['target_type', 'target_id', 'reporter_key'])
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();
  await db.schema
    .createIndex('reports_target_status_idx')
    .on('reports')
    .columns(['target_type', 'target_id', 'status'])
    .execute();
  await db.schema
    .createIndex('reports_status_created_idx')
    .on('reports')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('moderation_log')
    .addColumn('id', 'text', (column) => column.primaryKey())
    // Null for what the site does by itself (a publication hidden by reports) or an actor since deleted.
    .addColumn('actor_id', 'text', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('actor_name', 'text')
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('target_type', 'text', (column) => column.notNull())
    .addColumn('target_id', 'text', (column) => column.notNull())
    // What the target was called at the time: the log stays readable after the target is gone.
    .addColumn('target_label', 'text', (column) => column.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('moderation_log_created_idx')
    .on('moderation_log')
    .column('created_at')
    .execute();

  // 1 passed, 0 failed, null none given (or the captcha was off): a signal for the desk, never a gate.
  await db.schema.alterTable('publications').addColumn('captcha_verified', 'integer').execute();
  // Why a super user (or the reports) sent it back to review; cleared when it is published.
  await db.schema.alterTable('publications').addColumn('review_note', 'text').execute();
  await db.schema.alterTable('users').addColumn('suspended_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('suspended_at').execute();
  await db.schema.alterTable('publications').dropColumn('review_note').execute();
  await db.schema.alterTable('publications').dropColumn('captcha_verified').execute();
  await db.schema.dropTable('moderation_log').execute();
  await db.schema.dropTable('reports').execute();
  await db.schema.dropTable('captcha_solutions').execute();
}
