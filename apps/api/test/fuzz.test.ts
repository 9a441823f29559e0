import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/modules/sessions/service.ts';
import { insertUser } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import {
  bytesOf,
  isSpanishMessage,
  pick,
  readCorpus,
  seededRandom,
  textOf,
  valueOf,
  type CorpusEntry,
} from './fuzz/corpus.ts';

// Drives every operation of the API description (so every new route is fuzzed as soon as it is documented) with the
// corpus of malformed input. Each answer must be below 500; a 4xx must carry a Spanish message; the cases that break
// the body of a route that requires one must be refused (4xx). FUZZ_SEED picks other cases; FUZZ_CASES widens them.

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const CASES_PER_OPERATION = Number(process.env.FUZZ_CASES ?? 24);

type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[] };
type Operation = {
  method: string;
  path: string;
  parameters: { in: string; name: string }[];
  body: { contentType: string; schema: Schema } | undefined;
};
type Case = {
  name: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  /** A body the route must refuse. */
  mustRefuse: boolean;
};

function operationsOf(document: unknown): Operation[] {
  const paths = (document as { paths: Record<string, Record<string, unknown>> }).paths;
  const operations: Operation[] = [];
  for (const [route, methods] of Object.entries(paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const operation = raw as {
        parameters?: { in: string; name: string }[];
        requestBody?: { content: Record<string, { schema: Schema }> };
      };
      const [contentType, content] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      operations.push({
        method: method.toUpperCase(),
        path: route,
        parameters: operation.parameters ?? [],
        body: contentType === undefined ? undefined : { contentType, schema: content!.schema },
      });
    }
  }
  return operations;
}

function casesOf(operation: Operation, random: () => number): Case[] {
  const ids = readCorpus('ids');
  const strings = readCorpus('strings');
  const values = readCorpus('values');
  const pathParams = operation.parameters.filter((parameter) => parameter.in === 'path');
  const hasQuery = operation.parameters.some((parameter) => parameter.in === 'query');
  const fill = (id: string) => operation.path.replace(/\{[^}]+\}/g, id);
  const url = fill('no-existe');
  const cases: Case[] = [];

  for (const id of pick(ids, pathParams.length > 0 ? ids.length : 0, random)) {
    cases.push({ name: `id ${id.name}`, url: fill(textOf(id)), mustRefuse: false });
  }
  if (hasQuery) {
    for (const query of readCorpus('queries')) {
      cases.push({ name: `query ${query.name}`, url: `${url}?${textOf(query)}`, mustRefuse: false });
    }
  }
  if (operation.body === undefined) return cases;

  // A field of the wrong kind may still be acceptable (null for a nullable field, any text for free text): those
  // cases only have to stay below 500. Broken bodies must be refused.
  const json = (name: string, body: unknown, mustRefuse = false): Case => ({
    name,
    url,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    mustRefuse,
  });
  const required = operation.body.schema.required ?? [];
  const fields = Object.entries(operation.body.schema.properties ?? {});
  const bodyCases: Case[] = [
    json('missing every field', {}, required.length > 0),
    json('only extra fields', { extra: 'x', isSuperUser: true, _id: 'otro' }, required.length > 0),
    json('array for the body', [{}], true),
    json('array of strings for every field', Object.fromEntries(fields.map(([key]) => [key, ['a', 'b']]))),
  ];
  for (const [key] of fields) {
    for (const entry of [...values, ...strings]) {
      bodyCases.push(json(`${key} = ${entry.name}`, { [key]: valueOf(entry) }));
    }
  }
  cases.push(...pick(bodyCases, CASES_PER_OPERATION, random));
  for (const entry of readCorpus('bodies')) cases.push(rawBody(url, entry));
  return cases;
}

function rawBody(url: string, entry: CorpusEntry): Case {
  return {
    name: `body ${entry.name}`,
    url,
    headers: { 'content-type': entry.contentType ?? 'application/json' },
    payload: bytesOf(entry),
    mustRefuse: true,
  };
}

describe('fuzz: every API route with malformed input', { timeout: 300_000 }, () => {
  let subject: TestApp;
  let userId: string;

  beforeAll(async () => {
    subject = await createTestApp();
    // A super user gets past every authorization check, so the input itself is what is judged.
    userId = (await insertUser(subject.database.db, { email: 'fuzz@example.com', isSuperUser: true })).id;
    await subject.app.ready();
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('answers every case below 500, 4xx in Spanish, and stays alive', async () => {
    const random = seededRandom(SEED);
    const operations = operationsOf(subject.app.swagger());
    expect(operations.length).toBeGreaterThan(15);
    const problems: string[] = [];
    let total = 0;
    const statuses = new Map<number, number>();

    for (const operation of operations) {
      for (const fuzzCase of casesOf(operation, random)) {
        total += 1;
        // A fresh session each time: a case may end it (sign-out) and the next must still be signed in.
        const { token } = await createSession(subject.database.db, userId, 3_600_000);
        let response: LightMyRequestResponse;
        try {
          response = await subject.app.inject({
            method: operation.method as 'GET',
            url: fuzzCase.url,
            headers: { ...fuzzCase.headers, authorization: `Bearer ${token}` },
            payload: fuzzCase.payload,
          });
        } catch (error) {
          problems.push(`${operation.method} ${operation.path} [${fuzzCase.name}]: threw ${String(error)}`);
          continue;
        }
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const where = `${operation.method} ${operation.path} [${fuzzCase.name}] → ${response.statusCode}`;
        if (response.statusCode >= 500) {
          problems.push(`${where}: ${response.body.slice(0, 200)}`);
        } else if (response.statusCode >= 400) {
          let message: unknown;
          try {
            message = response.json<{ message?: unknown }>().message;
          } catch {
            message = undefined;
          }
          if (!isSpanishMessage(message))
            problems.push(`${where}: not a Spanish message: ${response.body.slice(0, 200)}`);
        } else if (fuzzCase.mustRefuse) {
          problems.push(`${where}: a malformed body was accepted`);
        }
      }
      const health = await subject.app.inject({ method: 'GET', url: '/api/health' });
      if (health.statusCode !== 200)
        problems.push(`after ${operation.method} ${operation.path}: health ${health.statusCode}`);
    }

    const histogram = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
    process.stdout.write(
      `fuzz: ${total} cases on ${operations.length} operations (FUZZ_SEED=${SEED}): ${histogram.join(' ')}\n`,
    );
    expect(problems, `FUZZ_SEED=${SEED}`).toEqual([]);
  });

  it('refuses a NUL character in an id, a query or a body the same way on both dialects', async () => {
    const { token } = await createSession(subject.database.db, userId, 3_600_000);
    const headers = { authorization: `Bearer ${token}` };
    const expected = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'La solicitud contiene caracteres no válidos',
    };
    for (const request of [
      { method: 'GET' as const, url: '/api/publication/%00' },
      { method: 'GET' as const, url: '/api/users?term=a%00b' },
      { method: 'PUT' as const, url: '/api/me', payload: { paymentDetails: 'alias\u0000cbu' } },
    ]) {
      const response = await subject.app.inject({ ...request, headers });
      expect(response.json(), request.url).toEqual(expected);
    }
  });
});
