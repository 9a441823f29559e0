import type {
  DB,
  NewContact,
  NewContactItem,
  NewNotification,
  NewOrder,
  NewOrderEvent,
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
    /** Recycling points' open stretches (migration 0024). */
    openingRanges?: { publication_id: string; opens_at: number; closes_at: number }[];
    files: NewPublicationFile[];
    qualifications: QualificationRow[];
    orders: NewOrder[];
    orderEvents: NewOrderEvent[];
    contacts: NewContact[];
    contactItems: NewContactItem[];
    notifications: NewNotification[];
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('users').values(rows.users).execute();
    // In the order they were posted, as the site would have added them: the lists show the last added first.
    const oldestFirst = [...rows.publications].sort((a, b) =>
      a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : 1,
    );
    await trx.insertInto('publications').values(oldestFirst).execute();
    await trx.insertInto('publication_files').values(rows.files).execute();
    if (rows.openingRanges && rows.openingRanges.length > 0)
      await trx.insertInto('publication_opening_ranges').values(rows.openingRanges).execute();
    if (rows.qualifications.length > 0)
      await trx.insertInto('qualifications').values(rows.qualifications).execute();
    if (rows.orders.length > 0) {
      await trx.insertInto('orders').values(rows.orders).execute();
      await trx.insertInto('order_events').values(rows.orderEvents).execute();
    }
    if (rows.contacts.length > 0) {
      await trx.insertInto('contacts').values(rows.contacts).execute();
      await trx.insertInto('contact_items').values(rows.contactItems).execute();
    }
    if (rows.notifications.length > 0)
      await trx.insertInto('notifications').values(rows.notifications).execute();
  });
}
