import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSING_MESSAGE } from '../src/plugins/graceful-close.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// While the server closes (plugins/graceful-close.ts), a request arriving on a kept-alive connection gets the
// Spanish 503 and the connection is closed after it; the server's headers are still there.

/** Sends a GET on the socket and reads its whole answer (head and body: bodies here are small). */
function ask(socket: Socket, path: string): Promise<{ head: string; body: string }> {
  return new Promise((resolve, reject) => {
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString('utf8');
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = received.slice(0, end);
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
      const body = received.slice(end + 4);
      if (Buffer.byteLength(body) < length) return;
      socket.off('data', onData);
      resolve({ head, body });
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
  });
}

describe('closing', () => {
  let subject: TestApp;
  let port: number;
  let letCloseGoOn: () => void = () => undefined;
  let closing: () => void = () => undefined;

  beforeAll(async () => {
    subject = await createTestApp();
    // Runs after the app's own preClose hooks: holds the close while the test asks.
    subject.app.addHook('preClose', async () => {
      closing();
      await new Promise<void>((resolve) => (letCloseGoOn = resolve));
    });
    await subject.app.listen({ port: 0, host: '127.0.0.1' });
    port = (subject.app.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    letCloseGoOn();
    await subject.dispose();
  });

  it('answers a request on a kept-alive connection with a Spanish 503 and closes the connection', async () => {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const before = await ask(socket, '/api/health');
    expect(before.head).toMatch(/^HTTP\/1\.1 200/);
    expect(before.head).toMatch(/connection: keep-alive/i);

    const closingStarted = new Promise<void>((resolve) => (closing = resolve));
    const closed = subject.app.close();
    await closingStarted;
    const refused = await ask(socket, '/api/health');
    const ended = new Promise((resolve) => socket.once('close', resolve));
    letCloseGoOn();
    await closed;
    await ended;

    expect(refused.head).toMatch(/^HTTP\/1\.1 503/);
    expect(refused.head).toMatch(/connection: close/i);
    expect(refused.head).toMatch(/x-content-type-options: nosniff/i);
    expect(refused.head).toMatch(/x-request-id: \S+/i);
    expect(JSON.parse(refused.body)).toMatchObject({ statusCode: 503, message: CLOSING_MESSAGE });
  });
});
