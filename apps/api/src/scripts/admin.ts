import { describeDatabase, openExistingDatabase, readCommandConfig } from './database-command.ts';

// Operator commands on the database that DATA_DIR / DATABASE_URL name:
//   npm run admin -- promote <email>   makes the user a super user
//   npm run admin -- demote <email>    takes the role away
// Exit codes: 0 done (or nothing to change), 1 unknown user or failure, 2 bad usage or configuration.

const USAGE = `Usage: npm run admin -- <command> <email>

Commands:
  promote <email>   make the user a super user
  demote <email>    remove the user's super-user role

The database is the one the server uses: DATABASE_URL (PostgreSQL) or DATA_DIR/ecoanuncios.sqlite.`;

const COMMANDS = { promote: 1, demote: 0 } as const;
type Command = keyof typeof COMMANDS;

const isCommand = (value: string | undefined): value is Command => value === 'promote' || value === 'demote';

async function run(args: readonly string[]): Promise<number> {
  const [command, rawEmail, ...rest] = args;
  if (command === 'help' || command === '--help' || command === '-h') {
    console.log(USAGE);
    return 0;
  }
  if (!isCommand(command) || rawEmail === undefined || rest.length > 0 || !rawEmail.includes('@')) {
    console.error(USAGE);
    return 2;
  }
  const email = rawEmail.trim().toLowerCase();

  const config = readCommandConfig();
  if (config === null) return 2;
  const database = openExistingDatabase(config);
  if (database === null) return 1;
  try {
    const user = await database.db
      .selectFrom('users')
      .select(['id', 'name', 'is_super_user'])
      .where('email', '=', email)
      .executeTakeFirst();
    if (user === undefined) {
      console.error(`No user with the e-mail ${email} (${describeDatabase(config)}).`);
      return 1;
    }
    const wanted = COMMANDS[command];
    const role = wanted === 1 ? 'a super user' : 'not a super user';
    if (user.is_super_user === wanted) {
      console.log(`${user.name} <${email}> is already ${role}; nothing changed.`);
      return 0;
    }
    await database.db
      .updateTable('users')
      .set({ is_super_user: wanted, updated_at: new Date().toISOString() })
      .where('id', '=', user.id)
      .execute();
    console.log(`${user.name} <${email}> is now ${role} (${describeDatabase(config)}).`);
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  console.error(`The command failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
