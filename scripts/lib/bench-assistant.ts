import { HUMAN_GRANT_LIFETIME_MS } from '@eco/domain';
import { signHumanGrant } from '../../apps/api/src/modules/assistant/human-grant.ts';
import type { CaseProvider } from './bench-cases.ts';

// The POST /api/io case of `npm run bench:api`: the assistant without a language model, over the benchmark's
// generated publications. Questions as people type them, replayed over the connections: a recycling point for a
// material in a province, events of a weekend in a city, a course on a subject, a material given away, a FAQ
// question and one that names nothing the catalogue has (the widest search: every fallback step runs). Asked as a
// guest in the middle of a conversation: with the human grant of an earlier solved captcha (one HMAC per message).

const BENCH_SECRET_KEY = 'benchmark-assistant-secret-key-of-at-least-thirty-two-characters';

export const ASSISTANT_QUESTIONS: readonly string[] = [
  'donde reciclo vidrio en cordoba',
  'hay talleres este finde en caba?',
  'busco curso de huerta en medellin',
  'quiero regalar botellas',
  'como publico un anuncio',
  'alguien regala cajas de carton en tucuman',
  'punto verde para latas en mendoza',
  'eventos la semana que viene en la plata',
];

/**
 * Everyday questions (issue 28): things no label names, so the topic's alternatives run after the search as asked
 * finds nothing; 'gratis' reads a wider page; the last one names nothing the catalogue has.
 */
export const EVERYDAY_ASSISTANT_QUESTIONS: readonly string[] = [
  'tengo una heladera vieja que no anda, que hago',
  'que hago con las pilas',
  'hay algo gratis en la plata?',
  'que hago con la yerba usada',
  'donde tiro los remedios vencidos en cordoba',
  'donde tiro el aceite de cocina usado en mendoza',
  'necesito frascos de vidrio en tucuman',
  'donde dejo cubiertas viejas del auto',
];

/** Server settings the case needs: the per-address limit far above what the load sends; the grants' secret. */
export const ASSISTANT_BENCH_ENV: Readonly<Record<string, string>> = {
  ASSISTANT_RATE_LIMIT_MAX: '100000000',
  SECRET_KEY: BENCH_SECRET_KEY,
};

export const assistantCases: CaseProvider = () => {
  const humanToken = signHumanGrant(BENCH_SECRET_KEY, new Date(Date.now() + HUMAN_GRANT_LIFETIME_MS));
  return [
    {
      name: 'assistant POST /api/io',
      group: 'api',
      requests: ASSISTANT_QUESTIONS.map((question) => ({
        method: 'POST' as const,
        path: '/api/io',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ interaction: question, humanToken }),
      })),
    },
    {
      name: 'assistant everyday POST /api/io',
      group: 'api',
      requests: EVERYDAY_ASSISTANT_QUESTIONS.map((question) => ({
        method: 'POST' as const,
        path: '/api/io',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ interaction: question, humanToken }),
      })),
    },
  ];
};
