import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { completionsUrl, createLanguageModel } from '../src/modules/assistant/language-model.ts';
import { insertUser } from './helpers/accounts.ts';
import { captureLogs } from './helpers/log-capture.ts';
import { storePublication } from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// The optional language model's client against a loopback server that speaks the OpenAI chat-completions
// protocol: one that answers, one that is slow, one that fails, one that answers nothing usable.

type Mode = 'normal' | 'slow' | 'failing' | 'empty';
type Received = { path: string; authorization: string | undefined; body: Record<string, unknown> };

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function startModelServer(): Promise<{
  server: Server;
  url: string;
  mode: { value: Mode };
  received: Received[];
}> {
  const mode = { value: 'normal' as Mode };
  const received: Received[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const body = JSON.parse(await readBody(request)) as Record<string, unknown>;
      received.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
      if (mode.value === 'failing') {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'model crashed' } }));
        return;
      }
      if (mode.value === 'slow') await new Promise((resolve) => setTimeout(resolve, 1500));
      const content = mode.value === 'empty' ? '' : '¡Claro! Hay un punto de reciclaje de vidrio en Córdoba.';
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        }),
      );
    })();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}/v1`, mode, received });
    }),
  );
}

describe('assistant language model', () => {
  let model: Awaited<ReturnType<typeof startModelServer>>;
  let subject: TestApp;
  const logs = captureLogs('warn');

  beforeAll(async () => {
    model = await startModelServer();
    subject = await createTestApp({
      logger: logs.logger,
      env: {
        ASSISTANT_LLM_URL: model.url,
        ASSISTANT_LLM_MODEL: 'llama3.2:3b',
        ASSISTANT_LLM_KEY: 'sk-local',
      },
    });
    const author = await insertUser(subject.database.db, { email: 'autora@example.com' });
    await storePublication(subject.database.db, {
      typed: 'dots',
      title: 'Campana de vidrio en Alberdi',
      labels: ['Vidrios'],
      createdBy: author.id,
      createdAt: '2026-05-01T12:00:00.000Z',
      country: 'arg',
      province: 'cordoba',
      city: 'cba-city',
    });
  });

  afterAll(async () => {
    await subject.dispose();
    await new Promise((resolve) => model.server.close(resolve));
  });

  const ask = async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/io',
      payload: { interaction: 'donde reciclo vidrio en cordoba' },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ reply: { message: string; publications: { title: string }[] } }>().reply;
  };

  it('builds the chat-completions URL from a base URL', () => {
    expect(completionsUrl('http://localhost:11434/v1')).toBe('http://localhost:11434/v1/chat/completions');
    expect(completionsUrl('http://localhost:8000/v1/')).toBe('http://localhost:8000/v1/chat/completions');
    expect(completionsUrl('https://llm.example/v1/chat/completions')).toBe(
      'https://llm.example/v1/chat/completions',
    );
  });

  it('rephrases the reply from the facts; the cards still come from the engine', async () => {
    model.mode.value = 'normal';
    model.received.length = 0;
    const reply = await ask();
    expect(reply.message).toBe('¡Claro! Hay un punto de reciclaje de vidrio en Córdoba.');
    expect(reply.publications.map((publication) => publication.title)).toEqual([
      'Campana de vidrio en Alberdi',
    ]);
    const [request] = model.received;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.authorization).toBe('Bearer sk-local');
    expect(request?.body.model).toBe('llama3.2:3b');
    const prompt = JSON.stringify(request?.body.messages);
    expect(prompt).toContain('Encontré 1 punto de reciclaje de Vidrios en Córdoba.');
    expect(prompt).toContain('Campana de vidrio en Alberdi');
    expect(prompt).toContain('no inventes');
  });

  it('falls back to the template reply when the model fails or answers nothing', async () => {
    for (const mode of ['failing', 'empty'] as const) {
      model.mode.value = mode;
      const reply = await ask();
      expect(reply.message).toBe('Encontré 1 punto de reciclaje de Vidrios en Córdoba.');
      expect(reply.publications).toHaveLength(1);
    }
    expect(
      logs.entries.some((entry) => entry.msg === 'Assistant language model failed; template reply used'),
    ).toBe(true);
  });

  it('gives up on a slow model at its timeout', async () => {
    model.mode.value = 'slow';
    const client = createLanguageModel(
      { url: model.url, model: 'llama3.2:3b', key: undefined },
      captureLogs('silent').logger,
      200,
    );
    const started = performance.now();
    expect(await client.rephrase({ question: 'hola', draft: 'Hola', facts: [] })).toBeNull();
    expect(performance.now() - started).toBeLessThan(1200);
    model.mode.value = 'normal';
    expect(await client.rephrase({ question: 'hola', draft: 'Hola', facts: [] })).toBe(
      '¡Claro! Hay un punto de reciclaje de vidrio en Córdoba.',
    );
    expect(model.received.at(-1)?.authorization).toBeUndefined();
  });
});

describe('assistant settings', () => {
  it('reads the language model and the attempt limit from the environment', () => {
    expect(loadConfig({}).assistant).toEqual({ rateLimitMax: 30, languageModel: undefined });
    expect(
      loadConfig({
        ASSISTANT_LLM_URL: 'http://127.0.0.1:11434/v1',
        ASSISTANT_LLM_MODEL: 'llama3.2:3b',
        ASSISTANT_RATE_LIMIT_MAX: '5',
      }).assistant,
    ).toEqual({
      rateLimitMax: 5,
      languageModel: { url: 'http://127.0.0.1:11434/v1', model: 'llama3.2:3b', key: undefined },
    });
  });

  it('refuses a language model URL without a model, and a URL that is not one', () => {
    expect(() => loadConfig({ ASSISTANT_LLM_URL: 'http://127.0.0.1:11434/v1' })).toThrow(
      /ASSISTANT_LLM_MODEL/,
    );
    expect(() => loadConfig({ ASSISTANT_LLM_URL: 'ollama', ASSISTANT_LLM_MODEL: 'x' })).toThrow(
      /ASSISTANT_LLM_URL/,
    );
  });
});
