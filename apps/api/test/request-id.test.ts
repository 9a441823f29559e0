import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRequestId } from '../src/plugins/request-id.ts';
import { captureLogs } from './helpers/log-capture.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** A process's random prefix (48 bits) and its counter. */
const REQUEST_ID = /^([0-9a-f]{12})-[0-9a-z]+$/;
const REQUEST_ID_MODULE = fileURLToPath(new URL('../src/plugins/request-id.ts', import.meta.url));

/** Request ids made by a process of their own. */
function idsOfAnotherProcess(count: number): string[] {
  const script = `import { newRequestId } from ${JSON.stringify(REQUEST_ID_MODULE)};
for (let i = 0; i < ${count}; i++) console.log(newRequestId());`;
  return execFileSync(process.execPath, ['--input-type=module', '--eval', script], { encoding: 'utf8' })
    .trim()
    .split('\n');
}

describe('request ids and logs', () => {
  let subject: TestApp;
  const logs = captureLogs();

  beforeAll(async () => {
    subject = await createTestApp({ logger: logs.logger });
    subject.app.get('/test/echo-headers', async (request) => {
      request.log.info({ headers: request.headers }, 'headers seen');
      return { ok: true };
    });
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('gives every answer a fresh request id, also found in the logs', async () => {
    const first = await subject.app.inject({ method: 'GET', url: '/api/health' });
    const second = await subject.app.inject({ method: 'GET', url: '/api/nothing-here' });

    expect(first.headers['x-request-id']).toMatch(REQUEST_ID);
    expect(second.headers['x-request-id']).toMatch(REQUEST_ID);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(logs.entries.some((entry) => entry.reqId === first.headers['x-request-id'])).toBe(true);
  });

  it("reuses a caller's well-formed x-request-id and replaces a malformed one", async () => {
    const traced = await subject.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'proxy-trace.42:a' },
    });
    expect(traced.headers['x-request-id']).toBe('proxy-trace.42:a');

    const malformed = await subject.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'not a valid id; with spaces' },
    });
    expect(malformed.headers['x-request-id']).toMatch(REQUEST_ID);
  });

  it('never gives two requests the same id, in one process or across processes', () => {
    const here = Array.from({ length: 10_000 }, () => newRequestId());
    const there = idsOfAnotherProcess(1000);
    const again = idsOfAnotherProcess(1000);

    expect(new Set([...here, ...there, ...again]).size).toBe(12_000);
    const prefixes = [here, there, again].map((ids) => new Set(ids.map((id) => REQUEST_ID.exec(id)?.[1])));
    expect(prefixes.map((prefix) => prefix.size)).toEqual([1, 1, 1]);
    expect(new Set(prefixes.flatMap((prefix) => [...prefix])).size).toBe(3);
  });

  it('never writes the authorization header or the cookies into the logs', async () => {
    await subject.app.inject({
      method: 'GET',
      url: '/test/echo-headers',
      headers: { authorization: 'Bearer top-secret-token', cookie: 'eco_session=also-secret' },
    });

    const entry = logs.entries.find((logged) => logged.msg === 'headers seen');
    expect(entry).toBeDefined();
    const text = JSON.stringify(entry);
    expect(text).not.toContain('top-secret-token');
    expect(text).not.toContain('also-secret');
    expect(text).toContain('[redacted]');
  });
});
