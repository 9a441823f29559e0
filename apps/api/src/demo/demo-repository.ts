import type {
  DB,
  NewNotification,
  NewPublication,
  NewPublicationFile,
  NewUser,
  QualificationRow,
} from '../db/schema.ts';

export async function hasAnyUser(db: DB): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Inserts everything in one transaction: a failed load leaves the database empty, so the next start retries. */
export async function insertDemoRows(
  db: DB,
  rows: {
    users: NewUser[];
    publications: NewPublication[];
    files: NewPublicationFile[];
    qualifications: QualificationRow[];
    notifications: NewNotification[];
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('users').values(rows.users).execute();
    await trx.insertInto('publications').values(rows.publications).execute();
    await trx.insertInto('publication_files').values(rows.files).execute();
    if (rows.qualifications.length > 0)
      await trx.insertInto('qualifications').values(rows.qualifications).execute();
    if (rows.notifications.length > 0)
      await trx.insertInto('notifications').values(rows.notifications).execute();
  });
}
