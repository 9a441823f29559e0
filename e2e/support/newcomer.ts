import type { BrowserContext } from '@playwright/test';
import { insertUser } from '../../apps/api/test/helpers/accounts.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { createDatabase } from '../../apps/api/src/db/database.ts';
import { uniqueEmail } from './accounts.ts';
import { signInAs } from './session.ts';
import { E2E_DATA_DIR } from './server.ts';

/** A member who just joined (nothing published, bought, sold or notified), signed in in `context`. */
export async function signInAsNewcomer(context: BrowserContext): Promise<string> {
  const email = uniqueEmail('recien.llegada');
  const database = createDatabase(loadConfig({ DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'silent' }));
  try {
    await insertUser(database.db, { email, name: 'Sol Recién Llegada' });
  } finally {
    await database.close();
  }
  await signInAs(context, email);
  return email;
}
