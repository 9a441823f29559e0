import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { E2E_BASE_URL } from './server.ts';

// A deploy, as a phone sees one: the same site, then a service worker whose bytes differ. Playwright cannot route the
// browser's own update check of a worker script in Chromium (its test of that is a fixme: microsoft/playwright#14711,
// where a server sending the new bytes is the advice), so the test site is reached through this loopback stand-in:
// every request goes to the production build unchanged until `deploy()`, after which /sw.js is the build's worker
// followed by one more statement, which answers the version it is (what any changed line of a deploy would do to
// the comparison, and a way for the test to ask the active worker which one it is).

export const DEPLOYED_VERSION = 'next-deploy';

/** The statement the next deploy's worker adds: it answers "which version?" on a message port. */
const NEXT_WORKER_TAIL = `
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'VERSION?' && event.ports[0]) event.ports[0].postMessage('${DEPLOYED_VERSION}');
});
`;

export type NextDeploy = {
  /** Where the site is reached through the stand-in (its own loopback origin). */
  url: string;
  /** From now on /sw.js is the next deploy's worker. */
  deploy(): void;
  close(): Promise<void>;
};

const upstream = new URL(E2E_BASE_URL);

function pass(incoming: IncomingMessage, outgoing: ServerResponse, headers = incoming.headers) {
  const proxied = forward(
    {
      hostname: upstream.hostname,
      port: upstream.port,
      method: incoming.method,
      path: incoming.url,
      headers: { ...headers, host: upstream.host },
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  proxied.on('error', () => outgoing.destroy());
  incoming.pipe(proxied);
}

async function nextWorker(incoming: IncomingMessage, outgoing: ServerResponse) {
  const answer = await fetch(new URL('/sw.js', upstream), { headers: { 'accept-encoding': 'identity' } });
  const body = `${await answer.text()}${NEXT_WORKER_TAIL}`;
  const headers = Object.fromEntries(
    [...answer.headers].filter(([name]) => !['content-length', 'content-encoding', 'etag'].includes(name)),
  );
  outgoing.writeHead(answer.status, headers);
  outgoing.end(incoming.method === 'HEAD' ? undefined : body);
}

export async function startNextDeploy(): Promise<NextDeploy> {
  let deployed = false;
  const server = createServer((incoming, outgoing) => {
    if (deployed && new URL(incoming.url ?? '/', 'http://x').pathname === '/sw.js') {
      nextWorker(incoming, outgoing).catch(() => outgoing.destroy());
    } else pass(incoming, outgoing);
  });
  // Port 0: the system picks a free one, so parallel runs never meet.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deploy: () => {
      deployed = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
