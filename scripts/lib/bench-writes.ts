import type { CaseContext } from './bench-cases.ts';
import type { LoadResult } from './load-test.ts';

/** Pause between two writes of the writer: a busy marketplace, not a bulk import. */
const PAUSE_MS = 100;

function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] as number;
}

/**
 * A super user's writes for `seconds`, one at a time: create a publication held back (status 0), then publish it,
 * as moderation does. Each write's latency counts; every write changes the list, so the readers' remembered
 * counts are recomputed after it.
 */
export async function measureWrites(context: CaseContext, seconds: number): Promise<LoadResult> {
  const headers = { ...context.superUserHeaders, 'content-type': 'application/json' };
  const latencies: number[] = [];
  let failures = 0;
  const deadline = performance.now() + seconds * 1000;
  for (let index = 0; performance.now() < deadline; index += 1) {
    const form = {
      typed: 'market',
      title: `Frascos de vidrio reutilizables ${index}`,
      description: 'Frascos limpios con tapa, ideales para conservas y compras a granel.',
      files: [{ url: `/media/uploads/${context.superUserId}/bench-${index}.webp` }],
      locationCountry: 'arg',
      locationProvince: 'cordoba',
      locationCity: 'cba-city',
      quantity: 12,
      price: 1500,
      status: 0,
    };
    let started = performance.now();
    const created = await fetch(`${context.url}/api/publications`, {
      method: 'POST',
      headers,
      body: JSON.stringify(form),
    });
    latencies.push(performance.now() - started);
    const answer = (await created.json()) as { publication?: { _id: string } };
    if (created.status !== 201 || answer.publication === undefined) {
      failures += 1;
      continue;
    }
    started = performance.now();
    const published = await fetch(`${context.url}/api/publication/${answer.publication._id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ status: 1 }),
    });
    await published.arrayBuffer();
    latencies.push(performance.now() - started);
    if (!published.ok) failures += 1;
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    requestsPerSecond: Math.round(latencies.length / seconds),
    p50Ms: round(percentile(sorted, 0.5)),
    p99Ms: round(percentile(sorted, 0.99)),
    maxMs: round(sorted.at(-1) ?? 0),
    failures,
  };
}
