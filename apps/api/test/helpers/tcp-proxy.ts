import { connect, createServer, type Server, type Socket } from 'node:net';

// A loopback TCP proxy to the test's PostgreSQL: closing it is the database going away (every connection reset,
// new ones refused), opening it again on the same port is the database coming back; stalling it is a database that
// keeps its connections and answers nothing (what is sent waits in the proxy until it resumes).

export type Proxy = { close: () => Promise<void>; stall: () => void; resume: () => void };

/** A proxy on 127.0.0.1:`port` to `target`'s host and port. */
export async function openProxy(port: number, target: URL): Promise<Proxy> {
  const sockets = new Set<Socket>();
  /** Each client's connection to the database, whose sending a stall unpipes. */
  const clients = new Map<Socket, Socket>();
  let stalled = false;
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      // Either end failing ends both.
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    clients.set(client, upstream);
    client.on('close', () => clients.delete(client));
    upstream.pipe(client);
    if (stalled) client.pause();
    else client.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    stall: () => {
      stalled = true;
      for (const [client, upstream] of clients) {
        client.unpipe(upstream);
        client.pause();
      }
    },
    resume: () => {
      stalled = false;
      for (const [client, upstream] of clients) client.pipe(upstream);
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The URL with its host and port replaced by 127.0.0.1:`port`. */
export function throughPort(url: string, port: number): string {
  const moved = new URL(url);
  moved.hostname = '127.0.0.1';
  moved.port = String(port);
  return moved.toString();
}
