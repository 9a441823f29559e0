import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs } from './helpers/log-capture.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

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

  it('gives every answer a fresh UUID request id, also found in the logs', async () => {
    const first = await subject.app.inject({ method: 'GET', url: '/api/health' });
    const second = await subject.app.inject({ method: 'GET', url: '/api/nothing-here' });

    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
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
    expect(malformed.headers['x-request-id']).toMatch(UUID);
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
