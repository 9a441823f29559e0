import { afterEach, describe, expect, it } from 'vitest';
import { ROUTE_NOT_FOUND_MESSAGE } from '../src/errors.ts';
import { jobQueueDepths } from '../src/modules/jobs/repository.ts';
import type { Mailer } from '../src/modules/mail/mailer.ts';
import { METRICS_UNAUTHORIZED_MESSAGE } from '../src/modules/metrics/routes.ts';
import { actor } from './helpers/publications.ts';
import { startPushService, type PushService } from './helpers/push-service.ts';
import { baseUrlOf } from './helpers/sse.ts';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.ts';

// Prometheus metrics at /metrics, behind METRICS_TOKEN (docs/decisions/030-…).

const TOKEN = 'metrics-token-of-the-test-0123456789';

/** The value of the sample `name{labels}` in a Prometheus text exposition (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match === null || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((label) => present.includes(label))) return Number(match[3]);
  }
  return 0;
}

describe('GET /metrics', () => {
  let subject: TestApp | undefined;
  let pushService: PushService | undefined;

  afterEach(async () => {
    await subject?.dispose();
    subject = undefined;
    await pushService?.close();
    pushService = undefined;
  });

  async function scrape(app: TestApp['app']): Promise<string> {
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    return response.body;
  }

  it('answers 404, as any unknown path, when METRICS_TOKEN is unset', async () => {
    subject = await createTestApp();
    const response = await subject.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, message: ROUTE_NOT_FOUND_MESSAGE });
  });

  it('answers 401 without the token or with a wrong one, and the metrics with it', async () => {
    subject = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      `Basic ${TOKEN}`,
    ]) {
      const response = await subject.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(response.json()).toMatchObject({ statusCode: 401, message: METRICS_UNAUTHORIZED_MESSAGE });
    }

    const response = await subject.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    // The process's own: event-loop delay, heap, resident memory.
    for (const name of ['nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(response.body).toContain(`# TYPE ${name} gauge`);
    }
    expect(sample(response.body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    const documented = await subject.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(documented.json().paths)).not.toContain('/metrics');
  });

  it('counts requests by route pattern and status, database queries and the list caches', async () => {
    subject = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const { app } = subject;
    const before = await scrape(app);
    const health = { method: 'GET', route: '/api/health', status_code: '200' };
    const missing = { method: 'GET', route: '/api/publication/:id', status_code: '404' };
    const cacheHits = { cache: 'list-answers', result: 'hit' };

    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const id = '0123456789abcdef01234567';
    expect((await app.inject({ method: 'GET', url: `/api/publication/${id}` })).statusCode).toBe(404);
    for (let time = 0; time < 2; time += 1) {
      expect((await app.inject({ method: 'GET', url: '/api/publications?page=1' })).statusCode).toBe(200);
    }

    const after = await scrape(app);
    expect(sample(after, 'eco_http_requests_total', health)).toBe(
      sample(before, 'eco_http_requests_total', health) + 1,
    );
    expect(sample(after, 'eco_http_request_duration_seconds_count', health)).toBeGreaterThan(0);
    expect(sample(after, 'eco_http_requests_total', missing)).toBe(1);
    // The pattern, never the raw URL.
    expect(after).not.toContain(id);
    expect(sample(after, 'eco_cache_lookups_total', cacheHits)).toBeGreaterThan(
      sample(before, 'eco_cache_lookups_total', cacheHits),
    );
    expect(
      sample(after, 'eco_db_query_duration_seconds_count', { pool: 'main', outcome: 'ok' }),
    ).toBeGreaterThan(sample(before, 'eco_db_query_duration_seconds_count', { pool: 'main', outcome: 'ok' }));
    if (testDialect === 'postgres') {
      expect(sample(after, 'eco_db_pool_max_connections', { pool: 'main' })).toBeGreaterThan(0);
      expect(after).toMatch(/^eco_db_pool_connections\{pool="reader",state="idle"\} \d+$/m);
    }
  });

  it('counts the answers the front door gives without the pipeline, under their route', async () => {
    subject = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const base = await baseUrlOf(subject.app);
    const list = { method: 'GET', route: '/api/publications', status_code: '200' };
    const before = sample(await scrape(subject.app), 'eco_http_requests_total', list);
    // The second is answered by the lane (the URL was answered before at the same version).
    for (let time = 0; time < 2; time += 1) {
      expect((await fetch(`${base}/api/publications?what=market`)).status).toBe(200);
    }
    expect(sample(await scrape(subject.app), 'eco_http_requests_total', list)).toBe(before + 2);
  });

  it("reports the job queue's depth by kind and state, and the pushes waiting", async () => {
    subject = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const { db } = subject.database;
    const now = Date.now();
    const at = (ms: number) => new Date(now + ms).toISOString();
    const job = (id: string, fields: { run_at: string; claim?: string; failed_at?: string }) => ({
      id,
      kind: 'metrics-probe',
      payload: '{}',
      created_at: at(0),
      claim: null,
      failed_at: null,
      ...fields,
    });
    // None is due now, so this app's worker leaves them as they are.
    await db
      .insertInto('jobs')
      .values([
        job('later-1', { run_at: at(3_600_000) }),
        job('later-2', { run_at: at(7_200_000) }),
        job('claimed', { run_at: at(300_000), claim: 'another-process' }),
        job('given-up', { run_at: at(-60_000), failed_at: at(-30_000) }),
      ])
      .execute();
    const text = await scrape(subject.app);
    const probe = (state: string) => sample(text, 'eco_jobs_queued', { kind: 'metrics-probe', state });
    expect([probe('scheduled'), probe('running'), probe('failed'), probe('due')]).toEqual([2, 1, 1, 0]);
    expect(text).toMatch(/^eco_pushes_queued 0$/m);
    // Two hours on, the scheduled ones are due, and so is the claim whose lease ended (a dead process's).
    const later = (await jobQueueDepths(db, new Date(now + 7_200_000))).filter(
      (depth) => depth.kind === 'metrics-probe',
    );
    expect(later).toEqual(
      expect.arrayContaining([
        { kind: 'metrics-probe', state: 'due', count: 3 },
        { kind: 'metrics-probe', state: 'failed', count: 1 },
      ]),
    );
    expect(later).toHaveLength(2);
  });

  it('counts pushes sent, expired and failed', async () => {
    pushService = await startPushService();
    subject = await createTestApp({ env: { METRICS_TOKEN: TOKEN, PUSH_ALLOW_LOOPBACK: 'on' } });
    const { app } = subject;
    const member = await actor(subject.database.db, 'metricas-push@example.com', 'Mora Métricas');
    const rater = await actor(subject.database.db, 'califica-metricas@example.com', 'Cali Métricas');
    for (const [name, status] of [
      ['metrics-ok', 201],
      ['metrics-gone', 410],
      ['metrics-down', 503],
    ] as const) {
      const device = pushService.device(name);
      pushService.answer(name, status);
      const response = await app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: member.headers,
        payload: { ...device.json, kinds: ['ratings'] },
      });
      expect(response.statusCode).toBe(201);
    }
    const outcomes = (text: string) =>
      ['sent', 'expired', 'failed'].map((outcome) => sample(text, 'eco_pushes_total', { outcome }));
    const before = outcomes(await scrape(app));
    const rated = await app.inject({
      method: 'POST',
      url: `/api/user/${member.id}/qualifications`,
      headers: rater.headers,
      payload: { rating: 5, comment: 'Muy amable' },
    });
    expect(rated.statusCode).toBe(201);
    await expect
      .poll(async () => outcomes(await scrape(app)).map((count, index) => count - before[index]!), {
        timeout: 20_000,
        interval: 100,
      })
      .toEqual([1, 1, 1]);
  });

  it('counts e-mails sent and failed', async () => {
    const mailer: Mailer = {
      send: async (message) => {
        if (message.to.startsWith('falla')) throw new Error('SMTP 421: try again later');
      },
      close: async () => undefined,
    };
    subject = await createTestApp({ env: { METRICS_TOKEN: TOKEN }, mailer });
    const signUp = (email: string) =>
      subject!.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: {
          name: 'Marta Gómez',
          email,
          password: 'reciclar-123',
          passwordConfirmation: 'reciclar-123',
        },
      });
    expect((await signUp('marta@example.com')).statusCode).toBe(201);
    expect((await signUp('falla@example.com')).statusCode).toBe(201);

    await expect
      .poll(async () => {
        const text = await scrape(subject!.app);
        return [
          sample(text, 'eco_emails_total', { outcome: 'sent' }),
          sample(text, 'eco_emails_total', { outcome: 'failed' }),
        ];
      })
      .toEqual([1, 1]);
  });
});
