import type { BrowserContext } from '@playwright/test';
import { insertUser } from '../../apps/api/test/helpers/accounts.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { createDatabase } from '../../apps/api/src/db/database.ts';
import { uniqueEmail } from './accounts.ts';
import { signInAs } from './session.ts';
import { E2E_DATA_DIR } from './server.ts';

export type Newcomer = { email: string; password: string; name: string };

/** A member who just joined: nothing published, bought, sold or notified (inserted in the server's database). */
export async function createNewcomer(name = 'Sol Recién Llegada'): Promise<Newcomer> {
  const newcomer = { email: uniqueEmail('recien.llegada'), password: 'primera-clave', name };
  const database = createDatabase(loadConfig({ DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'silent' }));
  try {
    await insertUser(database.db, newcomer);
  } finally {
    await database.close();
  }
  return newcomer;
}

/** A newcomer, signed in in `context`. */
export async function signInAsNewcomer(context: BrowserContext): Promise<Newcomer> {
  const newcomer = await createNewcomer();
  await signInAs(context, newcomer.email);
  return newcomer;
}
