import autocannon from 'autocannon';

// The POST /api/io case of `npm run bench:api`: the assistant without a language model, over the benchmark's
// generated publications. Questions as people type them, cycled over the connections: a recycling point for a
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

export type AssistantBenchRow = {
  case: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  matches: number | string;
  failures: number;
};

async function ask(baseUrl: string, question: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/io`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ interaction: question }),
  });
  const body = (await response.json()) as { reply?: { publications?: unknown[] } };
  if (!response.ok || !Array.isArray(body.reply?.publications)) {
    throw new Error(`POST /api/io answered ${response.status}: ${JSON.stringify(body).slice(0, 200)}`);
  }
  return body.reply.publications.length;
}

async function load(baseUrl: string, seconds: number, connections: number) {
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    requests: ASSISTANT_QUESTIONS.map((question) => ({
      method: 'POST' as const,
      path: '/api/io',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ interaction: question }),
    })),
  });
  return result;
}

/** Checks every question once (cards shown per question as `matches`), then measures the mix. */
export async function benchAssistant(
  label: string,
  baseUrl: string,
  {
    warmupSeconds,
    durationSeconds,
    connections,
  }: { warmupSeconds: number; durationSeconds: number; connections: number },
): Promise<AssistantBenchRow> {
  const cards: number[] = [];
  for (const question of ASSISTANT_QUESTIONS) cards.push(await ask(baseUrl, question));
  process.stdout.write(`  ${label}: warm-up ${warmupSeconds} s, then ${durationSeconds} s… `);
  await load(baseUrl, warmupSeconds, connections);
  await ask(baseUrl, ASSISTANT_QUESTIONS[0] ?? 'hola');
  const result = await load(baseUrl, durationSeconds, connections);
  await ask(baseUrl, ASSISTANT_QUESTIONS[0] ?? 'hola');
  process.stdout.write(`${Math.round(result.requests.average)} req/s\n`);
  return {
    case: label,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    matches: `cards ${cards.join('/')}`,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
