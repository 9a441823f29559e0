import type { FastifyInstance } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/** Solves a challenge as the widget does and returns what the widget puts in the form's `captcha` field. */
export async function solvePayload(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (solution === null) throw new Error('The challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Fetches a challenge from the app and solves it. */
export async function solvedCaptcha(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/captcha/challenge' });
  if (response.statusCode !== 200) throw new Error(`No challenge: ${response.statusCode} ${response.body}`);
  return solvePayload(response.json<Challenge>());
}
