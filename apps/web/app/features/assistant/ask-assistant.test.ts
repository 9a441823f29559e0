import { HUMAN_CHECK_REQUIRED } from '@eco/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaptchaHandle } from '../captcha/CaptchaField';
import { askAssistant } from './ask-assistant';
import { currentHumanGrant, saveHumanGrant } from './human-grant-store';

// A guest's side of the assistant's human check, against answers shaped like POST /api/io's (decision 017): the
// network is a recorded list of answers, the captcha a handle that hands out numbered solutions.

const REPLY = { text: 'Encontré 2 anuncios' };
const GRANT = `v1.${Math.floor(Date.now() / 1000) + 1800}.abc.def`;
const REFUSED = {
  statusCode: 400,
  error: 'Bad Request',
  message: 'Completa la verificación de que eres una persona.',
  code: HUMAN_CHECK_REQUIRED,
};

let sent: Record<string, unknown>[] = [];

function answersInOrder(...answers: [number, unknown][]): void {
  const queue = [...answers];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      const [status, body] = queue.shift() ?? [500, {}];
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

function numberedCaptcha(): CaptchaHandle & { resets: number } {
  let solutions = 0;
  const handle = {
    resets: 0,
    token: async () => `solution-${++solutions}`,
    reset: () => void (handle.resets += 1),
  };
  return handle;
}

describe('askAssistant for a guest', () => {
  beforeEach(() => {
    sent = [];
    saveHumanGrant(null);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the first message with a solution and keeps the grant it earns for the next', async () => {
    const captcha = numberedCaptcha();
    answersInOrder([200, { reply: REPLY, humanToken: GRANT }], [200, { reply: REPLY }]);
    expect(await askAssistant('¿dónde reciclo vidrio?', { captcha })).toEqual(REPLY);
    expect(currentHumanGrant()).toBe(GRANT);
    await askAssistant('¿y papel?', { captcha });
    expect(sent).toEqual([
      { interaction: '¿dónde reciclo vidrio?', captcha: 'solution-1' },
      { interaction: '¿y papel?', humanToken: GRANT },
    ]);
  });

  it('solves again once when the first solution is refused, instead of showing a check the guest never sees', async () => {
    const captcha = numberedCaptcha();
    answersInOrder([400, REFUSED], [200, { reply: REPLY, humanToken: GRANT }]);
    expect(await askAssistant('hola', { captcha })).toEqual(REPLY);
    expect(sent).toEqual([
      { interaction: 'hola', captcha: 'solution-1' },
      { interaction: 'hola', captcha: 'solution-2' },
    ]);
    expect(captcha.resets).toBe(2);
  });

  it('says why when the second solution is refused too, without trying forever', async () => {
    answersInOrder([400, REFUSED], [400, REFUSED], [200, { reply: REPLY }]);
    await expect(askAssistant('hola', { captcha: numberedCaptcha() })).rejects.toThrow(REFUSED.message);
    expect(sent).toHaveLength(2);
  });

  it('does not retry other errors', async () => {
    answersInOrder([429, { statusCode: 429, error: 'Too Many Requests', message: 'Demasiados intentos.' }]);
    await expect(askAssistant('hola', { captcha: numberedCaptcha() })).rejects.toThrow(
      'Demasiados intentos.',
    );
    expect(sent).toHaveLength(1);
  });
});

describe('askAssistant for a member', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the message alone', async () => {
    sent = [];
    answersInOrder([200, { reply: REPLY }]);
    expect(await askAssistant('hola', null)).toEqual(REPLY);
    expect(sent).toEqual([{ interaction: 'hola' }]);
  });
});
