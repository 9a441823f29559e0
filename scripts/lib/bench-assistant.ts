import type { CaseProvider } from './bench-cases.ts';

// The POST /api/io case of `npm run bench:api`: the assistant without a language model, over the benchmark's
// generated publications. Questions as people type them, replayed over the connections: a recycling point for a
// material in a province, events of a weekend in a city, a course on a subject, a material given away, a FAQ
// question and one that names nothing the catalogue has (the widest search: every fallback step runs).

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

/** Server settings the case needs: the per-address limit far above what the load sends. */
export const ASSISTANT_BENCH_ENV: Readonly<Record<string, string>> = {
  ASSISTANT_RATE_LIMIT_MAX: '100000000',
};

export const assistantCases: CaseProvider = () => [
  {
    name: 'assistant POST /api/io',
    group: 'api',
    requests: ASSISTANT_QUESTIONS.map((question) => ({
      method: 'POST' as const,
      path: '/api/io',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ interaction: question }),
    })),
  },
];
