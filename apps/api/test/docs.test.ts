import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

describe('API description', () => {
  let subject: TestApp;

  beforeAll(async () => {
    subject = await createTestApp();
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('serves the docs page as HTML at /api/docs', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/docs' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('swagger-ui');
  });

  it('describes every API operation, and neither the catch-alls nor the media files', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = response.json<{
      openapi: string;
      info: { title: string };
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();

    expect(response.statusCode).toBe(200);
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe('API de EcoAnuncios');
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [
        'GET /api/health',
        'GET /api/ready',
        'POST /api/signup',
        'POST /api/signup/resend',
        'POST /api/signup/{token}/activation',
        'POST /api/signin',
        'POST /api/signout',
        'POST /api/reset',
        'GET /api/reset/{token}',
        'PUT /api/reset/{resetToken}/password',
        'GET /api/me',
        'PUT /api/me',
        'DELETE /api/me',
        'GET /api/me/export',
        'GET /api/user/{id}',
        'GET /api/users',
        'PUT /api/users/{id}',
        'POST /api/media',
        'GET /api/publications',
        'POST /api/publications',
        'GET /api/publications/map',
        'GET /api/my-publications',
        'GET /api/publication/{id}',
        'PUT /api/publication/{id}',
        'DELETE /api/publication/{id}',
        'GET /api/publication/{id}/calendar.ics',
        'GET /api/publications/days',
        'GET /api/calendar.ics',
        'GET /api/calendar/{secret}.ics',
        'GET /api/places/search',
        'GET /api/me/calendar-feed',
        'POST /api/me/calendar-feed',
        'DELETE /api/me/calendar-feed',
        'GET /api/captcha',
        'GET /api/captcha/challenge',
        'POST /api/reports',
        'GET /api/moderation/queue',
        'GET /api/moderation/reports',
        'GET /api/moderation/log',
        'GET /api/moderation/suspended',
        'POST /api/moderation/publications/{id}/publish',
        'POST /api/moderation/publications/{id}/review',
        'POST /api/moderation/publications/{id}/unpublish',
        'POST /api/moderation/reports/dismiss',
        'POST /api/moderation/users/{id}/suspend',
        'POST /api/moderation/users/{id}/reinstate',
        'GET /api/user/{toUserId}/my-qualification',
        'POST /api/user/{toUserId}/qualifications',
        'PUT /api/user/{toUserId}/qualification',
        'GET /api/user/{id}/qualifications',
        'GET /api/notifications',
        'GET /api/notifications/stream',
        'PUT /api/notification/{id}',
        'DELETE /api/notification/{id}',
        'POST /api/unsubscribe/{token}',
        'POST /api/io',
        'GET /api/seller/authorization',
        'POST /api/seller/credentials',
        'DELETE /api/seller/credentials',
        'GET /api/publication/{id}/purchase',
        'POST /api/orders',
        'GET /api/orders/{id}',
        'POST /api/payments/webhook',
        'GET /api/sales',
        'GET /api/shopping',
        'POST /api/contacts',
        'GET /api/sales/contacts',
        'GET /api/shopping/contacts',
        'PUT /api/publication/{id}/favorite',
        'DELETE /api/publication/{id}/favorite',
        'GET /api/favorites',
        'GET /api/favorites/among',
        'GET /api/push/key',
        'GET /api/push/subscriptions',
        'POST /api/push/subscriptions',
        'DELETE /api/push/subscriptions',
        // "Me interesa" (branch interest, decision 036).
        'PUT /api/publication/{id}/interest',
        'DELETE /api/publication/{id}/interest',
        'GET /api/publication/{id}/interested',
        'GET /api/interests',
        'GET /api/interests/among',
        'POST /api/searches',
        'GET /api/searches',
        'PUT /api/search/{id}',
        'DELETE /api/search/{id}',
      ].sort(),
    );
    expect(Object.keys(document.paths['/api/health']?.get?.responses ?? {}).sort()).toEqual(['200', '503']);
    expect(Object.keys(document.paths['/api/signin']?.post?.responses ?? {}).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '429',
    ]);
    const listing = document.paths['/api/publications']?.get as
      { parameters?: { name: string; in: string }[]; responses: Record<string, unknown> } | undefined;
    expect(
      listing?.parameters
        ?.filter((parameter) => parameter.in === 'query')
        .map((p) => p.name)
        .sort(),
    ).toEqual([
      'author',
      'bbox',
      'city',
      'country',
      'from',
      'labels',
      'near',
      'open',
      'page',
      'pageSize',
      'past',
      'province',
      'status',
      'term',
      'to',
      'typed',
      'when',
    ]);
    // The agenda's parameters say what they take.
    const agenda = Object.fromEntries(
      (listing?.parameters as { name: string; schema?: Record<string, unknown> }[] | undefined)?.map((p) => [
        p.name,
        p.schema,
      ]) ?? [],
    );
    expect(agenda.when).toMatchObject({ enum: ['today', 'weekend', 'week', 'month'] });
    expect(agenda.from).toMatchObject({ type: 'string', format: 'date' });
    expect(agenda.past).toMatchObject({ type: 'string' });
    expect(Object.keys(document.paths['/api/publication/{id}']?.put?.responses ?? {}).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
    ]);
  });
});
