import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where the embedded database's server keeps its generated secret, next to the data it protects. */
export const SECRET_KEY_FILE = 'secret-key';

/**
 * The secret of a production server on the embedded SQLite database started without SECRET_KEY (`npm start` on a
 * fresh clone): generated once (384 random bits), kept in DATA_DIR readable by its owner only, and read back on every
 * start, so that signed links and sealed tokens survive restarts. Whoever can read DATA_DIR can read the database
 * itself, so the file gives nothing away. Several processes on PostgreSQL must share one key: there SECRET_KEY is
 * required.
 */
export function secretKeyFromDataDir(dataDir: string): string {
  const file = path.join(dataDir, SECRET_KEY_FILE);
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(48).toString('base64');
  // 'wx': of two processes starting at once, the second reads the first one's key.
  try {
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
}
