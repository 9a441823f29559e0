import { sql, type Kysely } from 'kysely';

// "Me interesa" (issue 25, decision 036) and the durable job queue its reminders ride on.
//
// `jobs`: work to do at `run_at`, claimed atomically by one process at a time. A claim moves `run_at` to the end of
// its lease and writes a fresh `claim` token: a process that dies with the job in hand leaves it due again once the
// lease ends, and only the holder of the current token may finish it. `id` is the job's name when the caller gives
// one (a member's reminder), so scheduling twice is scheduling once. `subject` groups the jobs of one thing (a
// publication) to move or drop them together. One partial index serves the claim (due first), one the subjects.
//
// `interests`: one row per member and event or course; `publications.interested_count` keeps the count on the row
// every answer reads (the list's change log follows it like any column, so remembered lists stay exact).
// `users.reminder_hour_before`: the settings' "also 1 hour before".

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('subject', 'text')
    .addColumn('payload', 'text', (column) => column.notNull().defaultTo('{}'))
    .addColumn('run_at', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('claim', 'text')
    .addColumn('last_error', 'text')
    .addColumn('failed_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await sql`create index jobs_due_idx on jobs (run_at) where failed_at is null`.execute(db);
  await db.schema.createIndex('jobs_subject_idx').on('jobs').columns(['subject', 'kind']).execute();

  await db.schema
    .createTable('interests')
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('publication_id', 'text', (column) =>
      column.notNull().references('publications.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('interests_pkey', ['user_id', 'publication_id'])
    .execute();
  await db.schema
    .createIndex('interests_publication_idx')
    .on('interests')
    .columns(['publication_id', 'user_id'])
    .execute();
  await db.schema
    .alterTable('publications')
    .addColumn('interested_count', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('reminder_hour_before', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('reminder_hour_before').execute();
  await db.schema.alterTable('publications').dropColumn('interested_count').execute();
  await db.schema.dropTable('interests').execute();
  await db.schema.dropTable('jobs').execute();
}
