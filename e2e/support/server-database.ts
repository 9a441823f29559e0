// Specs that write straight into the running server's SQLite file share its write lock: on a busy machine the
// server (a burst of jobs, a checkpoint) may hold it past the connection's 5 s busy timeout. Such a write is tried
// again, as a second process writing to the same file would, instead of failing the spec's setup.

const LOCKED = /database is locked|SQLITE_BUSY/;

/** `write`, tried again while the file is locked by the server, for up to `totalMs`. */
export async function whileLockedRetry<T>(write: () => Promise<T>, totalMs = 30_000): Promise<T> {
  const deadline = Date.now() + totalMs;
  for (;;) {
    try {
      return await write();
    } catch (error) {
      if (!(error instanceof Error) || !LOCKED.test(error.message) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
