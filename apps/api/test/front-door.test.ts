import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs } from './helpers/log-capture.ts';
import { createActors, placeAt, storePublication, type Actors } from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// A URL of the public list answered before at the current version is answered again by a lane in front of the
// request pipeline (plugins/front-door.ts): over a real socket, the same bytes and the same headers as the pipeline
// sends (a new request id), logged the same way, exact after a write, and everything else left to the pipeline. The
// map's answers have a lane of their own, the same way (decision 058).

/** Headers that differ between two answers of the same kind. */
const OWN = new Set(['x-request-id', 'date']);

describe('the front door of remembered list answers', () => {
  let subject: TestApp;
  let actors: Actors;
  let base: string;
  const logs = captureLogs('info');
  /** Requests that went through the pipeline (its onRequest hooks). */
  let throughPipeline = 0;

  beforeAll(async () => {
    subject = await createTestApp({ logger: logs.logger });
    actors = await createActors(subject.database.db);
    for (let index = 0; index < 4; index++) {
      await storePublication(subject.database.db, {
        title: `Frascos de vidrio ${index}`,
        createdBy: actors.author.id,
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, index)).toISOString(),
      });
    }
    // Two of them in Córdoba, for the map.
    const placed = await subject.database.db.selectFrom('publications').select('id').limit(2).execute();
    for (const [index, { id }] of placed.entries()) {
      await placeAt(subject.database.db, id, { lat: -31.4 - index * 0.01, lng: -64.18 });
    }
    subject.app.addHook('onRequest', async () => {
      throughPipeline += 1;
    });
    await subject.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(subject.app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await subject.dispose();
  });

  async function get(path: string, headers: Record<string, string> = {}) {
    const before = throughPipeline;
    const response = await fetch(`${base}${path}`, { headers });
    const bytes = Buffer.from(await response.arrayBuffer());
    const named = Object.fromEntries([...response.headers].filter(([name]) => !OWN.has(name)));
    return { response, bytes, named, laned: throughPipeline === before };
  }

  it('answers a URL asked again from memory, with the pipeline’s bytes and headers', async () => {
    const path = '/api/publications?term=frascos';
    // Node's fetch decompresses: ask without compression first, then as a browser does.
    const first = await get(path, { 'accept-encoding': 'identity' });
    const again = await get(path, { 'accept-encoding': 'identity' });
    expect(first.laned).toBe(false);
    expect(again.laned).toBe(true);
    expect(again.response.status).toBe(200);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect(again.named).toEqual(first.named);
    expect(again.response.headers.get('x-request-id')).not.toBe(first.response.headers.get('x-request-id'));
    expect(again.response.headers.get('content-security-policy')).not.toContain('nonce');
    const traced = await get(path, { 'accept-encoding': 'identity', 'x-request-id': 'trace-123' });
    expect(traced.laned).toBe(true);
    expect(traced.response.headers.get('x-request-id')).toBe('trace-123');
    const lines = logs.entries.filter((entry) => entry.reqId === 'trace-123');
    expect(lines.map((entry) => entry.msg)).toEqual(['request completed']);
    // Said as the pipeline says it.
    const throughPipeline = logs.entries.find(
      (entry) =>
        entry.reqId === first.response.headers.get('x-request-id') && entry.msg === 'request completed',
    );
    const shape = (entry: Record<string, unknown> | undefined) => ({
      keys: Object.keys(entry ?? {}),
      req: Object.keys((entry?.req as object | undefined) ?? {}),
      res: entry?.res,
    });
    expect(shape(lines[0])).toEqual(shape(throughPipeline));
    expect(lines[0]?.req).toMatchObject({ method: 'GET', url: path, remoteAddress: '127.0.0.1' });
  });

  it('sends the compressed copy to a client that accepts it', async () => {
    const path = '/api/publications?term=frascos';
    const plain = await get(path, { 'accept-encoding': 'identity' });
    const raw = await new Promise<{ encoding: string | undefined; body: Buffer; laned: boolean }>(
      (resolve, reject) => {
        const before = throughPipeline;
        void import('node:http').then(({ get: httpGet }) => {
          httpGet(`${base}${path}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({
                encoding: response.headers['content-encoding'],
                body: Buffer.concat(chunks),
                laned: throughPipeline === before,
              }),
            );
          }).on('error', reject);
        });
      },
    );
    expect(raw.laned).toBe(true);
    expect(raw.encoding).toBe('br');
    expect(brotliDecompressSync(raw.body).equals(plain.bytes)).toBe(true);
  });

  it('answers what the database holds right after a write', async () => {
    const path = '/api/publications';
    await get(path);
    expect((await get(path)).laned).toBe(true);
    await storePublication(subject.database.db, {
      title: 'Mesa de pino recién publicada',
      createdBy: actors.author.id,
      createdAt: new Date().toISOString(),
    });
    const after = await get(path);
    expect(after.laned).toBe(false);
    expect(after.bytes.toString()).toContain('Mesa de pino recién publicada');
    expect((await get(path)).laned).toBe(true);
  });

  it('leaves everything else to the pipeline: bad queries, other routes, other methods, other statuses', async () => {
    for (const path of ['/api/publications?page=0', '/api/publications?status=pending']) {
      for (let round = 0; round < 2; round++) {
        const answer = await get(path);
        expect(answer.laned, path).toBe(false);
        expect(answer.response.status, path).toBe(path.includes('page=0') ? 400 : 403);
      }
    }
    await get('/api/publications?term=vidrio');
    const head = await fetch(`${base}/api/publications?term=vidrio`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const before = throughPipeline;
    await fetch(`${base}/api/publications-other`);
    await fetch(`${base}/api/health`);
    expect(throughPipeline).toBe(before + 2);
  });

  it('answers a map asked again from memory, with the pipeline’s bytes and headers, exact after a write', async () => {
    const path = '/api/publications/map?bbox=-65,-32,-63,-30&zoom=14';
    const first = await get(path, { 'accept-encoding': 'identity' });
    const again = await get(path, { 'accept-encoding': 'identity' });
    expect(first.response.status).toBe(200);
    expect(first.laned).toBe(false);
    expect(again.laned).toBe(true);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect(again.named).toEqual(first.named);
    expect(first.named['content-type']).toBe('application/json; charset=utf-8');
    const answer = JSON.parse(first.bytes.toString()) as { total: number; pins: { title: string }[] };
    expect(answer.total).toBe(2);
    // A publication placed in the area: the next answer is computed again and holds it.
    const id = await storePublication(subject.database.db, {
      title: 'Compostera en Córdoba',
      createdBy: actors.author.id,
      createdAt: new Date().toISOString(),
    });
    await placeAt(subject.database.db, id, { lat: -31.45, lng: -64.2 });
    const after = await get(path, { 'accept-encoding': 'identity' });
    expect(after.laned).toBe(false);
    expect((JSON.parse(after.bytes.toString()) as typeof answer).total).toBe(3);
    expect(after.bytes.toString()).toContain('Compostera en Córdoba');
    const compressed = await get(path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(compressed.laned).toBe(true);
    expect(compressed.response.headers.get('vary')).toContain('accept-encoding');
    // A bad map is the pipeline's, every time.
    for (let round = 0; round < 2; round++) {
      const bad = await get('/api/publications/map?bbox=-63,-30,-65,-32&zoom=14');
      expect(bad.laned).toBe(false);
      expect(bad.response.status).toBe(400);
    }
  });
});
