import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from './helpers/accounts.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-app.ts';

const ADMIN_SCRIPT = path.resolve(import.meta.dirname, '../src/scripts/admin.ts');

type Run = { code: number | null; stdout: string; stderr: string };

// Every test starts Node processes: generous time on a busy machine.
describe('admin command line (npm run admin)', { timeout: 60_000 }, () => {
  let subject: TestDatabase;

  beforeAll(async () => {
    subject = await createTestDatabase();
  });

  afterAll(async () => {
    await subject.dispose();
  });

  /** Runs the script the way `npm run admin` does, against the test database. */
  function admin(args: string[], env: Record<string, string> = {}): Promise<Run> {
    return new Promise((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--disable-warning=ExperimentalWarning', ADMIN_SCRIPT, ...args],
        {
          env: {
            PATH: process.env.PATH ?? '',
            DATA_DIR: subject.config.dataDir,
            DATABASE_URL: subject.config.databaseUrl ?? '',
            ...env,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  async function isSuperUser(email: string): Promise<boolean> {
    const row = await subject.database.db
      .selectFrom('users')
      .select('is_super_user')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return row.is_super_user === 1;
  }

  it('promotes a user to super user, and demotes them', async () => {
    await insertUser(subject.database.db, { email: 'someone@example.com', name: 'Sol Alguien' });

    const promote = await admin(['promote', 'Someone@Example.com']);
    expect(promote).toMatchObject({ code: 0, stderr: '' });
    expect(promote.stdout).toContain('Sol Alguien <someone@example.com> is now a super user');
    expect(await isSuperUser('someone@example.com')).toBe(true);

    const again = await admin(['promote', 'someone@example.com']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('is already a super user; nothing changed');

    const demote = await admin(['demote', 'someone@example.com']);
    expect(demote.code).toBe(0);
    expect(demote.stdout).toContain('is now not a super user');
    expect(await isSuperUser('someone@example.com')).toBe(false);
  });

  it('fails with exit code 1 for an unknown user', async () => {
    const run = await admin(['promote', 'ghost@example.com']);

    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('No user with the e-mail ghost@example.com');
  });

  it('prints the usage and exits with 2 on bad usage', async () => {
    for (const args of [
      [],
      ['promote'],
      ['elevate', 'a@example.com'],
      ['promote', 'not-an-email'],
      ['promote', 'a@example.com', 'extra'],
    ]) {
      const run = await admin(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('Usage: npm run admin -- <command> <email>');
    }
    const help = await admin(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('promote <email>');
  });

  it('refuses to create a database where there is none', async () => {
    const run = await admin(['promote', 'someone@example.com'], {
      DATA_DIR: path.join(subject.config.dataDir, 'missing'),
      DATABASE_URL: '',
    });

    expect(run.code).toBe(1);
    expect(run.stderr).toContain('No database found');
  });
});
