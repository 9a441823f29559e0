import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '../support/test.ts';
import { demoUsers, DEMO_SUPER_USER_EMAIL } from '../../apps/api/src/demo/demo-data.ts';
import {
  bytesOf,
  isSpanishMessage,
  pick,
  readCorpus,
  seededRandom,
  textOf,
} from '../../apps/api/test/fuzz/corpus.ts';
import { signInAs } from '../support/session.ts';

// Every page of the web app (read from its route configuration, so new pages are fuzzed as they are added), as a
// guest and as a signed-in super user, with the corpus of malformed ids and query strings, their data requests
// (`.data`) and broken form posts: never a 5xx, a Spanish page or message for a 4xx, and the server alive.

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const QUERIES_PER_PAGE = Number(process.env.FUZZ_CASES ?? 5);
const IDS_PER_PAGE = 2 * QUERIES_PER_PAGE;
const ROUTES_FILE = new URL('../../apps/web/app/routes.ts', import.meta.url);

/** The paths of routes.ts: `index(…)` is '/', `route('a/:id', …)` is '/a/:id'; the catch-all is fuzzed as '/*'. */
function pagePaths(): string[] {
  const source = readFileSync(ROUTES_FILE, 'utf8');
  const paths = [...source.matchAll(/route\('([^']+)'/g)].map((match) => `/${match[1]}`);
  return source.includes('index(') ? ['/', ...paths] : paths;
}

const dataUrl = (path: string) => (path === '/' ? '/_root.data' : `${path.replace(/\?.*$/, '')}.data`);

async function check(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  url: string,
  problems: string[],
  options: { body?: Buffer; contentType?: string } = {},
): Promise<void> {
  const send = () =>
    request.fetch(url, {
      method,
      data: options.body,
      headers: options.contentType === undefined ? {} : { 'content-type': options.contentType },
      maxRedirects: 0,
      failOnStatusCode: false,
    });
  // A kept-alive connection the server closed just as it was reused resets once; a reset that repeats is a failure.
  const response = await send().catch(send);
  const status = response.status();
  const where = `${method} ${url.slice(0, 120)} → ${status}`;
  if (status >= 500) {
    problems.push(where);
    return;
  }
  if (status < 400) return;
  const type = response.headers()['content-type'] ?? '';
  const body = await response.text();
  if (type.includes('text/html') && !body.includes('<html lang="es'))
    problems.push(`${where}: not a Spanish page`);
  if (type.includes('application/json')) {
    const message = (JSON.parse(body) as { message?: unknown }).message;
    if (!isSpanishMessage(message)) problems.push(`${where}: ${body.slice(0, 120)}`);
  }
}

for (const who of ['guest', 'super user'] as const) {
  test(`every page with malformed input, as a ${who}`, async ({ context }) => {
    test.setTimeout(240_000);
    if (who === 'super user') {
      const superUser = demoUsers.find((user) => user.email === DEMO_SUPER_USER_EMAIL)!;
      await signInAs(context, superUser.email);
    }
    const { request } = context;
    const random = seededRandom(SEED);
    const ids = readCorpus('ids');
    const queries = readCorpus('queries');
    const bodies = readCorpus('bodies');
    const problems: string[] = [];
    const paths = pagePaths();
    expect(paths.length).toBeGreaterThan(15);

    for (const path of paths) {
      const targets =
        path.includes(':') || path.includes('*')
          ? pick(ids, IDS_PER_PAGE, random).map((id) => path.replace(/:[^/]+|\*/g, textOf(id)))
          : [path];
      for (const target of targets) {
        await check(request, 'GET', target, problems);
        await check(request, 'GET', dataUrl(target), problems);
      }
      const base = targets[0]!;
      for (const query of pick(queries, QUERIES_PER_PAGE, random)) {
        await check(request, 'GET', `${base}?${textOf(query)}`, problems);
        await check(request, 'GET', `${dataUrl(base)}?${textOf(query)}`, problems);
      }
      for (const body of pick(bodies, 3, random)) {
        await check(request, 'POST', base, problems, { body: bytesOf(body), contentType: body.contentType });
      }
    }

    expect((await request.get('/api/health')).status()).toBe(200);
    expect(problems, `FUZZ_SEED=${SEED}`).toEqual([]);
  });
}
