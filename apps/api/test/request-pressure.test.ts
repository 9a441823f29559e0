import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestPressure } from '../src/plugins/request-pressure.ts';
import { createActors, type Actors } from './helpers/publications.ts';
import { baseUrlOf, openStream } from './helpers/sse.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// How busy requests keep a process (plugins/request-pressure.ts, decision 046): the time with at least one request
// in flight, every request passing the front door counted, an open event stream not.

/** A response as far as the tracker sees it: something that closes once. */
const fakeResponse = () => new EventEmitter() as unknown as ServerResponse;

describe('request pressure', () => {
  it('counts the time with at least one request in flight, overlapping requests once', () => {
    const pressure = createRequestPressure();
    const first = fakeResponse();
    const second = fakeResponse();
    const start = performance.now();
    expect(pressure.busyMs(start)).toBe(0);
    pressure.track(first);
    pressure.track(second);
    // Tracked twice while in flight, it still ends with its one close.
    pressure.track(first);
    first.emit('close');
    // Still busy with the second: the time runs on.
    const during = pressure.busyMs(performance.now() + 50);
    expect(during).toBeGreaterThanOrEqual(50);
    second.emit('close');
    const total = pressure.busyMs();
    // Idle now: the total stays put, whenever it is read.
    expect(pressure.busyMs(performance.now() + 10_000)).toBe(total);
    expect(total).toBeLessThanOrEqual(performance.now() - start);
    // A close heard twice changes nothing.
    second.emit('close');
    expect(pressure.busyMs()).toBe(total);
  });

  it('stops counting a released request (an event stream), and its close later counts nothing', () => {
    const pressure = createRequestPressure();
    const stream = fakeResponse();
    pressure.track(stream);
    pressure.release(stream);
    const total = pressure.busyMs();
    expect(pressure.busyMs(performance.now() + 60_000)).toBe(total);
    stream.emit('close');
    expect(pressure.busyMs(performance.now() + 60_000)).toBe(total);
  });
});

describe('request pressure of a running app', () => {
  let subject: TestApp;
  let actors: Actors;
  let base: string;

  beforeAll(async () => {
    subject = await createTestApp();
    actors = await createActors(subject.database.db);
    base = await baseUrlOf(subject.app);
  });

  afterAll(async () => {
    await subject.dispose();
  });

  const busyMs = () => subject.app.frontDoor.pressure.busyMs();

  it('counts the requests that come over the socket, answered by a lane or by the pipeline', async () => {
    for (const path of ['/api/publications', '/api/publications', '/api/health']) {
      const before = busyMs();
      const response = await fetch(`${base}${path}`);
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      expect(busyMs()).toBeGreaterThan(before);
    }
  });

  it('does not count an open notifications stream as busy', async () => {
    const stream = await openStream(subject.app, actors.author.token);
    try {
      expect(stream.status).toBe(200);
      expect(await stream.nextUnread()).toBe(0);
      const before = busyMs();
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Nothing else ran: not a millisecond more of pressure while the stream stayed open.
      expect(busyMs()).toBe(before);
    } finally {
      stream.close();
    }
  });
});
