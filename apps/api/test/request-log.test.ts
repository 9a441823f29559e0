import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_ABORTED, REQUEST_COMPLETED, REQUEST_INCOMING } from '../src/plugins/request-log.ts';
import { captureLogs } from './helpers/log-capture.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// One log line per request (plugins/request-log.ts): written when the answer has gone out, with everything
// Fastify's two lines said; a request whose client went away is logged as aborted.

type Entry = Record<string, unknown>;

/** Waits until `found` finds an entry (the log is written when the answer has gone out, or the client gone). */
async function logged(entries: Entry[], found: (entry: Entry) => boolean): Promise<Entry> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const entry = entries.find(found);
    if (entry !== undefined) return entry;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('Nothing like that was logged');
}

describe('request logs at info', () => {
  let subject: TestApp;
  let port: number;
  const logs = captureLogs('info');
  let releaseSlow: () => void = () => undefined;
  let slowArrived: () => void = () => undefined;

  beforeAll(async () => {
    subject = await createTestApp({ logger: logs.logger });
    subject.app.get('/api/test/slow', async () => {
      slowArrived();
      await new Promise<void>((resolve) => (releaseSlow = resolve));
      return { ok: true };
    });
    await subject.app.listen({ port: 0, host: '127.0.0.1' });
    port = (subject.app.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    releaseSlow();
    await subject.dispose();
  });

  it('logs one line per request with its id, method, URL, host, client, status and response time', async () => {
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/publications?page=0', 400],
      ['/api/nothing-here', 404],
    ] as const) {
      const response = await fetch(`http://127.0.0.1:${port}${url}`);
      expect(response.status).toBe(status);
      const id = response.headers.get('x-request-id');
      const line = await logged(
        logs.entries,
        (entry) => entry.reqId === id && entry.msg === REQUEST_COMPLETED,
      );

      expect(line).toMatchObject({
        level: 30,
        reqId: id,
        req: {
          method: 'GET',
          url,
          host: `127.0.0.1:${port}`,
          remoteAddress: '127.0.0.1',
          remotePort: expect.any(Number),
        },
        res: { statusCode: status },
        responseTime: expect.any(Number),
      });
      const lines = logs.entries.filter(
        (entry) => entry.reqId === id && [REQUEST_COMPLETED, REQUEST_INCOMING].includes(String(entry.msg)),
      );
      expect(lines).toHaveLength(1);
    }
  });

  it('logs a request whose client went away before the answer', async () => {
    const arrived = new Promise<void>((resolve) => (slowArrived = resolve));
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /api/test/slow HTTP/1.1\r\nHost: ausente.example\r\nX-Request-Id: gone-1\r\n\r\n');
    // The request reaches its handler, then the client leaves.
    await arrived;
    socket.destroy();
    const line = await logged(logs.entries, (entry) => entry.reqId === 'gone-1');

    expect(line).toMatchObject({
      msg: REQUEST_ABORTED,
      req: { method: 'GET', url: '/api/test/slow', host: 'ausente.example' },
    });
    releaseSlow();
  });
});

describe('request logs at debug', () => {
  it('also logs the arrival of each request', async () => {
    const logs = captureLogs('debug');
    const subject = await createTestApp({ logger: logs.logger });
    try {
      const response = await subject.app.inject({ method: 'GET', url: '/api/health' });
      const id = response.headers['x-request-id'];

      expect(logs.entries.filter((entry) => entry.reqId === id).map((entry) => entry.msg)).toEqual([
        REQUEST_INCOMING,
        REQUEST_COMPLETED,
      ]);
      expect(logs.entries.find((entry) => entry.msg === REQUEST_INCOMING)).toMatchObject({
        level: 20,
        req: { method: 'GET', url: '/api/health' },
      });
    } finally {
      await subject.dispose();
    }
  });
});

describe('request logs at warn', () => {
  it('logs no line for requests that went well', async () => {
    const logs = captureLogs('warn');
    const subject = await createTestApp({ logger: logs.logger });
    try {
      await subject.app.inject({ method: 'GET', url: '/api/health' });
      await subject.app.inject({ method: 'GET', url: '/api/nothing-here' });

      expect(logs.entries.filter((entry) => entry.req !== undefined || entry.res !== undefined)).toEqual([]);
    } finally {
      await subject.dispose();
    }
  });
});
