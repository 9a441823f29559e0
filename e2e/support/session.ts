import type { BrowserContext } from '@playwright/test';
import { SESSION_COOKIE_NAME } from '@eco/domain/constants';
import { loadConfig } from '../../apps/api/src/config.ts';
import { createDatabase } from '../../apps/api/src/db/database.ts';
import { createSession } from '../../apps/api/src/modules/sessions/service.ts';
import { E2E_BASE_URL, E2E_DATA_DIR } from './server.ts';

/**
 * Signs the browser in as a demo user by opening a real session in the server's database and handing the browser
 * its cookie, as the sign-in of the accounts issue does.
 */
export async function signInAs(context: BrowserContext, email: string): Promise<void> {
  const database = createDatabase(loadConfig({ DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'silent' }));
  try {
    const user = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const { token, expiresAt } = await createSession(database.db, user.id, 60 * 60 * 1000);
    await context.addCookies([
      {
        name: SESSION_COOKIE_NAME,
        value: token,
        url: E2E_BASE_URL,
        httpOnly: true,
        sameSite: 'Lax',
        expires: Math.floor(expiresAt.getTime() / 1000),
      },
    ]);
  } finally {
    await database.close();
  }
}

/** The id of the user with that e-mail, read from the server's database (for pages addressed by id). */
export async function userIdOf(email: string): Promise<string> {
  const database = createDatabase(loadConfig({ DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'silent' }));
  try {
    const user = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return String(user.id);
  } finally {
    await database.close();
  }
}
